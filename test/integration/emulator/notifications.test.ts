import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningEmulator, startEmulator } from "../../../emulator/server";
import { useEmulator } from "../../support/use-emulator";
import { signatureValid, WebhookReceiver } from "../../support/webhook-receiver";
import { addr, advance, createStrategy, fire, setClock, token, upsertTokens } from "./engine-helpers";
import { type Api, control, type Json, newUser, strategyBody } from "./helpers";

const em = useEmulator({ history: false }, (started) => setClock(started, "2026-06-01T12:00:00.000Z"));

let n = 0;
const fresh = () => addr(`Nt${String.fromCharCode(97 + (n % 26))}${++n}`.replace(/[0OIl]/g, "x"));

async function alertFor(api: Api & { userId: string }, body: Record<string, unknown> = {}) {
  const s = await createStrategy(api, strategyBody({ isActive: true, ...body }));
  const address = fresh();
  await upsertTokens(em, [token(address, { symbol: "ALRT", name: "Alert Token" })]);
  const out = await fire(em, { eventType: (s.triggers[0] as Json).eventType, tokenAddress: address });
  return { strategy: s, address, out };
}

const NOTIFICATION_FIELDS = [
  "id",
  "source",
  "audienceType",
  "userId",
  "strategyId",
  "channel",
  "status",
  "triggerEventType",
  "triggerContext",
  "sentAt",
  "createdAt",
  "updatedAt",
];

