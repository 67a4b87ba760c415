/**
 * The emulator a runtime suite runs provider contexts against, and the accounts on it. The
 * environment's STRATEGY_ALERTS_* credentials take precedence over a context's own configuration,
 * so the suite runs with them cleared (each context then speaks for the key it is given) and
 * restores them after.
 */
import { afterAll, afterEach, beforeAll, beforeEach, vi } from "vitest";
import type { EmulatorOptions, RunningEmulator } from "../../emulator/server";
import { API_KEY_ENV, BASE_URL_ENV } from "../../provider/credentials";
import type { RuntimeContext } from "../../provider/runtime/context";
import { controlOk } from "./emulator";
import { contextOn } from "./runtime-context";
import { useEmulator } from "./use-emulator";

export function useRuntimeEmulator(options: EmulatorOptions = {}): RunningEmulator {
  const saved = { ...process.env };
  beforeAll(() => {
    delete process.env[API_KEY_ENV];
    delete process.env[BASE_URL_ENV];
  });
  afterAll(() => {
    process.env = saved;
  });
  return useEmulator(options);
}

export interface Account {
  userId: string;
  apiKey: string;
  /** One provider context (one stack's run) with the account's key. */
  ctx: RuntimeContext;
}

/**
 * A new account on the emulator, with a request rate no test reaches unless `limits` names one;
 * `limits` holds the plan's other limits the scenario needs (a total, an active limit).
 */
export async function newAccount(
  em: RunningEmulator,
  plan: "PRO" | "DEGEN" = "PRO",
  limits: Record<string, number | null> = {},
): Promise<Account> {
  const { userId, apiKey } = await controlOk<{ userId: string; apiKey: string }>(em, "POST", "/users", {
    plan,
    limits: { requestsPerMinute: 100_000, ...limits },
  });
  return { userId, apiKey, ctx: contextOn(em.baseUrl, apiKey) };
}

/**
 * A new account before each test of the suite, as several stacks share it: `stack()` is a new
 * provider context on it (one more stack, or one more run); `stderr` holds what the provider wrote
 * to the console during the test (its warnings), instead of the test output.
 */
export function useAccountPerTest(em: RunningEmulator, plan: "PRO" | "DEGEN" = "PRO") {
  let current: Account | undefined;
  const stderr: string[] = [];
  beforeEach(async () => {
    current = await newAccount(em, plan);
    stderr.length = 0;
    vi.spyOn(console, "error").mockImplementation((line: unknown) => {
      stderr.push(String(line));
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  const account = (): Account => {
    if (!current) throw new Error("the account is made in a beforeEach: read it in a test");
    return current;
  };
  return { account, stack: () => contextOn(em.baseUrl, account().apiKey), stderr };
}
