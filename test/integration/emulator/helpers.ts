import type { RunningEmulator } from "../../../emulator/server";
import { controlOk, type Json, type Res } from "../../support/emulator";
import { sampleStrategy } from "../../support/strategy";

export { control, type Json, type Res, startTestEmulator } from "../../support/emulator";

/** Minimal HTTP driver over plain fetch, so the tests read like the spec's tables. */
export class Api {
  constructor(
    readonly em: RunningEmulator,
    readonly key?: string,
  ) {}

  as(key: string | undefined): Api {
    return new Api(this.em, key);
  }

  async call<T = Json>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Res<T>> {
    const h: Record<string, string> = { ...headers };
    if (this.key !== undefined && !("x-api-key" in h) && !("authorization" in h)) h["x-api-key"] = this.key;
    let payload: string | undefined;
    if (body !== undefined) {
      payload = typeof body === "string" ? body : JSON.stringify(body);
      h["content-type"] ??= "application/json";
    }
    const res = await fetch(this.em.baseUrl + path, { method, headers: h, body: payload });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text === "" ? undefined : JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  get = <T = Json>(path: string, headers?: Record<string, string>) =>
    this.call<T>("GET", path, undefined, headers);
  post = <T = Json>(path: string, body?: unknown) => this.call<T>("POST", path, body);
  put = <T = Json>(path: string, body?: unknown) => this.call<T>("PUT", path, body);
  patch = <T = Json>(path: string, body?: unknown) => this.call<T>("PATCH", path, body);
  del = <T = Json>(path: string) => this.call<T>("DELETE", path);
}

export interface NewUserOptions {
  plan?: "PRO" | "DEGEN";
  subscriptionActive?: boolean;
  apiKey?: string;
  limits?: Record<string, number | null>;
}

export async function newUser(
  em: RunningEmulator,
  opts: NewUserOptions = {},
): Promise<Api & { userId: string }> {
  const user = await controlOk<{ userId: string; apiKey: string }>(em, "POST", "/users", {
    plan: "PRO",
    ...opts,
  });
  return Object.assign(new Api(em, user.apiKey), { userId: user.userId });
}

/** A valid create body (service-api.md#strategy-input) to vary from; overrides may be invalid on purpose. */
export function strategyBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...sampleStrategy({ description: "test strategy" }), ...overrides };
}