describe("notifications", () => {
  it("a match creates a personal alert; strategy only in lists, livePerformance only in the full single read", async () => {
    const u = await newUser(em);
    const { strategy, address } = await alertFor(u);
    const list = await u.get("/notifications");
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ page: 1, limit: 20, total: 1, totalPages: 1 });
    const item = list.body.items[0];
    expect(Object.keys(item).sort()).toEqual([...NOTIFICATION_FIELDS, "strategy"].sort());
    expect(item).toMatchObject({
      source: "personal",
      audienceType: "personal",
      userId: u.userId,
      strategyId: strategy.id,
      channel: "in_app",
      status: "sent",
      triggerEventType: "new_token_created",
      triggerContext: {
        tokenAddress: address,
        tokenData: { tokenSymbol: "ALRT", market: { priceUSD: 0.001, mcap: 1_000_000 } },
      },
      strategy: { id: strategy.id, name: strategy.name },
    });

    const full = await u.get(`/notifications/${item.id}`);
    expect(full.status).toBe(200);
    expect(Object.keys(full.body).sort()).toEqual([...NOTIFICATION_FIELDS, "livePerformance"].sort());
    expect(full.body.livePerformance).toEqual({
      priceNow: 0.001,
      marketCapNow: 1_000_000,
      peakPrice: 0.001,
      athPrice: 0.001,
    });
    const summary = await u.get(`/notifications/${item.id}?view=summary`);
    expect(Object.keys(summary.body).sort()).toEqual([...NOTIFICATION_FIELDS].sort());
    expect((await u.get(`/notifications/${item.id}?source=official`)).status).toBe(404);
    expect((await u.get(`/notifications/${item.id}?source=personal`)).status).toBe(200);
    expect((await u.get(`/notifications/${item.id}?view=compact`)).status).toBe(400);

    const other = await newUser(em);
    expect((await other.get(`/notifications/${item.id}`)).status).toBe(404);
    expect((await u.get("/notifications/not-a-uuid")).status).toBe(400);
    expect((await u.get("/notifications/00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });

  it("filters by strategyId and triggerType, pages with limit and totalPages; limit above 100 → 400", async () => {
    const u = await newUser(em);
    const a = await alertFor(u);
    const b = await alertFor(u, {
      name: "graduations",
      triggers: ["token_graduated"],
    });
    await fire(em, { eventType: "new_token_created", tokenAddress: a.address });
    const all = (await u.get("/notifications")).body;
    expect(all.total).toBe(3);
    expect((await u.get(`/notifications?strategyId=${a.strategy.id}`)).body.total).toBe(2);
    expect((await u.get(`/notifications?strategyId=${b.strategy.id}`)).body.total).toBe(1);
    const grad = (await u.get("/notifications?triggerType=token_graduated")).body;
    expect(grad.items.map((x: Json) => x.strategyId)).toEqual([b.strategy.id]);
    const paged = (await u.get("/notifications?limit=2&page=2")).body;
    expect(paged).toMatchObject({ page: 2, limit: 2, total: 3, totalPages: 2 });
    expect(paged.items.map((x: Json) => x.id)).toEqual([all.items[2].id]);
    // Newest first.
    expect(all.items.map((x: Json) => x.createdAt)).toEqual(
      [...all.items.map((x: Json) => x.createdAt)].sort().reverse(),
    );
    expect((await u.get("/notifications?limit=100")).status).toBe(200);
    for (const q of ["limit=101", "limit=0", "page=0", "source=mine", "triggerType=nope", "strategyId=x"]) {
      expect((await u.get(`/notifications?${q}`)).status, q).toBe(400);
    }
  });

  it("official alerts reach subscribers only; source selects personal or official", async () => {
    const local = await startEmulator({ port: 0, history: false });
    try {
      const sub = await newUser(local);
      const other = await newUser(local);
      const seeded = await control(local, "POST", "/official", { userId: sub.userId });
      expect(seeded.status).toBe(201);
      expect(seeded.body.strategies.map((s: Json) => s.name)).toContain("Official: Clean Launches");
      await createStrategy(sub, strategyBody({ isActive: true }));

      const address = addr("Offic");
      await upsertTokens(local, [token(address)]);
      await fire(local, { eventType: "new_token_created", tokenAddress: address });

      const all = (await sub.get("/notifications")).body.items as Json[];
      expect(all.map((x) => x.source).sort()).toEqual(["official", "personal"]);
      const official = all.find((x) => x.source === "official");
      expect(official.strategy.name).toBe("Official: Clean Launches");
      expect((await sub.get("/notifications?source=official")).body.items).toHaveLength(1);
      expect((await sub.get("/notifications?source=personal")).body.items).toHaveLength(1);
      expect((await sub.get(`/notifications/${official.id}?source=official`)).status).toBe(200);
      expect((await other.get("/notifications")).body.total).toBe(0);
      expect((await other.get(`/notifications/${official.id}`)).status).toBe(404);
      // Official strategies stay out of the subscriber's own strategies.
      expect((await sub.get("/strategies")).body.strategies).toHaveLength(1);
      // Performance of a subscribed official strategy is readable; not for others.
      const q = `strategyId=${official.strategyId}&range=daily`;
      expect((await sub.get(`/notifications/performance?${q}`)).body.overall.totalCalls).toBe(1);
      expect((await other.get(`/notifications/performance?${q}`)).status).toBe(404);
    } finally {
      await local.close();
    }
  });
});

describe("webhook delivery of notification.dispatched", () => {
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await new WebhookReceiver().start();
  });
  afterAll(() => receiver.close());

  async function withWebhook(enabled = true) {
    const u = await newUser(em);
    const put = await u.put("/webhook", { enabled, url: receiver.url });
    expect(put.body.verificationError).toBeNull();
    return { u, secret: put.body.secret as string };
  }

  const deliveries = async (userId: string) =>
    (await control(em, "GET", `/deliveries?userId=${userId}&wait=true`)).body.deliveries as Json[];

  it("signs every delivery so an independent verifier accepts it, with the documented data", async () => {
    const { u, secret } = await withWebhook();
    receiver.notificationStatus = null;
    const before = receiver.notifications().length;
    const { strategy, address, out } = await alertFor(u);
    const notification = out.notifications.find((x: Json) => x.userId === u.userId);
    expect(notification.channel).toBe("webhook");
    expect(out.deliveries.find((d: Json) => d.userId === u.userId)).toMatchObject({ status: "pending" });

    const recorded = await deliveries(u.userId);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ status: "delivered", httpStatus: 204, error: null });
    const got = receiver.notifications().slice(before);
    expect(got).toHaveLength(1);
    const { headers, rawBody } = got[0]!;
    expect(signatureValid(secret, headers, rawBody)).toBe(true);
    expect(signatureValid("whsec_wrong", headers, rawBody)).toBe(false);
    expect(signatureValid(secret, headers, `${rawBody} `)).toBe(false);
    expect(
      signatureValid(
        secret,
        { ...headers, "x-svc-signature": String(headers["x-svc-signature"]).slice(3) },
        rawBody,
      ),
    ).toBe(false);

    const event = JSON.parse(rawBody);
    expect(headers["x-svc-event-type"]).toBe("notification.dispatched");
    expect(headers["x-svc-event-id"]).toBe(event.id);
    expect(headers["x-svc-webhook-id"]).toEqual(expect.any(String));
    expect(event).toMatchObject({
      id: expect.stringMatching(/^evt_[0-9a-f-]{36}$/),
      type: "notification.dispatched",
    });
    expect(event.data).toEqual({
      notification_id: notification.id,
      strategy: { id: strategy.id, name: strategy.name },
      trigger: {
        event_type: "new_token_created",
        correlation_id: out.correlationId,
        timestamp: notification.createdAt,
      },
      token: {
        address,
        name: "Alert Token",
        symbol: "ALRT",
        chain_id: 101,
        price_usd: 0.001,
        market_cap_usd: 1_000_000,
        liquidity_usd: 20_000,
      },
    });
  });

  it("records a failed delivery without affecting the alert or the evaluation", async () => {
    const { u } = await withWebhook();
    receiver.notificationStatus = 500;
    try {
      const { out } = await alertFor(u);
      expect(out.evaluations.find((e: Json) => e.userId === u.userId).matched).toBe(true);
      const [d] = await deliveries(u.userId);
      expect(d).toMatchObject({ status: "failed", httpStatus: 500, error: expect.stringContaining("500") });
      expect((await u.get("/notifications")).body.total).toBe(1);
    } finally {
      receiver.notificationStatus = null;
    }
  });

  it("delivers nothing to a disabled or unverified webhook (channel in_app)", async () => {
    const { u } = await withWebhook(false);
    const disabled = await alertFor(u);
    expect(disabled.out.notifications.find((x: Json) => x.userId === u.userId).channel).toBe("in_app");
    expect(await deliveries(u.userId)).toEqual([]);

    const v = await newUser(em);
    const put = await v.put("/webhook", { enabled: true, url: "http://127.0.0.1:9/unreachable" });
    expect(put.body.verificationError).toEqual(expect.any(String));
    const unverified = await alertFor(v);
    expect(unverified.out.notifications.find((x: Json) => x.userId === v.userId).channel).toBe("in_app");
    expect(await deliveries(v.userId)).toEqual([]);
  });

  it("an unreachable endpoint after verification is recorded as a failed delivery", async () => {
    const temp = await new WebhookReceiver().start();
    const u = await newUser(em);
    await u.put("/webhook", { enabled: true, url: temp.url });
    await temp.close();
    await alertFor(u);
    const [d] = await deliveries(u.userId);
    expect(d).toMatchObject({
      status: "failed",
      httpStatus: null,
      error: expect.stringContaining("could not connect"),
    });
  });
});

