import type { RunningEmulator } from "../../emulator/server";
import { controlOk } from "./emulator";
import { sampleStrategy } from "./strategy";
import { addr, token } from "./tokens";

/**
 * One user who runs the emulator's most expensive queries without pause, beside whom another
 * user must still be answered: the emulator is one process, so a query that blocks it stalls
 * every user. The integration suite checks both are answered; `npm run bench` times the other
 * user (emulator.meUnderAttack).
 */

/** Queries that cost the emulator the most: many `%` in an address search, due backtests. */
const WORST_QUERIES = [
  `/strategy-evaluations?pageSize=100&sortBy=tokenAddress&address=${encodeURIComponent("%W%c%1%1%1%1%1%1%1%1%1%1%1%1%1%Z")}`,
  `/strategy-evaluations?pageSize=100&address=${encodeURIComponent("%".repeat(100) + "x".repeat(100))}`,
  "/backtests",
  `/strategy-evaluations?pageSize=100&sortBy=liquidity&address=${encodeURIComponent("%a".repeat(99))}`,
];

/** Limits out of the way: the scenario measures work, not rate limiting. */
export const UNLIMITED = { requestsPerMinute: 1_000_000, active: 1_000 };

/** One API call of the scenario; its status and parsed body. */
export async function apiCall(
  em: RunningEmulator,
  apiKey: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const res = await fetch(em.baseUrl + path, {
    method,
    headers: { "x-api-key": apiKey, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

async function setUp(em: RunningEmulator, apiKey: string, method: string, path: string, body?: unknown) {
  const res = await apiCall(em, apiKey, method, path, body);
  if (res.status >= 300) throw new Error(`set-up ${method} ${path} answered ${res.status}`);
  return res.body as { strategies: { id: string }[] };
}

/**
 * A user with the data that makes queries expensive: 10 active strategies that evaluated 60
 * tokens, and 20 backtests due (so a GET /backtests that ran due jobs would run them all).
 */
export async function noisyAccount(em: RunningEmulator): Promise<string> {
  const { apiKey } = await controlOk<{ apiKey: string }>(em, "POST", "/users", {
    plan: "DEGEN",
    limits: { ...UNLIMITED, backtestsPerDay: null },
  });
  for (let i = 0; i < 10; i++)
    await setUp(em, apiKey, "POST", "/strategies", sampleStrategy({ name: `Noisy ${i}`, isActive: true }));
  const tokens = Array.from({ length: 60 }, (_, i) => token(addr(`Wc${i}x`)));
  await controlOk(em, "POST", "/tokens", { tokens });
  for (const t of tokens)
    await controlOk(em, "POST", "/events", { eventType: "new_token_created", tokenAddress: t.address });
  const [strategy] = (await setUp(em, apiKey, "GET", "/strategies")).strategies;
  const now = Date.now();
  for (let i = 0; i < 20; i++) {
    await setUp(em, apiKey, "POST", "/backtests", {
      strategyId: strategy!.id,
      from: new Date(now - 7 * 86_400_000).toISOString(),
      to: new Date(now).toISOString(),
      labelDefinition: { threshold: 2 },
      options: {},
    });
  }
  await controlOk(em, "POST", "/clock", { advanceMinutes: 5 });
  return apiKey;
}

interface Attack {
  /** Every status the worst-case queries were answered with. */
  readonly statuses: Set<number>;
  /** Lets the queries in flight finish and sends no more. */
  stop(): Promise<void>;
}

/** `concurrency` loops of the worst-case queries by the noisy user, until stopped. */
export function startAttack(em: RunningEmulator, apiKey: string, concurrency = 4): Attack {
  const statuses = new Set<number>();
  let stopped = false;
  const loop = async (offset: number) => {
    for (let i = offset; !stopped; i++)
      statuses.add((await apiCall(em, apiKey, "GET", WORST_QUERIES[i % WORST_QUERIES.length]!)).status);
  };
  const loops = Array.from({ length: concurrency }, (_, i) => loop(i));
  return {
    statuses,
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
    },
  };
}
