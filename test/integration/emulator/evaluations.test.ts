import { beforeAll, describe, expect, it } from "vitest";
import { startEmulator } from "../../../emulator/server";
import { useEmulator } from "../../support/use-emulator";
import { addr, advance, createStrategy, fire, setClock, token, upsertTokens } from "./engine-helpers";
import { type Api, type Json, newUser, strategyBody } from "./helpers";

const SPEC_2_5_FIELDS = [
  "evaluationId",
  "strategyId",
  "strategyName",
  "userId",
  "tokenAddress",
  "eventType",
  "matched",
  "matchDetails",
  "failedRules",
  "baselineAt",
  "baselinePrice",
  "baselineMcap",
  "failureReason",
  "marketAtEval",
  "riskAtEval",
  "sourceContext",
  "createdAt",
  "debugTrail",
].sort();

const em = useEmulator({ history: false }, (started) => setClock(started, "2026-06-01T12:00:10.000Z"));

let n = 0;
/** A fresh token address per call, so tests sharing the emulator never see each other's events. */
const fresh = (word = "Tok") =>
  addr(`${word}${String.fromCharCode(65 + (n % 26))}${++n}`.replace(/[0OIl]/g, "x"));

async function evaluations(api: Api, query = ""): Promise<Json> {
  const res = await api.get(`/strategy-evaluations${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function newToken(overrides: Record<string, unknown> = {}, word?: string): Promise<string> {
  const address = fresh(word);
  await upsertTokens(em, [token(address, overrides)]);
  return address;
}

describe("events run evaluations (POST /_emulator/events)", () => {
  it("evaluates every matching active strategy and stores exactly the documented fields", async () => {
    const u = await newUser(em);
    const active = await createStrategy(u, strategyBody({ name: "Active", isActive: true }));
    await createStrategy(u, strategyBody({ name: "Inactive", isActive: false }));
    await createStrategy(
      u,
      strategyBody({ name: "Other trigger", isActive: true, triggers: ["token_graduated"] }),
    );
    const address = await newToken();

    const out = await fire(em, { eventType: "new_token_created", tokenAddress: address });
    const mine = out.evaluations.filter((e: Json) => e.userId === u.userId);
    expect(mine).toHaveLength(1);
    expect(out.notifications.filter((x: Json) => x.userId === u.userId)).toHaveLength(1);

    const page = await evaluations(u);
    expect(page.items).toHaveLength(1);
    const e = page.items[0];
    expect(Object.keys(e).sort()).toEqual(SPEC_2_5_FIELDS);
    for (const never of ["currentMcap", "athPrice", "athMcap", "athAt", "currentMultiple", "athMultiple"]) {
      expect(e).not.toHaveProperty(never);
    }
    expect(e).toMatchObject({
      strategyId: active.id,
      strategyName: "Active",
      userId: u.userId,
      tokenAddress: address,
      eventType: "new_token_created",
      matched: true,
      failureReason: null,
      baselinePrice: 0.001,
      baselineMcap: 1_000_000,
      marketAtEval: { liquidityUsd: 20_000 },
      riskAtEval: { riskLevel: "LOW" },
      sourceContext: { source: "launch_platform" },
      createdAt: expect.stringMatching(/^2026-06-01T12:0/),
    });
    expect(e.matchDetails.matchedGroups).toEqual(["market", "socials"]);
    expect(Array.isArray(e.failedRules) && Array.isArray(e.debugTrail)).toBe(true);
    expect(page.total).toBeNull();
  });

  it("records a failed dealbreaker with its reason and no alert", async () => {
    const u = await newUser(em);
    await createStrategy(u, strategyBody({ isActive: true }));
    const address = await newToken({ isHoneypot: true });
    const out = await fire(em, { eventType: "new_token_created", tokenAddress: address });
    expect(out.notifications.filter((x: Json) => x.userId === u.userId)).toEqual([]);
    const [e] = (await evaluations(u)).items;
    expect(e.matched).toBe(false);
    expect(e.failureReason).toContain("is_honeypot");
    expect(e.failedRules[0]).toMatchObject({ rule: "is_honeypot", dealbreaker: true });
    expect((await evaluations(u, "?dealbreakerFailed=true")).items).toHaveLength(1);
    expect((await evaluations(u, "?dealbreakerFailed=false")).items).toHaveLength(0);
  });

  it("answers 404 for a token it has never observed, and upserts an inline token", async () => {
    const address = fresh();
    const { control } = await import("./helpers");
    expect(
      (await control(em, "POST", "/events", { eventType: "new_token_created", tokenAddress: address }))
        .status,
    ).toBe(404);
    const u = await newUser(em);
    await createStrategy(u, strategyBody({ isActive: true }));
    const out = await fire(em, {
      eventType: "new_token_created",
      tokenAddress: address,
      token: { liquidityUsd: 9000, isHoneypot: false, hasWebsite: true, marketCap: 50_000 },
    });
    expect(out.evaluations.find((e: Json) => e.userId === u.userId)?.matched).toBe(true);
  });

  it("rejects a token observation that does not fit the TokenObservation schema (400 naming it)", async () => {
    const { control } = await import("./helpers");
    const res = await control(em, "POST", "/tokens", {
      tokens: [{ address: "x", liquidityUsd: -1 }, { nope: 1 }],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("body.tokens[0].liquidityUsd");
    expect(res.body.message).toContain("body.tokens[1]");
  });
});

describe("trigger configs decide which strategies an event reaches", () => {
  it("microblog triggers: the literal all, or the event's tag", async () => {
    const u = await newUser(em);
    const tags = (await u.get("/microblog/tags?scope=platform")).body.tags as Json[];
    const [t1, t2] = tags.map((t) => t.id);
    const all = await createStrategy(
      u,
      strategyBody({
        name: "all",
        isActive: true,
        triggers: ["microblog_mention_direct"],
        triggerConfigs: { microblog_mention_direct: { tagId: "all" } },
      }),
    );
    const one = await createStrategy(
      u,
      strategyBody({
        name: "one tag",
        isActive: true,
        triggers: ["microblog_mention_direct"],
        triggerConfigs: { microblog_mention_direct: { tagId: t1 } },
      }),
    );
    const address = await newToken();
    const other = await fire(em, { eventType: "microblog_mention_direct", tokenAddress: address, tagId: t2 });
    expect(
      other.evaluations.filter((e: Json) => e.userId === u.userId).map((e: Json) => e.strategyId),
    ).toEqual([all.id]);
    const same = await fire(em, { eventType: "microblog_mention_direct", tokenAddress: address, tagId: t1 });
    expect(
      same.evaluations.filter((e: Json) => e.userId === u.userId).map((e: Json) => e.strategyId),
    ).toEqual([all.id, one.id]);
    expect(same.evaluations[0].sourceContext).toMatchObject({ source: "microblog", tagId: t1 });
  });

  it("followed developers: all, tag and wallet scopes, active developers only", async () => {
    const u = await newUser(em);
    const dev1 = addr("DevAaa");
    const dev2 = addr("DevBbb");
    await u.post(`/devs/${dev1}/add`, { alias: "alpha" });
    await u.post(`/devs/${dev2}/add`, { alias: "beta" });
    const tagId = (await u.get("/devs/tags")).body.tags[0].id;
    await u.put(`/devs/${dev1}/tags`, { tagIds: [tagId] });
    const make = (name: string, config?: Json) =>
      createStrategy(
        u,
        strategyBody({
          name,
          isActive: true,
          triggers: ["followed_dev_new_token_created"],
          ...(config ? { triggerConfigs: { followed_dev_new_token_created: config } } : {}),
        }),
      );
    const none = await make("no config");
    const all = await make("all", { scope: "all" });
    const tag = await make("tag", { scope: "tag", tagId });
    const wallet1 = await make("wallet 1", { scope: "wallet", developerAddress: dev1 });
    await make("wallet 2", { scope: "wallet", developerAddress: dev2 });

    const address = await newToken({ developerAddress: dev1 });
    const reached = async (developerAddress?: string) =>
      (
        await fire(em, {
          eventType: "followed_dev_new_token_created",
          tokenAddress: address,
          ...(developerAddress ? { developerAddress } : {}),
        })
      ).evaluations
        .filter((e: Json) => e.userId === u.userId)
        .map((e: Json) => e.strategyName)
        .sort();
    expect(await reached(dev1)).toEqual([all, none, tag, wallet1].map((s) => s.name).sort());
    // Without developerAddress the token's own developer is used.
    expect(await reached()).toEqual([all, none, tag, wallet1].map((s) => s.name).sort());
    expect(await reached(dev2)).toEqual(["all", "no config", "wallet 2"]);
    expect(await reached(addr("DevUnfollowed"))).toEqual([]);

    await u.put(`/devs/${dev1}/update`, { isActive: false });
    expect(await reached(dev1)).toEqual([]);
  });
});

describe("alertCooldownMins (per strategy and token)", () => {
  it("suppresses a second alert for the same token inside the cooldown, not for another token", async () => {
    const u = await newUser(em);
    const s = await createStrategy(u, strategyBody({ isActive: true, alertCooldownMins: 30 }));
    const a = await newToken();
    const b = await newToken();
    const alerts = async (address: string) =>
      (await fire(em, { eventType: "new_token_created", tokenAddress: address })).notifications.filter(
        (x: Json) => x.strategyId === s.id,
      ).length;

    expect(await alerts(a)).toBe(1);
    expect(await alerts(a)).toBe(0);
    expect(await alerts(b)).toBe(1);
    await advance(em, 29);
    expect(await alerts(a)).toBe(0);
    await advance(em, 1);
    expect(await alerts(a)).toBe(1);

    const items = (await evaluations(u, `?strategyId=${s.id}&sortDir=asc`)).items as Json[];
    expect(items.map((e) => e.matched)).toEqual([true, true, true, true, true]);
    expect(items.map((e) => Boolean(e.matchDetails.cooldown?.suppressed))).toEqual([
      false,
      true,
      false,
      true,
      false,
    ]);
    expect((await u.get(`/notifications?strategyId=${s.id}`)).body.total).toBe(3);
  });

  it("alerts on every match when the cooldown is 0", async () => {
    const u = await newUser(em);
    const s = await createStrategy(u, strategyBody({ isActive: true }));
    const a = await newToken();
    for (let i = 0; i < 3; i++) await fire(em, { eventType: "new_token_created", tokenAddress: a });
    expect((await u.get(`/notifications?strategyId=${s.id}`)).body.total).toBe(3);
  });
});

describe("GET /strategy-evaluations paging", () => {
  let u: Api & { userId: string };
  let initial: string[];

  beforeAll(async () => {
    u = await newUser(em);
    await createStrategy(u, strategyBody({ isActive: true }));
    for (let i = 0; i < 7; i++) {
      const address = await newToken({}, "Page");
      await fire(em, { eventType: "new_token_created", tokenAddress: address });
    }
    initial = (await evaluations(u)).items.map((e: Json) => e.evaluationId);
  });

  it("sorts by createdAt descending by default (newest first)", async () => {
    const items = (await evaluations(u)).items as Json[];
    const times = items.map((e) => e.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(initial).toHaveLength(7);
  });

  it("follows nextCursor through every item exactly once while new evaluations arrive", async () => {
    const seen: string[] = [];
    let page = await evaluations(u, "?pageSize=3");
    expect(page).toMatchObject({ page: 1, pageSize: 3, total: null, hasMore: true });
    seen.push(...page.items.map((e: Json) => e.evaluationId));
    // Inserts between pages: newer items sort before the cursor and must not shift later pages.
    for (let i = 0; i < 2; i++)
      await fire(em, { eventType: "new_token_created", tokenAddress: await newToken({}, "Late") });
    let pages = 1;
    while (page.hasMore) {
      page = await evaluations(u, `?pageSize=3&cursor=${encodeURIComponent(page.nextCursor)}`);
      seen.push(...page.items.map((e: Json) => e.evaluationId));
      pages++;
      expect(page.page).toBe(pages);
    }
    expect(seen).toEqual(initial);
    expect(page.hasMore).toBe(false);
    expect(page).not.toHaveProperty("nextCursor");
  });

  it("keeps an ascending token-address walk stable when items are inserted behind and ahead", async () => {
    const v = await newUser(em);
    await createStrategy(v, strategyBody({ isActive: true }));
    for (const w of ["Ca", "Cc", "Ce", "Cg"])
      await fire(em, { eventType: "new_token_created", tokenAddress: await newToken({}, w) });
    const q = "?sortBy=tokenAddress&sortDir=asc&pageSize=2";
    const before = (await evaluations(v, "?sortBy=tokenAddress&sortDir=asc")).items.map(
      (e: Json) => e.evaluationId,
    );
    const first = await evaluations(v, q);
    await fire(em, { eventType: "new_token_created", tokenAddress: await newToken({}, "B") });
    const rest: string[] = [];
    let page = first;
    while (page.hasMore) {
      page = await evaluations(v, `${q}&cursor=${encodeURIComponent(page.nextCursor)}`);
      rest.push(...page.items.map((e: Json) => e.evaluationId));
    }
    expect([...first.items.map((e: Json) => e.evaluationId), ...rest]).toEqual(before);
  });

  it("rejects a cursor reused with other filters or another sort (400)", async () => {
    const page = await evaluations(u, "?pageSize=2&matched=true");
    const cursor = encodeURIComponent(page.nextCursor);
    expect((await u.get(`/strategy-evaluations?pageSize=2&matched=true&cursor=${cursor}`)).status).toBe(200);
    for (const other of ["matched=false", "", "matched=true&sortDir=asc", "matched=true&sortBy=mcap"]) {
      const res = await u.get(`/strategy-evaluations?pageSize=2&${other}&cursor=${cursor}`);
      expect(res.status, other).toBe(400);
      expect(res.body.message).toContain("query.cursor");
    }
    expect((await u.get("/strategy-evaluations?cursor=not-a-cursor")).status).toBe(400);
  });

  it("pages by number, pageSize wins over limit, at most 100", async () => {
    const second = await evaluations(u, "?page=2&pageSize=3");
    const firstNine = (await evaluations(u, "?pageSize=9")).items.map((e: Json) => e.evaluationId);
    expect(second.items.map((e: Json) => e.evaluationId)).toEqual(firstNine.slice(3, 6));
    expect(second.page).toBe(2);
    expect((await evaluations(u, "?pageSize=2&limit=5")).pageSize).toBe(2);
    expect((await evaluations(u, "?limit=4")).items).toHaveLength(4);
    expect((await evaluations(u)).pageSize).toBe(50);
    expect((await evaluations(u, "?pageSize=100")).pageSize).toBe(100);
    for (const q of ["pageSize=101", "limit=101", "pageSize=0", "page=0", "sortBy=nope", "sortDir=up"]) {
      expect((await u.get(`/strategy-evaluations?${q}`)).status, q).toBe(400);
    }
  });
});

describe("GET /strategy-evaluations filters", () => {
  let u: Api & { userId: string };
  let good: Json;
  let bad: Json;
  const addresses: string[] = [];

  beforeAll(async () => {
    u = await newUser(em);
    good = await createStrategy(u, strategyBody({ name: "good", isActive: true }));
    bad = await createStrategy(
      u,
      strategyBody({
        name: "strict",
        isActive: true,
        rules: [
          { rule: "liquidity_usd", dealbreaker: false, min: 50_000 },
          { rule: "has_website", dealbreaker: false, enabled: true },
          { rule: "market_cap", dealbreaker: false, max: 10 },
        ],
      }),
    );
    addresses.push(await newToken({ hasWebsite: false }, "Fxyz"), await newToken({}, "Fxyz"));
    for (const a of addresses) await fire(em, { eventType: "new_token_created", tokenAddress: a });
  });

  it("filters by matched, strategyId and address (exact or with %)", async () => {
    expect((await evaluations(u)).items).toHaveLength(4);
    expect((await evaluations(u, "?matched=true")).items.map((e: Json) => e.tokenAddress)).toEqual([
      addresses[1],
    ]);
    expect((await evaluations(u, `?strategyId=${bad.id}`)).items).toHaveLength(2);
    expect((await evaluations(u, `?address=${addresses[0]}`)).items).toHaveLength(2);
    expect((await evaluations(u, `?address=${addresses[0]!.slice(0, 10)}`)).items).toHaveLength(0);
    expect(
      (await evaluations(u, `?address=${encodeURIComponent(`${addresses[0]!.slice(0, 10)}%`)}`)).items,
    ).toHaveLength(2);
    expect((await evaluations(u, `?address=${encodeURIComponent("Fxyz%")}`)).items).toHaveLength(4);
    expect((await evaluations(u, `?address=${encodeURIComponent("%nope%")}`)).items).toHaveLength(0);
    expect((await u.get("/strategy-evaluations?strategyId=abc")).status).toBe(400);
    expect(good.id).toBeTruthy();
  });

  it("failedGroupIds matches exactly that set, as CSV or repeated", async () => {
    // token 0 (no website): good fails socials; strict fails market and socials. token 1: strict fails market.
    const q = (s: string) =>
      evaluations(u, `?${s}`).then((p) =>
        p.items.map((e: Json) => `${e.strategyName}:${e.tokenAddress === addresses[0] ? 0 : 1}`).sort(),
      );
    expect(await q("failedGroupIds=socials")).toEqual(["good:0"]);
    expect(await q("failedGroupIds=market")).toEqual(["strict:1"]);
    expect(await q("failedGroupIds=market,socials")).toEqual(["strict:0"]);
    expect(await q("failedGroupIds=socials&failedGroupIds=market")).toEqual(["strict:0"]);
    expect((await u.get("/strategy-evaluations?failedGroupIds=nope")).status).toBe(400);
  });

  it("datetime selects a one-minute window or a UTC day; from/to bound createdAt", async () => {
    const items = (await evaluations(u)).items as Json[];
    const t = items[0].createdAt as string;
    const minute = `${t.slice(0, 16)}:30Z`;
    expect((await evaluations(u, `?datetime=${minute}`)).items).toHaveLength(4);
    const nextMinute = new Date(Date.parse(t) + 60_000).toISOString();
    expect((await evaluations(u, `?datetime=${nextMinute}`)).items).toHaveLength(0);
    expect((await evaluations(u, `?datetime=${t.slice(0, 10)}`)).items).toHaveLength(4);
    expect((await evaluations(u, "?datetime=2020-01-01")).items).toHaveLength(0);
    expect((await evaluations(u, `?from=${t}&to=${t}`)).items.length).toBeGreaterThan(0);
    expect(
      (await evaluations(u, `?from=${new Date(Date.parse(t) + 1).toISOString()}`)).items.every(
        (e: Json) => e.createdAt > t,
      ),
    ).toBe(true);
    for (const bad of [
      "datetime=yesterday",
      "datetime=2026-13-01",
      "from=2026-06-01",
      "to=12:00",
      `from=${nextMinute}&to=${t}`,
    ]) {
      expect((await u.get(`/strategy-evaluations?${bad}`)).status, bad).toBe(400);
    }
  });

  it("sorts by every documented key", async () => {
    for (const sortBy of [
      "createdAt",
      "matched",
      "evaluationTimeMs",
      "tokenAddress",
      "strategyId",
      "mcap",
      "liquidity",
    ]) {
      const asc = (await evaluations(u, `?sortBy=${sortBy}&sortDir=asc`)).items.map(
        (e: Json) => e.evaluationId,
      );
      const desc = (await evaluations(u, `?sortBy=${sortBy}&sortDir=desc`)).items.map(
        (e: Json) => e.evaluationId,
      );
      expect(asc, sortBy).toHaveLength(4);
      expect(desc.reverse(), sortBy).toEqual(asc);
    }
    const byMatched = (await evaluations(u, "?sortBy=matched&sortDir=desc")).items as Json[];
    expect(byMatched[0].matched).toBe(true);
  });
});

describe("retention (one day on the emulator clock)", () => {
  it("drops evaluations older than a day and clamps an older from", async () => {
    const local = await startEmulator({ port: 0, history: false });
    try {
      await setClock(local, "2026-07-01T00:00:00.000Z");
      const u = await newUser(local);
      await createStrategy(u, strategyBody({ isActive: true }));
      const a = addr("Retain");
      await upsertTokens(local, [token(a)]);
      await fire(local, { eventType: "new_token_created", tokenAddress: a });
      const list = async (q = "") => (await u.get(`/strategy-evaluations${q}`)).body.items.length;
      await advance(local, 23 * 60);
      await fire(local, { eventType: "new_token_created", tokenAddress: a });
      expect(await list()).toBe(2);
      expect(await list("?from=2026-06-01T00:00:00Z")).toBe(2);
      await advance(local, 61);
      expect(await list()).toBe(1);
      expect(await list("?from=2026-06-01T00:00:00Z")).toBe(1);
      expect(await list("?to=2026-07-01T00:30:00Z")).toBe(0);
    } finally {
      await local.close();
    }
  });
});
