import { beforeAll, describe, expect, it } from "vitest";
import { Clock } from "../../../emulator/clock";
import { BacktestRunner } from "../../../emulator/engine/backtest-runner";
import { type TimedObservation, TokenHistory } from "../../../emulator/engine/history";
import { startEmulator } from "../../../emulator/server";
import { useEmulator } from "../../support/use-emulator";
import { addr, advance, createStrategy, setClock, token, upsertTokens } from "./engine-helpers";
import { type Api, control, type Json, newUser, strategyBody } from "./helpers";

const DAY = "2026-09-10";
const NOW = `${DAY}T12:30:00.000Z`; // hours 00:00–11:00 are complete, 12:00 is not
const hour = (h: number) => `${DAY}T${String(h).padStart(2, "0")}:00:00.000Z`;

/** One token: an observation 10 minutes into each hour h0..h11, mcap and liquidity per hour. */
function series(
  address: string,
  mcaps: number[],
  liquidity: number[] | number,
  extra: Record<string, unknown> = {},
) {
  return mcaps.map((marketCap, h) =>
    token(address, {
      marketCap,
      priceUsd: marketCap / 1e9,
      liquidityUsd: Array.isArray(liquidity) ? liquidity[h] : liquidity,
      observedAt: `${DAY}T${String(h).padStart(2, "0")}:10:00.000Z`,
      ...extra,
    }),
  );
}

const K = 1000;
const flat = (v: number) => Array.from({ length: 12 }, () => v);
// Strategy: dealbreaker is_honeypot, liquidity_usd ≥ 10k. Threshold 2x. By hand:
const A = addr("TokA"); // liquid from h0, 100k → 400k at h5: matched at h0, multiple 4 → winner (TP)
const B = addr("TokB"); // liquid, flat 100k: matched, multiple 1 (FP)
const C = addr("TokC"); // liquid only from h4 (mcap 150k there), 450k at h8: matched at h4, 450/150 = 3 (TP)
const D = addr("TokD"); // never liquid, 100k → 500k at h6: not matched, multiple 5 → missed winner (FN)
const E = addr("TokE"); // never liquid, flat: neither (counts only in metrics)
const F = addr("TokF"); // honeypot, liquid, 100k → 300k: dealbreaker fails, multiple 3 → missed winner (FN)
const FIXTURE = [
  ...series(
    A,
    [100, 120, 150, 200, 300, 400, 350, 300, 250, 220, 210, 200].map((m) => m * K),
    20 * K,
  ),
  ...series(B, flat(100 * K), 20 * K),
  ...series(
    C,
    [100, 100, 100, 100, 150, 200, 300, 400, 450, 300, 200, 150].map((m) => m * K),
    [5, 5, 5, 5, 15, 15, 15, 15, 15, 15, 15, 15].map((l) => l * K),
  ),
  ...series(
    D,
    [100, 120, 200, 300, 400, 450, 500, 400, 300, 200, 150, 100].map((m) => m * K),
    5 * K,
  ),
  ...series(E, flat(100 * K), 5 * K),
  ...series(
    F,
    [100, 150, 200, 300, 250, 200, 150, 120, 110, 100, 100, 100].map((m) => m * K),
    20 * K,
    {
      isHoneypot: true,
    },
  ),
];
// tested 6; positives 3 (A, B, C); winners 4 (A, C, D, F); matched winners 2 (A, C).
const EXPECTED = {
  tested: 6,
  positives: 3,
  winnersNow: 4,
  precision: 2 / 3,
  recall: 2 / 4,
  f1: (2 * (2 / 3) * (2 / 4)) / (2 / 3 + 2 / 4),
};

const RULES = [
  { rule: "is_honeypot", dealbreaker: true },
  { rule: "liquidity_usd", dealbreaker: false, min: 10_000 },
];

const em = useEmulator({ history: false });
let u: Api & { userId: string };
let strategy: Json;

beforeAll(async () => {
  await setClock(em, NOW);
  await upsertTokens(em, FIXTURE);
  // An old observation (beyond a PRO lookback) so the lookback clamp is visible.
  await upsertTokens(em, [token(addr("TokOld"), { observedAt: "2026-08-20T05:10:00.000Z" })]);
  u = await newUser(em, { plan: "PRO" });
  strategy = await createStrategy(u, strategyBody({ name: "Liquid", rules: RULES }));
});

