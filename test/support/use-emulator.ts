/**
 * A suite's emulator as one line: `const em = useEmulator(options, prepare)` at the top of a file
 * or a `describe` starts the emulator in a `beforeAll` (registered first, so the suite's own hooks
 * may use it), runs `prepare` on it (the clock, the tokens the scenario needs) and closes it after
 * the suite's tests. `em` stands for the running emulator from that `beforeAll` on.
 */
import { afterAll, beforeAll } from "vitest";
import type { EmulatorOptions, RunningEmulator } from "../../emulator/server";
import { startTestEmulator } from "./emulator";

export function useEmulator(
  options: EmulatorOptions = {},
  prepare: (em: RunningEmulator) => Promise<unknown> = async () => {},
): RunningEmulator {
  let started: RunningEmulator | undefined;
  beforeAll(async () => {
    started = await startTestEmulator(options);
    await prepare(started);
  });
  afterAll(() => started?.close());
  // A stand-in read through to the emulator once started, so a suite names it as a constant.
  return new Proxy({} as RunningEmulator, {
    get(_, key) {
      if (!started)
        throw new Error("the suite's emulator starts in its beforeAll: read it in a hook or a test");
      return Reflect.get(started, key);
    },
  });
}