describe("performance", () => {
  const T0 = "2026-08-01T10:00:00.000Z";
  const later = (minutes: number) => new Date(Date.parse(T0) + minutes * 60_000).toISOString();
  // ATH multiples by hand: 50k/100k = 0.5, 110k/100k = 1.1, 1.5, 3, 7, 12 → one per bucket.
  const PEAKS = [50_000, 110_000, 150_000, 300_000, 700_000, 1_200_000];
  let local: RunningEmulator;
  let u: Api & { userId: string };
  let strategy: Json;
  const addresses = PEAKS.map((_, i) => addr(`Perf${"abcdef"[i]}`));

  beforeAll(async () => {
    local = await startEmulator({ port: 0, history: false });
    await setClock(local, T0);
    u = await newUser(local);
    strategy = await createStrategy(u, strategyBody({ isActive: true }));
    const tokens = addresses.flatMap((a, i) => [
      token(a, { marketCap: 100_000, priceUsd: 0.0001, observedAt: T0 }),
      token(a, { marketCap: PEAKS[i], priceUsd: PEAKS[i]! / 1e9, observedAt: later(60) }),
      // Later the price settles below the peak (below the alert for the 0.5x token).
      token(a, { marketCap: i === 0 ? 40_000 : 80_000, priceUsd: 0.00008, observedAt: later(120) }),
    ]);
    await upsertTokens(local, tokens);
    for (const a of addresses) await fire(local, { eventType: "new_token_created", tokenAddress: a });
    await advance(local, 180);
  });
  afterAll(() => local.close());

  it("computes overall, the six fixed buckets and topTokens from the alerts in range", async () => {
    const res = await u.get(`/notifications/performance?strategyId=${strategy.id}&range=daily`);
    expect(res.status).toBe(200);
    const { overall, buckets, topTokens } = res.body;
    expect(overall.totalCalls).toBe(6);
    expect(overall.winners).toBe(3);
    expect(overall.winRate).toBeCloseTo(0.5, 6);
    expect(overall.avgAthMultiple).toBeCloseTo((0.5 + 1.1 + 1.5 + 3 + 7 + 12) / 6, 3);
    expect(overall.bestAthMultiple).toBeCloseTo(12, 6);
    expect(buckets).toEqual([
      { label: "<1x", min: 0, max: 1, count: 1 },
      { label: "1-1.2x", min: 1, max: 1.2, count: 1 },
      { label: "1.2-2x", min: 1.2, max: 2, count: 1 },
      { label: "2-5x", min: 2, max: 5, count: 1 },
      { label: "5-10x", min: 5, max: 10, count: 1 },
      { label: "10x+", min: 10, max: null, count: 1 },
    ]);
    expect(topTokens[0]).toMatchObject({
      tokenAddress: addresses[5],
      alertMcap: 100_000,
      athMcap: 1_200_000,
      currentMcap: 80_000,
      athMultiple: 12,
      tokenSymbol: expect.any(String),
      tokenName: expect.any(String),
    });
    expect(topTokens.map((t: Json) => t.athMultiple)).toEqual([12, 7, 3, 1.5, 1.1, 0.5]);
  });

  it("livePerformance follows the token history on the clock", async () => {
    const item = (await u.get(`/notifications?limit=100`)).body.items.find(
      (x: Json) => x.triggerContext.tokenAddress === addresses[5],
    );
    const full = (await u.get(`/notifications/${item.id}`)).body;
    expect(full.livePerformance).toEqual({
      priceNow: 0.00008,
      marketCapNow: 80_000,
      peakPrice: 0.0012,
      athPrice: 0.0012,
    });
  });

  it("ranges cover the last day, 7, 30 and 90 days; both parameters are required", async () => {
    const calls = async (range: string) =>
      (await u.get(`/notifications/performance?strategyId=${strategy.id}&range=${range}`)).body.overall
        .totalCalls;
    expect(await calls("weekly")).toBe(6);
    for (const q of [
      `strategyId=${strategy.id}`,
      "range=daily",
      `strategyId=${strategy.id}&range=yearly`,
      "strategyId=x&range=daily",
    ]) {
      const res = await u.get(`/notifications/performance?${q}`);
      expect(res.status, q).toBe(400);
    }
    const other = await newUser(local);
    expect((await other.get(`/notifications/performance?strategyId=${strategy.id}&range=daily`)).status).toBe(
      404,
    );
  });

  it("performance jobs go active → completed with progress, and the result equals the summary", async () => {
    const q = `strategyId=${strategy.id}&range=weekly`;
    const created = await u.post(`/notifications/performance/jobs?${q}`);
    expect(created.status).toBe(201);
    expect(Object.keys(created.body)).toEqual(["jobId"]);
    const summary = (await u.get(`/notifications/performance?${q}`)).body;
    const path = `/notifications/performance/jobs/${created.body.jobId}`;
    expect((await u.get(path)).body).toEqual({
      jobId: created.body.jobId,
      status: "active",
      rawState: "waiting",
      progress: { totalTokens: 6, processedTokens: 0, remainingTokens: 6, progressPercent: 0 },
    });
    await control(local, "POST", "/clock", { advanceMinutes: 0.75 });
    const mid = (await u.get(path)).body;
    expect(mid).toMatchObject({ status: "active", rawState: "active" });
    expect(mid.progress.processedTokens).toBeGreaterThan(0);
    expect(mid.progress.processedTokens).toBeLessThan(6);
    const run = await control(local, "POST", "/jobs/run");
    expect(run.body.performanceJobs).toEqual([
      { jobId: created.body.jobId, status: "completed", rawState: "completed" },
    ]);
    const done = (await u.get(path)).body;
    expect(done).toMatchObject({
      status: "completed",
      rawState: "completed",
      progress: { totalTokens: 6, processedTokens: 6, remainingTokens: 0, progressPercent: 100 },
    });
    expect(done.result).toEqual(summary);

    expect((await u.get("/notifications/performance/jobs/unknown-job")).status).toBe(404);
    const other = await newUser(local);
    expect((await other.get(path)).status).toBe(404);
    expect((await u.post("/notifications/performance/jobs?range=weekly")).status).toBe(400);
  });

  it("a job completes on its own as the clock moves", async () => {
    const created = await u.post(`/notifications/performance/jobs?strategyId=${strategy.id}&range=daily`);
    await advance(local, 1);
    const done = (await u.get(`/notifications/performance/jobs/${created.body.jobId}`)).body;
    expect(done.status).toBe("completed");
    expect(done.result.overall.totalCalls).toBe(6);
  });
});