const body = (over: Record<string, unknown> = {}) => ({
  strategyId: strategy.id,
  from: `${DAY}T00:00:00Z`,
  to: `${DAY}T23:00:00Z`,
  labelDefinition: { threshold: 2 },
  options: {},
  ...over,
});

async function completed(api: Api, over: Record<string, unknown> = {}): Promise<Json> {
  const created = await api.post("/backtests", body(over));
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  await control(em, "POST", "/jobs/run");
  return created.body;
}

/** GET /backtests/:id until the background replay of a due job has been committed. */
async function settled(api: Api, id: string): Promise<Json> {
  for (let i = 0; i < 200; i++) {
    const job = (await api.get(`/backtests/${id}`)).body;
    if (job.status !== "RUNNING") return job;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`backtest ${id} still RUNNING`);
}

async function listed(api: Api, id: string): Promise<Json> {
  const items = (await api.get("/backtests")).body.items as Json[];
  return items.find((j) => j.id === id);
}

describe("backtest replay metrics (hand-computed fixture)", () => {
  let job: Json;
  beforeAll(async () => {
    job = await completed(u);
  });

  it("clamps the window to the completed hours of the coverage", () => {
    expect(job).toMatchObject({
      status: "QUEUED",
      from: hour(0),
      to: hour(11),
      labelDefinition: { threshold: 2 },
    });
  });

  it("computes tested, positives, winnersNow, precision, recall and f1", async () => {
    const j = await listed(u, job.id);
    expect(j.status).toBe("COMPLETED");
    expect(j.metrics.tested).toBe(EXPECTED.tested);
    expect(j.metrics.positives).toBe(EXPECTED.positives);
    expect(j.metrics.winnersNow).toBe(EXPECTED.winnersNow);
    expect(j.metrics.precision).toBeCloseTo(EXPECTED.precision, 9);
    expect(j.metrics.recall).toBeCloseTo(EXPECTED.recall, 9);
    expect(j.metrics.f1).toBeCloseTo(EXPECTED.f1, 9);
    expect(j.error).toBeNull();
  });

  it("stores rows only for matched tokens and missed winners", async () => {
    const res = await u.get(`/backtests/${job.id}/results?pageSize=200`);
    expect(res.status).toBe(200);
    const byToken = Object.fromEntries((res.body.items as Json[]).map((r) => [r.tokenAddress, r]));
    expect(Object.keys(byToken).sort()).toEqual([A, B, C, D, F].sort());
    expect(res.body.total).toBe(5);
    expect(byToken[A]).toMatchObject({ matched: true, currentMultiple: 4, evaluationTimestamp: hour(0) });
    expect(byToken[B]).toMatchObject({ matched: true, currentMultiple: 1 });
    expect(byToken[D]).toMatchObject({ matched: false, currentMultiple: 5, evaluationTimestamp: hour(0) });
    expect(byToken[F]).toMatchObject({ matched: false, currentMultiple: 3 });
    const c = byToken[C];
    expect(c).toMatchObject({
      jobId: job.id,
      matched: true,
      currentMultiple: 3,
      evaluationTimestamp: hour(4),
    });
    // Keys are hours since the evaluation point.
    expect(Object.keys(c.mcaps)).toEqual(["0", "1", "2", "3", "4", "5", "6", "7"]);
    expect(c.mcaps["0"]).toBe(150_000);
    expect(c.mcaps["4"]).toBe(450_000);
    expect(c.multiples["4"]).toBe(3);
    expect(c.snapshot).toEqual({
      createdAt: hour(4),
      strategyId: strategy.id,
      strategyName: "Liquid",
      matched: true,
      failureReason: null,
    });
    expect(byToken[F].snapshot.failureReason).toContain("is_honeypot");
    expect(c.matchDetails.matchedGroups).toEqual(["market"]);
  });

  it("filters, sorts and pages the results", async () => {
    const ids = async (q: string) => {
      const res = await u.get(`/backtests/${job.id}/results?${q}`);
      expect(res.status, q).toBe(200);
      return (res.body.items as Json[]).map((r) => r.tokenAddress);
    };
    const set = async (q: string) => (await ids(q)).sort();
    expect(await set("matched=true")).toEqual([A, B, C].sort());
    expect(await set("matched=false")).toEqual([D, F].sort());
    expect(await set("matched=all")).toHaveLength(5);
    expect(await set("winnersInWindow=true")).toEqual([A, C, D, F].sort());
    expect(await set("winnersNow=false")).toEqual([B]);
    expect(await set("winnersInWindow=all&winnersNow=false")).toHaveLength(5);
    expect(await set("winnersInWindow=true&winnersNow=false")).toEqual([A, C, D, F].sort());
    expect(await set("minMultiple=3.5")).toEqual([A, D].sort());
    expect(await set("maxMultiple=3")).toEqual([B, C, F].sort());
    expect(await set("minMultiple=3&maxMultiple=4")).toEqual([A, C, F].sort());
    expect(await set(`token=${C.slice(0, 4).toLowerCase()}`)).toEqual([C]);
    expect(await ids("sortBy=multiple&sortDir=desc")).toEqual([D, A, C, F, B]);
    expect(await ids("sortBy=evaluationTimestamp&sortDir=desc")).toEqual([C, A, B, D, F]);
    expect(await ids("sortBy=matched&sortDir=asc")).toEqual([D, F, A, B, C]);
    const page = (await u.get(`/backtests/${job.id}/results?pageSize=2&page=3`)).body;
    expect(page).toMatchObject({ page: 3, pageSize: 2, total: 5, hasMore: false });
    expect(page.items).toHaveLength(1);
    expect((await u.get(`/backtests/${job.id}/results`)).body.pageSize).toBe(50);
    for (const q of [
      "pageSize=201",
      "matched=yes",
      "minMultiple=-1",
      "minMultiple=3&maxMultiple=2",
      "sortBy=token",
    ]) {
      expect((await u.get(`/backtests/${job.id}/results?${q}`)).status, q).toBe(400);
    }
  });

  it("strictOverride makes missing data fail", async () => {
    const j = await completed(u, { options: { strictOverride: true } });
    // Same metrics: the fixture carries every field the rules need.
    expect((await listed(u, j.id)).metrics.positives).toBe(3);
    const s = await createStrategy(
      u,
      strategyBody({ name: "needs holders", rules: [{ rule: "holder_count", dealbreaker: false, min: 1 }] }),
    );
    const lenient = await completed(u, { strategyId: s.id });
    const strict = await completed(u, { strategyId: s.id, options: { strictOverride: true } });
    expect((await listed(u, lenient.id)).metrics.positives).toBe(6);
    expect((await listed(u, strict.id)).metrics.positives).toBe(0);
  });
});

