import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { wildcardMatcher } from "../../../emulator/addresses/wildcard";
import { noisyAccount, startAttack } from "../../support/noisy-neighbour";
import { useEmulator } from "../../support/use-emulator";
import { addr, createStrategy, fire, token, upsertTokens } from "./engine-helpers";
import { type Api, control, newUser, type Res, strategyBody } from "./helpers";
import { ownedResources } from "./owned-resources";
import { API_ROUTES, concreteBody, concretePath } from "./routes-table";

// The emulator cannot be stalled by one user's query and never leaks framework errors.
const em = useEmulator();

const BIG = { requestsPerMinute: 1_000_000, active: 1_000 };

function expectSpecError(res: Res, status: number): void {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toMatchObject({
    statusCode: status,
    message: expect.any(String),
    error: expect.any(String),
  });
  expect(res.body).not.toHaveProperty("code");
}

describe("% address search", () => {
  it("matches like the backtracking regular expression it replaces, on every pattern", () => {
    const alphabet = fc.constantFrom("a", "b", "%", "ab", ".", "*");
    fc.assert(
      fc.property(
        fc.array(alphabet, { maxLength: 8 }),
        fc.array(fc.constantFrom("a", "b", "."), { maxLength: 10 }),
        (p, t) => {
          const pattern = p.join("");
          const text = t.join("");
          const escaped = pattern
            .split("%")
            .map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
            .join(".*");
          expect(wildcardMatcher(pattern)(text)).toBe(new RegExp(`^${escaped}$`, "s").test(text));
        },
      ),
      { numRuns: 500 },
    );
  });

  it("answers a search made of many % at once, with the right items", async () => {
    const u = await newUser(em, { limits: BIG });
    await createStrategy(u, strategyBody({ isActive: true }));
    const hit = addr("Qq7Zebra");
    await upsertTokens(em, [token(hit), token(addr("Qq8Other"))]);
    await fire(em, { eventType: "new_token_created", tokenAddress: hit });
    await fire(em, { eventType: "new_token_created", tokenAddress: addr("Qq8Other") });
    const pattern = `${"%".repeat(30)}Q${"%".repeat(20)}Zebra%`;
    const hostile = "%a".repeat(60);
    const found = await u.get(`/strategy-evaluations?address=${encodeURIComponent(pattern)}`);
    expect(found.status).toBe(200);
    expect(found.body.items.map((e: { tokenAddress: string }) => e.tokenAddress)).toEqual([hit]);
    const none = await u.get(`/strategy-evaluations?address=${encodeURIComponent(hostile)}`);
    expect(none.status).toBe(200);
    expect(none.body.items).toEqual([]);
  });

  // How fast the other user is answered meanwhile is measured by `npm run bench`
  // (emulator.meUnderAttack), not asserted here: a shared machine decides wall-clock times.
  it("answers another user's GET /me while one user runs worst-case queries, and answers those too", async () => {
    const attack = startAttack(em, await noisyAccount(em));
    const victim = await newUser(em, { limits: BIG });
    const victimStatuses: number[] = [];
    try {
      for (let i = 0; i < 21; i++) victimStatuses.push((await victim.get("/me")).status);
    } finally {
      await attack.stop();
    }
    expect(victimStatuses).toEqual(Array(21).fill(200));
    expect([...attack.statuses]).toEqual([200]);
  }, 60_000);
});

describe("datetime filter", () => {
  it("refuses a date that is not on the calendar instead of rolling it over", async () => {
    const u = await newUser(em);
    for (const bad of ["2026-11-31", "2026-02-29", "2026-13-01", "2026-04-31"]) {
      const res = await u.get(`/strategy-evaluations?datetime=${bad}`);
      expectSpecError(res, 400);
      expect(res.body.message).toContain("query.datetime");
    }
    expect((await u.get("/strategy-evaluations?datetime=2028-02-29")).status).toBe(200);
    expect((await u.get("/strategy-evaluations?datetime=2026-11-30")).status).toBe(200);
  });
});

