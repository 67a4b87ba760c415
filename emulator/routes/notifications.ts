import { z } from "zod";
import type { EmulatorContext } from "../context";
import { advancePerformanceJob, performanceProgress } from "../engine/jobs";
import { notificationView } from "../engine/notifications";
import {
  callsInRange,
  livePerformance,
  PERFORMANCE_RANGES,
  type PerformanceRange,
  performanceSummary,
} from "../engine/performance";
import { badRequest, notFound } from "../http/errors";
import { noBody, noQuery, parseQuery, q } from "../http/validation";
import { isUuid, newId } from "../ids";
import { EVENT_TYPES } from "../model";
import type { NotificationRecord, StrategyRecord, UserRecord } from "../store/records";
import { type RouteRegistrar, userOf } from "./types";

const DEFAULT_NOTIFICATION_LIMIT = 20;
const MAX_NOTIFICATION_LIMIT = 100;
const SOURCES = ["all", "personal", "official"] as const;

const ListQuery = z.strictObject({
  page: q.page(),
  limit: q.limit(MAX_NOTIFICATION_LIMIT),
  source: q.oneOf(SOURCES),
  strategyId: q.uuid(),
  triggerType: q.oneOf(EVENT_TYPES),
});
const GetQuery = z.strictObject({ source: q.oneOf(SOURCES), view: q.oneOf(["full", "summary"] as const) });
// Both parameters are required (service-api.md#performance); the messages say so when one is missing.
const PerformanceQuery = z.strictObject({
  strategyId: z.uuid({ error: "must be a strategy UUID (required)" }),
  range: z.enum(PERFORMANCE_RANGES, { error: `must be one of ${PERFORMANCE_RANGES.join(", ")} (required)` }),
});

/**
 * Notifications and performance (service-api.md#notifications, service-api.md#performance). Decisions (docs/spec-decisions.md):
 * newest first; limit above 100 → 400; source all = the caller's personal alerts plus the
 * official alerts of the official strategies the caller subscribes to (all of them, also those
 * raised before subscribing); view=summary omits livePerformance; performance of an own or a
 * subscribed official strategy, otherwise 404; jobs follow the emulator clock.
 */
export const notificationRoutes: RouteRegistrar = (app, ctx) => {
  const { store, clock } = ctx;

  app.get("/notifications", async (req) => {
    const user = userOf(req);
    const query = parseQuery(ListQuery, req.query);
    return notificationPage(ctx, user, query);
  });

  // Static paths win over /notifications/:id in fastify's router whatever the order.
  app.get("/notifications/performance", async (req) => {
    const user = userOf(req);
    const query = parseQuery(PerformanceQuery, req.query);
    readableStrategy(ctx, user, query.strategyId);
    return performanceSummary(
      ctx.history,
      store.listNotificationsOfStrategy(query.strategyId),
      query.range,
      clock.nowMs(),
    );
  });

  app.post("/notifications/performance/jobs", async (req, reply) => {
    const user = userOf(req);
    const query = parseQuery(PerformanceQuery, req.query);
    noBody(req.body);
    readableStrategy(ctx, user, query.strategyId);
    return reply.code(201).send({ jobId: queuePerformanceJob(ctx, user, query) });
  });

  app.get("/notifications/performance/jobs/:jobId", async (req) => {
    const user = userOf(req);
    const jobId = (req.params as { jobId: string }).jobId;
    const found = store.getPerformanceJob(jobId);
    if (!found || found.userId !== user.id) throw notFound(`Performance job ${jobId} not found`);
    noQuery(req.query);
    const job = advancePerformanceJob(ctx, found);
    const body: Record<string, unknown> = {
      jobId: job.jobId,
      status: job.rawState === "completed" ? "completed" : "active",
      rawState: job.rawState,
      progress: performanceProgress(job, clock.nowMs()),
    };
    if (job.result) body.result = job.result;
    return body;
  });

  app.get("/notifications/:id", async (req) => {
    const user = userOf(req);
    const id = (req.params as { id: string }).id;
    if (!isUuid(id)) throw badRequest([{ path: "id", message: "id: must be a UUID" }]);
    const query = parseQuery(GetQuery, req.query);
    const n = visibleNotifications(ctx, user, query.source ?? "all").find((x) => x.id === id);
    if (!n) throw notFound(`Notification ${id} not found`);
    const body: Record<string, unknown> = notificationView(n);
    if ((query.view ?? "full") === "full")
      body.livePerformance = livePerformance(ctx.history, n, clock.nowMs());
    return body;
  });
};

function subscribedStrategies(ctx: EmulatorContext, user: UserRecord): Set<string> {
  return new Set(ctx.store.listSubscriptions(user.id).map((s) => s.strategyId));
}

/** The caller's personal alerts and those of the official strategies they subscribe to, newest first. */
function visibleNotifications(
  ctx: EmulatorContext,
  user: UserRecord,
  source: (typeof SOURCES)[number],
): NotificationRecord[] {
  const out: NotificationRecord[] = [];
  if (source !== "official")
    out.push(...ctx.store.listNotifications(user.id).filter((n) => n.source === "personal"));
  if (source !== "personal") {
    for (const id of subscribedStrategies(ctx, user)) out.push(...ctx.store.listNotificationsOfStrategy(id));
  }
  return out.sort((a, b) => b.seq - a.seq);
}

/** A strategy whose performance the caller may read: their own, or a subscribed official one. */
function readableStrategy(ctx: EmulatorContext, user: UserRecord, id: string): StrategyRecord {
  const s = ctx.store.getStrategy(id);
  const ok = s && (s.isGlobal ? subscribedStrategies(ctx, user).has(s.id) : s.userId === user.id);
  if (!ok) throw notFound(`Strategy ${id} not found`);
  return s;
}

/** One page of the visible notifications the query's filters keep. */
function notificationPage(ctx: EmulatorContext, user: UserRecord, query: z.infer<typeof ListQuery>) {
  const page = query.page ?? 1;
  const limit = query.limit ?? DEFAULT_NOTIFICATION_LIMIT;
  const all = visibleNotifications(ctx, user, query.source ?? "all").filter(
    (n) =>
      (query.strategyId === undefined || n.strategyId === query.strategyId) &&
      (query.triggerType === undefined || n.triggerEventType === query.triggerType),
  );
  const start = (page - 1) * limit;
  return {
    items: all
      .slice(start, start + limit)
      .map((n) => ({ ...notificationView(n), strategy: { id: n.strategyId, name: n.strategyName } })),
    page,
    limit,
    total: all.length,
    totalPages: Math.ceil(all.length / limit),
  };
}

/** Stores a waiting performance job over the strategy's calls in the range; returns its id. */
function queuePerformanceJob(
  ctx: EmulatorContext,
  user: UserRecord,
  query: z.infer<typeof PerformanceQuery>,
): string {
  const now = ctx.clock.nowMs();
  const jobId = newId();
  ctx.store.putPerformanceJob({
    jobId,
    userId: user.id,
    strategyId: query.strategyId,
    range: query.range,
    rawState: "waiting",
    totalTokens: callsInRange(
      ctx.store.listNotificationsOfStrategy(query.strategyId),
      query.range as PerformanceRange,
      now,
    ).length,
    createdAt: new Date(now).toISOString(),
    completedAt: null,
    result: null,
  });
  return jobId;
}
