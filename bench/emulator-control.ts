import type { RunningEmulator } from "../emulator/server";
import { control } from "../test/support/emulator";

/** A control-plane call whose failure stops the benchmark: its set-up cannot be half done. */
export async function controlOk<T>(
  em: RunningEmulator,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await control<T>(em, method, path, body);
  if (res.status >= 300)
    throw new Error(`benchmark set-up failed: control plane ${method} ${path} answered ${res.status}`);
  return res.body;
}