describe("router errors", () => {
  it("answers a malformed percent-encoding in the path with the spec's 400, after authentication, in the journal", async () => {
    const u = await newUser(em);
    await control(em, "DELETE", "/requests");
    const bad = await u.get("/strategies/%ZZ");
    expectSpecError(bad, 400);
    expect(bad.body.message).toContain("path");
    const anonymous = await u.as(undefined).get("/strategies/%ZZ");
    expectSpecError(anonymous, 401);
    expect(anonymous.body.message).toContain("X-API-Key");
    const journal = (await control(em, "GET", "/requests")).body.requests;
    expect(journal).toEqual([
      expect.objectContaining({ method: "GET", path: "/strategies/%ZZ", status: 400, userId: u.userId }),
      expect.objectContaining({ method: "GET", path: "/strategies/%ZZ", status: 401, userId: null }),
    ]);
  });

  it("counts a malformed URL against the rate limit like any other request", async () => {
    const u = await newUser(em, { limits: { requestsPerMinute: 2 } });
    expect((await u.get("/me")).status).toBe(200);
    expect((await u.get("/webhook/%E0%A4%A")).status).toBe(400);
    const limited = await u.get("/strategies/%ZZ");
    expectSpecError(limited, 429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("shapes the framework's body errors (too large, unparsable media type) like the service's errors, after authentication", async () => {
    const u = await newUser(em);
    const huge = await u.call("POST", "/strategies", JSON.stringify({ name: "x".repeat(1_100_000) }));
    expectSpecError(huge, 413);
    const media = await u.call("POST", "/strategies", "{}", { "content-type": "application/json; charset" });
    expect(media.status).toBeGreaterThanOrEqual(400);
    expect(media.status).toBeLessThan(500);
    expectSpecError(media, media.status);
    const anonymous = await u
      .as(undefined)
      .call("POST", "/strategies", JSON.stringify({ name: "x".repeat(1_100_000) }));
    expectSpecError(anonymous, 401);
  });

  it("gives an over-long path id the route's own 400 instead of a router 414", async () => {
    const u = await newUser(em);
    for (const id of ["x".repeat(1_001), "a".repeat(10_000)]) {
      const res = await u.get(`/strategies/${id}`);
      expectSpecError(res, 400);
      expect(res.body.message).toBe("id: must be a UUID");
    }
    const dev = await u.get(`/devs/${"1".repeat(5_000)}/tags`);
    expectSpecError(dev, 400);
  });
});

describe("unknown input: one rule on every route", () => {
  let u: Api & { userId: string };
  let ids: Record<string, string>;
  beforeAll(async () => {
    u = await newUser(em, { limits: BIG });
    ids = await ownedResources(em, u, {
      developer: "0x52908400098527886E0F7030069857D2E4169EE7",
      alias: "mine",
      tokenAddress: addr("Own5"),
    });
  });

  it.each(API_ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))(
    "%s refuses an unknown query parameter with a 400 naming it",
    async (_name, route) => {
      const path = concretePath(route, ids);
      const sep = path.includes("?") ? "&" : "?";
      const res = await u.call(route.method, `${path}${sep}bogusParam=1`, concreteBody(route, ids));
      expectSpecError(res, 400);
      expect(res.body.message).toContain("query.bogusParam");
    },
  );

  it.each(API_ROUTES.filter((r) => r.method !== "GET").map((r) => [`${r.method} ${r.path}`, r] as const))(
    "%s refuses an unknown body field with a 400 naming it",
    async (_name, route) => {
      const res = await u.call(route.method, concretePath(route, ids), {
        ...concreteBody(route, ids),
        bogusField: 1,
      });
      expectSpecError(res, 400);
      expect(res.body.message).toContain("bogusField");
    },
  );

  it("accepts no body or {} on the routes that take none", async () => {
    const s = await createStrategy(u, strategyBody());
    expect((await u.call("POST", `/strategies/${s.id}/activate`, {})).status).toBe(200);
    expect((await u.call("POST", `/strategies/${s.id}/deactivate`)).status).toBe(200);
    expect((await u.call("DELETE", `/strategies/${s.id}`, {})).status).toBe(200);
  });
});

describe("missing token values", () => {
  it('sends 0 and "" where the spec types a number or a string, in evaluations, alerts and performance alike', async () => {
    const u = await newUser(em, { limits: BIG });
    const s = await createStrategy(
      u,
      strategyBody({ isActive: true, rules: [{ rule: "is_honeypot", dealbreaker: true }] }),
    );
    const bare = addr("Bare9");
    await upsertTokens(em, [{ address: bare, isHoneypot: false }]);
    await fire(em, { eventType: "new_token_created", tokenAddress: bare });
    const evaluation = (await u.get("/strategy-evaluations")).body.items[0];
    expect(evaluation).toMatchObject({ matched: true, baselinePrice: 0, baselineMcap: 0 });
    expect(evaluation.marketAtEval).toEqual({ liquidityUsd: 0, marketCap: 0, priceUsd: 0, holderCount: 0 });
    expect(evaluation.riskAtEval).toEqual({ riskLevel: "", riskCount: 0 });
    const alert = (await u.get("/notifications")).body.items[0];
    expect(alert.triggerContext.tokenData).toEqual({
      tokenSymbol: "",
      tokenName: "",
      market: { priceUSD: 0, mcap: 0, liquidityUSD: 0 },
    });
    const single = (await u.get(`/notifications/${alert.id}`)).body;
    expect(single.livePerformance).toEqual({ priceNow: 0, marketCapNow: 0, peakPrice: 0, athPrice: 0 });
    const perf = (await u.get(`/notifications/performance?strategyId=${s.id}&range=daily`)).body;
    expect(perf.topTokens[0]).toMatchObject({ tokenSymbol: "", tokenName: "", alertMcap: 0, currentMcap: 0 });
  });
});

describe("a strategy without rules", () => {
  it("matches every triggered token live, as its backtest does", async () => {
    const u = await newUser(em, { limits: BIG });
    const s = await createStrategy(u, strategyBody({ isActive: true }));
    expect((await u.patch(`/strategies/${s.id}`, { rules: [] })).status).toBe(200);
    const risky = addr("Risky3");
    await upsertTokens(em, [token(risky, { isHoneypot: true, liquidityUsd: 1 })]);
    await fire(em, { eventType: "new_token_created", tokenAddress: risky });
    const evaluation = (await u.get("/strategy-evaluations")).body.items[0];
    expect(evaluation).toMatchObject({ tokenAddress: risky, matched: true, failureReason: null });
  });
});