describe("backtest jobs", () => {
  it("POST validates the body and the strategy owner", async () => {
    for (const bad of [
      body({ labelDefinition: { threshold: 0 } }),
      body({ labelDefinition: {} }),
      body({ options: undefined }),
      body({ from: "yesterday" }),
      body({ from: `${DAY}T10:00:00Z`, to: `${DAY}T09:00:00Z` }),
      body({ options: { eventType: "nope" } }),
      body({ options: { eventType: "token_graduated" } }), // not a trigger of the strategy
      body({ strategyId: "x" }),
      body({ extra: 1 }),
    ]) {
      const res = await u.post("/backtests", bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    const other = await newUser(em);
    expect((await other.post("/backtests", body())).status).toBe(404);
    expect(
      (await u.post("/backtests", body({ strategyId: "00000000-0000-4000-8000-000000000000" }))).status,
    ).toBe(404);
  });

  it("answers 400 with the available range when the window does not overlap the coverage", async () => {
    const res = await u.post(
      "/backtests",
      body({ from: "2026-09-11T00:00:00Z", to: "2026-09-12T00:00:00Z" }),
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      statusCode: 400,
      error: "Bad Request",
      message: expect.stringContaining("does not overlap"),
      // PRO looks back 7 days: the old observation of 2026-08-20 is outside.
      available: { from: "2026-09-03T13:00:00.000Z", to: hour(11) },
    });
  });

  it("clamps the window to the plan lookback (PRO 7 days, DEGEN 14 days)", async () => {
    const pro = await u.post("/backtests", body({ from: "2026-08-01T00:00:00Z" }));
    expect(pro.body.from).toBe("2026-09-03T13:00:00.000Z");
    const degen = await newUser(em, { plan: "DEGEN" });
    const s = await createStrategy(degen, strategyBody({ rules: RULES }));
    const res = await degen.post("/backtests", body({ strategyId: s.id, from: "2026-08-01T00:00:00Z" }));
    expect(res.body.from).toBe("2026-08-27T13:00:00.000Z");
    const old = await degen.post(
      "/backtests",
      body({ strategyId: s.id, from: "2026-08-19T00:00:00Z", to: "2026-08-21T00:00:00Z" }),
    );
    expect(old.status).toBe(400);
    expect(old.body.available.from).toBe("2026-08-27T13:00:00.000Z");
  });

  it("moves QUEUED → RUNNING 1 s → COMPLETED 3 s after creation on the emulator clock; results are 409 until then", async () => {
    const v = await newUser(em);
    const s = await createStrategy(v, strategyBody({ rules: RULES }));
    await setClock(em, NOW);
    const created = await v.post("/backtests", body({ strategyId: s.id }));
    // The clock set back before the creation: the job stays QUEUED however slow this machine is.
    await setClock(em, new Date(Date.parse(NOW) - 60_000).toISOString());
    expect(Object.keys(created.body).sort()).toEqual(
      ["id", "status", "strategyId", "from", "to", "labelDefinition", "options"].sort(),
    );
    const id = created.body.id;
    expect((await v.get(`/backtests/${id}`)).body.status).toBe("QUEUED");
    expect((await v.get(`/backtests/${id}/results`)).status).toBe(409);
    const createdAt = Date.parse((await listed(v, id)).createdAt);
    await setClock(em, new Date(createdAt + 1_000).toISOString());
    expect((await v.get(`/backtests/${id}`)).body.status).toBe("RUNNING");
    await setClock(em, new Date(createdAt + 1_000).toISOString());
    expect((await v.get(`/backtests/${id}/results`)).status).toBe(409);
    await setClock(em, new Date(createdAt + 3_000).toISOString());
    // Due now: the replay began at the RUNNING read; this read commits it if it is done.
    expect(["RUNNING", "COMPLETED"]).toContain((await v.get(`/backtests/${id}`)).body.status);
    const single = await settled(v, id);
    expect(single).toEqual({ ...created.body, status: "COMPLETED" });
    const item = await listed(v, id);
    expect(item).toMatchObject({ status: "COMPLETED", strategyName: s.name, error: null });
    expect(item.metrics.tested).toBe(EXPECTED.tested);
    expect(Date.parse(item.updatedAt) - Date.parse(item.createdAt)).toBe(3_000);
    const results = await v.get(`/backtests/${id}/results`);
    expect(results.status).toBe(200);
    expect(results.body.todayCount).toBe(1);
    await setClock(em, NOW);
  });

  it("replays a RUNNING job ahead of its due moment and completes it at the first read once due, unless the history changed", async () => {
    const v = await newUser(em);
    const s = await createStrategy(v, strategyBody({ rules: RULES }));
    const queue = async () => {
      const id = (await v.post("/backtests", body({ strategyId: s.id }))).body.id as string;
      const running = { ...em.store.getBacktest(id)!, status: "RUNNING" as const };
      em.store.putBacktest(running);
      return running;
    };
    // A runner of its own, on a clock that stands still and a history holding the fixture.
    let nowMs = Date.parse(NOW);
    const history = new TokenHistory();
    for (const t of FIXTURE) history.upsert(t as unknown as TimedObservation);
    const runner = new BacktestRunner({ store: em.store, history, clock: new Clock(0, () => nowMs) });
    const at = new Date(nowMs + 2_000).toISOString();

    const early = await queue();
    runner.schedule(early, at);
    await runner.settle();
    // Replayed, but not due: nothing committed, and a read before the due moment commits nothing.
    expect(em.store.getBacktest(early.id)?.status).toBe("RUNNING");
    const done = runner.commitReady(early, at);
    expect(done).toMatchObject({ status: "COMPLETED", updatedAt: at, metrics: { tested: EXPECTED.tested } });
    expect(em.store.getBacktest(early.id)?.status).toBe("COMPLETED");
    expect(em.store.listBacktestRows(early.id).length).toBeGreaterThan(0);

    const stale = await queue();
    runner.schedule(stale, at);
    await runner.settle();
    history.upsert({ ...(FIXTURE[0] as object), observedAt: `${DAY}T11:20:00.000Z` } as TimedObservation);
    expect(runner.commitReady(stale, at)).toBeUndefined();
    expect(em.store.getBacktest(stale.id)?.status).toBe("RUNNING");

    // Past due when the replay ends: committed at once.
    nowMs += 5_000;
    runner.schedule(stale, at);
    await runner.settle();
    expect(em.store.getBacktest(stale.id)).toMatchObject({ status: "COMPLETED", updatedAt: at });
  });

  it("runs the copy of the strategy taken at creation; a copy without rules matches every tested token, as live", async () => {
    const v = await newUser(em);
    const s = await createStrategy(v, strategyBody({ rules: RULES }));
    const before = await v.post("/backtests", body({ strategyId: s.id }));
    await v.patch(`/strategies/${s.id}`, { rules: [] });
    const after = await v.post("/backtests", body({ strategyId: s.id }));
    await control(em, "POST", "/jobs/run");
    expect((await listed(v, before.body.id)).metrics.positives).toBe(EXPECTED.positives);
    const cleared = await listed(v, after.body.id);
    expect(cleared).toMatchObject({ status: "COMPLETED", error: null });
    expect(cleared.metrics.positives).toBe(cleared.metrics.tested);
    expect(cleared.metrics.tested).toBe(EXPECTED.tested);
    const res = await v.get(`/backtests/${after.body.id}/results?matched=false`);
    expect(res.body.total).toBe(0);
  });

  it("answers GET /backtests at once while due replays run in the background", async () => {
    const v = await newUser(em, { plan: "DEGEN" });
    const s = await createStrategy(v, strategyBody({ rules: RULES }));
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await v.post("/backtests", body({ strategyId: s.id }))).body.id);
    await advance(em, 3);
    const first = (await v.get("/backtests")).body.items;
    // Nothing was replayed inside the request: every due job still reads RUNNING.
    expect(first.map((j: { status: string }) => j.status)).toEqual(ids.map(() => "RUNNING"));
    for (const id of ids) expect((await settled(v, id)).status).toBe("COMPLETED");
    const again = (await v.get("/backtests")).body.items;
    expect(again.every((j: { metrics: { tested: number } }) => j.metrics.tested === EXPECTED.tested)).toBe(
      true,
    );
  });

  it("lists newest first, 20 per page, list-only fields present", async () => {
    const v = await newUser(em);
    const s = await createStrategy(v, strategyBody({ rules: RULES }));
    const ids: string[] = [];
    for (let i = 0; i < 21; i++) ids.push((await v.post("/backtests", body({ strategyId: s.id }))).body.id);
    const first = (await v.get("/backtests")).body;
    expect(first).toMatchObject({ page: 1, pageSize: 20, total: 21, hasMore: true });
    expect(first.items[0].id).toBe(ids[20]);
    expect(Object.keys(first.items[0]).sort()).toEqual(
      [
        "id",
        "status",
        "strategyId",
        "strategyName",
        "from",
        "to",
        "labelDefinition",
        "options",
        "metrics",
        "createdAt",
        "updatedAt",
        "error",
      ].sort(),
    );
    const second = (await v.get("/backtests?page=2")).body;
    expect(second).toMatchObject({ page: 2, pageSize: 20, total: 21, hasMore: false });
    expect(second.items.map((j: Json) => j.id)).toEqual([ids[0]]);
    expect((await v.get("/backtests?pageSize=5")).status).toBe(400);
  });

  it("hides other users' jobs (404) and rejects malformed ids (400)", async () => {
    const job = (await u.post("/backtests", body())).body;
    const other = await newUser(em);
    expect((await other.get(`/backtests/${job.id}`)).status).toBe(404);
    expect((await other.get(`/backtests/${job.id}/results`)).status).toBe(404);
    expect((await u.get("/backtests/00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await u.get("/backtests/nope")).status).toBe(400);
  });
});

describe("daily backtest quota", () => {
  it("PRO: 25 jobs per UTC day, then 403 until the next UTC day; DEGEN unlimited", async () => {
    const local = await startEmulator({ port: 0, history: false });
    try {
      await setClock(local, NOW);
      await upsertTokens(local, FIXTURE);
      const pro = await newUser(local, { plan: "PRO" });
      const s = await createStrategy(pro, strategyBody({ rules: RULES }));
      for (let i = 0; i < 25; i++) {
        expect((await pro.post("/backtests", body({ strategyId: s.id }))).status).toBe(201);
      }
      const refused = await pro.post("/backtests", body({ strategyId: s.id }));
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ statusCode: 403, error: "Forbidden" });
      expect(refused.body.message).toContain("25");
      expect((await pro.get("/backtests?page=2")).body.total).toBe(25);

      await setClock(local, "2026-09-11T00:00:05.000Z");
      expect((await pro.post("/backtests", body({ strategyId: s.id }))).status).toBe(201);

      const degen = await newUser(local, { plan: "DEGEN" });
      const d = await createStrategy(degen, strategyBody({ rules: RULES }));
      for (let i = 0; i < 30; i++) {
        expect((await degen.post("/backtests", body({ strategyId: d.id }))).status).toBe(201);
      }
    } finally {
      await local.close();
    }
  });
});
