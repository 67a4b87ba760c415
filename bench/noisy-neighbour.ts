import type { RunningEmulator } from "../emulator/server";
import { controlOk } from "../test/support/emulator";
import { sampleStrategy } from "../test/support/strategy";
import { type Budget, measureAsync, type Stats } from "./harness";

/** Queries that cost the emulator the most: many `%` in an address search, due backtests. */
const WORST_QUERIES = [
  `/strategy-evaluations?pageSize=100&sortBy=tokenAddress&address=${encodeURIComponent("%W%c%1%1%1%1%1%1%1%1%1%1%1%1%1%Z")}`,
  `/strategy-evaluations?pageSize=100&address=${encodeURIComponent("%".repeat(100) + "x".repeat(100))}`,
  "/backtests",
  `/strategy-evaluations?pageSize=100&sortBy=liquidity&address=${encodeURIComponent("%a".repeat(99))}`,
];
const ATTACKERS = 4;
const UNLIMITED = { requestsPerMinute: 1_000_000, active: 1_000 };

async function api(em: RunningEmulator, apiKey: string, method: string, path: string, body?: unknown) {
  const res = await fetch(em.baseUrl + path, {
    method,
    headers: { "x-api-key": apiKey, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`benchmark set-up failed: ${method} ${path} answered ${res.status}`);
  return text ? JSON.parse(text) : undefined;
}

/** 60 tokens evaluated by 10 active strategies, and 20 backtests due: the attacker's data. */
async function attackerAccount(em: RunningEmulator): Promise<string> {
  const { apiKey } = await controlOk<{ apiKey: string }>(em, "POST", "/users", {
    plan: "DEGEN",
    limits: { ...UNLIMITED, backtestsPerDay: null },
  });
  for (let i = 0; i < 10; i++)
    await api(em, apiKey, "POST", "/strategies", sampleStrategy({ name: `Noisy ${i}`, isActive: true }));
  const tokens = Array.from({ length: 60 }, (_, i) => ({
    address: `Wc${i}x`.padEnd(44, "1"),
    name: `Token ${i}`,
    symbol: `T${i}`,
    chainId: 101,
    priceUsd: 0.001,
    marketCap: 1_000_000,
    liquidityUsd: 20_000,
    isHoneypot: false,
    hasWebsite: true,
    riskLevel: "LOW",
  }));
  await controlOk(em, "POST", "/tokens", { tokens });
  for (const t of tokens)
    await controlOk(em, "POST", "/events", { eventType: "new_token_created", tokenAddress: t.address });
  const [strategy] = (await api(em, apiKey, "GET", "/strategies")).strategies;
  const now = Date.now();
  for (let i = 0; i < 20; i++) {
    await api(em, apiKey, "POST", "/backtests", {
      strategyId: strategy.id,
      from: new Date(now - 7 * 86_400_000).toISOString(),
      to: new Date(now).toISOString(),
      labelDefinition: { threshold: 2 },
      options: {},
    });
  }
  await controlOk(em, "POST", "/clock", { advanceMinutes: 5 });
  return apiKey;
}

/**
 * One user's `GET /me` while another user runs the worst-case queries above without pause,
 * four at a time: the emulator is one process, so a query that blocks it stalls every user.
 * Its median should stay far below 100 ms.
 */
export async function noisyNeighbourBenchmark(em: RunningEmulator, budget: Budget): Promise<Stats> {
  const attacker = await attackerAccount(em);
  const victim = await controlOk<{ apiKey: string }>(em, "POST", "/users", {
    plan: "PRO",
    limits: UNLIMITED,
  });
  let stop = false;
  const attack = async (offset: number) => {
    for (let i = offset; !stop; i++) await api(em, attacker, "GET", WORST_QUERIES[i % WORST_QUERIES.length]!);
  };
  const attackers = Array.from({ length: ATTACKERS }, (_, i) => attack(i));
  try {
    return await measureAsync("emulator.meUnderAttack", () => api(em, victim.apiKey, "GET", "/me"), budget);
  } finally {
    stop = true;
    await Promise.all(attackers);
  }
}
