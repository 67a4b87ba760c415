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

/** Where a control plane answers: an emulator of this process, or one started as a command. */
type ControlTarget = Pick<RunningEmulator, "controlUrl">;

/** One call to the control plane (`/_emulator/…`), whatever its status. */
export async function control<T = Json>(
  em: ControlTarget,
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

/**
 * A control-plane call that is set-up, not the subject of the test: its body, or a throw naming
 * the call and its answer when the status is not 2xx.
 */
export async function controlOk<T = Json>(
  em: ControlTarget,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await control<T>(em, method, path, body);
  if (res.status >= 300) {
    throw new Error(`control plane ${method} ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
  }
  return res.body;
}
