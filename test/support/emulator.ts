import { type EmulatorOptions, type RunningEmulator, startEmulator } from "../../emulator/server";

/** The emulator on an ephemeral port, for one test file or suite. */
export function startTestEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  return startEmulator({ port: 0, webhookTimeoutMs: 2000, ...options });
}

// biome-ignore lint/suspicious/noExplicitAny: response bodies are asserted structurally in tests
export type Json = any;

export interface Res<T = Json> {
  status: number;
  body: T;
  headers: Headers;
}

/** One call to the control plane (`/_emulator/…`), whatever its status. */
export async function control<T = Json>(
  em: Pick<RunningEmulator, "controlUrl">,
  method: string,
  path: string,
  body?: unknown,
): Promise<Res<T>> {
  const res = await fetch(em.controlUrl + path, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T, headers: res.headers };
}

/** One call to the control plane that must succeed: its body, or an error naming the call. */
export async function controlOk<T = Json>(
  em: Pick<RunningEmulator, "controlUrl">,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await control<T>(em, method, path, body);
  if (res.status >= 300)
    throw new Error(`${method} /_emulator${path} → ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}
