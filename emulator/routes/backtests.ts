import { z } from "zod";
import { effectiveLimits } from "../accounts/plans";
import type { EmulatorContext } from "../context";
import { HOUR_MS } from "../engine/history";
import { advanceBacktest } from "../engine/jobs";
import { badRequest, conflict, forbidden, HttpErrorWithBody, notFound } from "../http/errors";
import { noQuery, parseBody, parseQuery, q } from "../http/validation";
import { isUuid, newId } from "../ids";
import { EVENT_TYPES } from "../model";
import type { BacktestJobRecord, BacktestRowRecord, StrategyRecord, UserRecord } from "../store/records";
import { type RouteRegistrar, userOf } from "./types";

const BACKTEST_LIST_PAGE_SIZE = 20;
const DEFAULT_RESULTS_PAGE_SIZE = 50;
const MAX_RESULTS_PAGE_SIZE = 200;
const DAY_MS = 86_400_000;

const strictIso = z.iso.datetime({ offset: true, error: "must be an ISO 8601 date-time" });

const CreateBody = z
  .strictObject({
    strategyId: z.uuid({ error: "must be the UUID of one of your strategies" }),
    from: strictIso,
    to: strictIso,
    labelDefinition: z.strictObject(
      { threshold: z.number({ error: "must be a number" }).finite().gt(0, "must be greater than 0") },
      { error: "must be an object {threshold: number}" },
    ),
    options: z.strictObject(
      {
        eventType: z.enum(EVENT_TYPES, { error: `must be one of ${EVENT_TYPES.join(", ")}` }).optional(),
        strictOverride: z.boolean({ error: "must be a boolean" }).optional(),
      },
      { error: "must be an object (send {} for none)" },
    ),
  })
  .refine((b) => Date.parse(b.from) <= Date.parse(b.to), {
    path: ["from"],
    message: "must be before or equal to to",
  });

const ListQuery = z.strictObject({ page: q.page() });

const triState = () =>
  z
    .enum(["true", "false", "all"], { error: "must be true, false or all" })
    .transform((v) => (v === "all" ? undefined : v === "true"))
    .optional();
const multiple = () =>
  z
    .string({ error: "must be a single number" })
    .regex(/^\d+(\.\d+)?$/, "must be a non-negative number")
    .transform(Number)
    .optional();

const ResultsQuery = z
  .strictObject({
    page: q.page(),
    pageSize: q.limit(MAX_RESULTS_PAGE_SIZE),
    matched: triState(),
    winnersInWindow: triState(),
    winnersNow: triState(),
    minMultiple: multiple(),
    maxMultiple: multiple(),
    token: q.text(200),
    sortBy: q.oneOf(["evaluationTimestamp", "multiple", "matched"] as const),
    sortDir: q.oneOf(["asc", "desc"] as const),
  })
  .refine(
    (v) => v.minMultiple === undefined || v.maxMultiple === undefined || v.minMultiple <= v.maxMultiple,
    {
      path: ["minMultiple"],
      message: "must be less than or equal to maxMultiple",
    },
  );

/**
 * POST response and GET /backtests/:id: the job without the list-only fields
 * (service-api.md#backtest-jobs).
 */
function jobView(j: BacktestJobRecord) {
  return {
    id: j.id,
    status: j.status,
    strategyId: j.strategyId,
    from: j.from,
    to: j.to,
    labelDefinition: j.labelDefinition,
    options: j.options,
  };
}

/** GET /backtests items: every field, list-only ones included. */
function listView(j: BacktestJobRecord) {
  return {
    ...jobView(j),
    strategyName: j.strategyName,
    metrics: j.metrics,
    createdAt: j.createdAt,
    updatedAt: j.updatedAt,
    error: j.error,
  };
}

/** One page of an offset-paginated list (service-api.md#backtest-jobs, service-api.md#backtest-results). */
function pageOf<T>(all: T[], page: number, pageSize: number) {
  const start = (page - 1) * pageSize;
  return {
    items: all.slice(start, start + pageSize),
    page,
    pageSize,
    total: all.length,
    hasMore: start + pageSize < all.length,
  };
}

const utcDayStart = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;
const iso = (ms: number) => new Date(ms).toISOString();

type CreateRequest = z.infer<typeof CreateBody>;
type ResultsRequest = z.infer<typeof ResultsQuery>;

/**
 * Backtests (service-api.md#backtests). Decisions (docs/spec-decisions.md): POST → 201; the window
 * is clamped to the plan lookback and to the snapshot coverage, 400 with `available` when
 * nothing is left; daily quota per UTC day (403); results of a job that is not COMPLETED → 409;
 * todayCount = jobs the caller created in the current UTC day.
 */
export const backtestRoutes: RouteRegistrar = (app, ctx) => {
  app.post("/backtests", async (req, reply) => {
    const user = userOf(req);
    noQuery(req.query);
    const body = parseBody(CreateBody, req.body);
    const strategy = backtestedStrategy(ctx, user, body);
    const nowMs = ctx.clock.nowMs();
    const window = clampedWindow(ctx, user, body, nowMs);
    const job = ctx.store.transaction(() => queueBacktest(ctx, user, strategy, body, window, nowMs));
    return reply.code(201).send(jobView(job));
  });

  app.get("/backtests", async (req) => {
    const user = userOf(req);
    const { page = 1 } = parseQuery(ListQuery, req.query);
    const jobs = ctx.store
      .listBacktests(user.id)
      .map((j) => advanceBacktest(ctx, j))
      .sort((a, b) => b.seq - a.seq);
    const result = pageOf(jobs, page, BACKTEST_LIST_PAGE_SIZE);
    return { ...result, items: result.items.map(listView) };
  });

  app.get("/backtests/:id", async (req) => {
    const job = findBacktest(ctx, userOf(req), req.params);
    noQuery(req.query);
    return jobView(job);
  });

  app.get("/backtests/:id/results", async (req) => {
    const user = userOf(req);
    const job = findBacktest(ctx, user, req.params);
    const query = parseQuery(ResultsQuery, req.query);
    if (job.status !== "COMPLETED") {
      throw conflict(
        job.status === "FAILED"
          ? `Backtest ${job.id} FAILED and has no results: ${job.error}`
          : `Backtest ${job.id} is ${job.status}; results are available once it is COMPLETED`,
      );
    }
    const rows = sortedResults(filteredResults(ctx.store.listBacktestRows(job.id), query, job), query);
    return {
      ...pageOf(rows, query.page ?? 1, query.pageSize ?? DEFAULT_RESULTS_PAGE_SIZE),
      todayCount: createdToday(ctx, user),
    };
  });
};

/** The caller's job `params.id`, advanced to the clock's now. */
function findBacktest(ctx: EmulatorContext, user: UserRecord, params: unknown): BacktestJobRecord {
  const id = (params as { id: string }).id;
  if (!isUuid(id)) throw badRequest([{ path: "id", message: "id: must be a UUID" }]);
  const job = ctx.store.getBacktest(id);
  if (!job || job.userId !== user.id) throw notFound(`Backtest ${id} not found`);
  return advanceBacktest(ctx, job);
}

/** The jobs the caller created in the current UTC day. */
function createdToday(ctx: EmulatorContext, user: UserRecord): number {
  const start = utcDayStart(ctx.clock.nowMs());
  return ctx.store.listBacktests(user.id).filter((j) => Date.parse(j.createdAt) >= start).length;
}

/** The caller's own (not global) strategy, whose triggers include the requested event type. */
function backtestedStrategy(ctx: EmulatorContext, user: UserRecord, body: CreateRequest): StrategyRecord {
  const strategy = ctx.store.getStrategy(body.strategyId);
  if (!strategy || strategy.userId !== user.id || strategy.isGlobal) {
    throw notFound(`Strategy ${body.strategyId} not found`);
  }
  const eventType = body.options.eventType;
  if (eventType !== undefined && !strategy.triggers.some((t) => t.eventType === eventType)) {
    throw badRequest([
      {
        path: "body.options.eventType",
        message: `body.options.eventType: ${eventType} is not a trigger of strategy ${strategy.id}`,
      },
    ]);
  }
  return strategy;
}

interface Window {
  fromMs: number;
  toMs: number;
}

/** The requested window within the plan's lookback and the snapshot coverage; 400 when nothing is left. */
function clampedWindow(ctx: EmulatorContext, user: UserRecord, body: CreateRequest, nowMs: number): Window {
  const limits = effectiveLimits(user.plan, user.limits);
  // Snapshots are labelled by hour start; the first one inside the lookback is the next whole hour.
  const lookbackStart = Math.ceil((nowMs - limits.lookbackDays * DAY_MS) / HOUR_MS) * HOUR_MS;
  const coverage = ctx.history.coverage(nowMs);
  const available =
    coverage && Math.max(coverage.fromMs, lookbackStart) <= coverage.toMs
      ? { fromMs: Math.max(coverage.fromMs, lookbackStart), toMs: coverage.toMs }
      : null;
  const fromMs = Math.max(Date.parse(body.from), available?.fromMs ?? Number.POSITIVE_INFINITY);
  const toMs = Math.min(Date.parse(body.to), available?.toMs ?? Number.NEGATIVE_INFINITY);
  if (!available || fromMs > toMs) {
    const range = available ? { from: iso(available.fromMs), to: iso(available.toMs) } : null;
    throw new HttpErrorWithBody(
      400,
      range
        ? `The requested window ${body.from} – ${body.to} does not overlap the available snapshot coverage ${range.from} – ${range.to} (plan ${user.plan} looks back ${limits.lookbackDays} days)`
        : "No hourly snapshots are available yet: no UTC hour of token observations has completed",
      { available: range },
    );
  }
  return { fromMs, toMs };
}

/** Stores a QUEUED job once the daily quota allows it (403 otherwise); runs inside a transaction. */
function queueBacktest(
  ctx: EmulatorContext,
  user: UserRecord,
  strategy: StrategyRecord,
  body: CreateRequest,
  window: Window,
  nowMs: number,
): BacktestJobRecord {
  const perDay = effectiveLimits(user.plan, user.limits).backtestsPerDay;
  const used = createdToday(ctx, user);
  if (perDay !== null && used >= perDay) {
    throw forbidden(
      `Daily backtest limit reached: plan ${user.plan} allows ${perDay} backtest jobs per UTC day and ${used} were created today. Try again after ${iso(utcDayStart(nowMs) + DAY_MS)}.`,
    );
  }
  const now = ctx.clock.iso();
  const record: BacktestJobRecord = {
    id: newId(),
    seq: ctx.store.nextSeq(),
    userId: user.id,
    status: "QUEUED",
    strategyId: strategy.id,
    strategyName: strategy.name,
    strategySnapshot: structuredClone(strategy),
    from: iso(window.fromMs),
    to: iso(window.toMs),
    requested: { from: body.from, to: body.to },
    labelDefinition: { threshold: body.labelDefinition.threshold },
    options: { ...body.options },
    metrics: null,
    error: null,
    createdAt: now,
    updatedAt: now,
  };
  ctx.store.putBacktest(record);
  return record;
}

/** The result rows the query's filters keep. */
function filteredResults(
  rows: BacktestRowRecord[],
  query: ResultsRequest,
  job: BacktestJobRecord,
): BacktestRowRecord[] {
  const threshold = job.labelDefinition.threshold;
  // winnersInWindow is preferred; winnersNow is its alias and only counts when it is absent.
  const winnerFilter = "winnersInWindow" in query ? query.winnersInWindow : query.winnersNow;
  const token = query.token?.toLowerCase();
  return rows.filter(
    (r) =>
      (query.matched === undefined || r.matched === query.matched) &&
      (winnerFilter === undefined || r.currentMultiple >= threshold === winnerFilter) &&
      (query.minMultiple === undefined || r.currentMultiple >= query.minMultiple) &&
      (query.maxMultiple === undefined || r.currentMultiple <= query.maxMultiple) &&
      (token === undefined || r.tokenAddress.toLowerCase().includes(token)),
  );
}

/** The rows in the query's order, ties broken by token address. */
function sortedResults(rows: BacktestRowRecord[], query: ResultsRequest): BacktestRowRecord[] {
  const sortBy = query.sortBy ?? "evaluationTimestamp";
  const sign = (query.sortDir ?? "asc") === "asc" ? 1 : -1;
  const key = (r: BacktestRowRecord): number =>
    sortBy === "multiple"
      ? r.currentMultiple
      : sortBy === "matched"
        ? Number(r.matched)
        : Date.parse(r.evaluationTimestamp);
  return rows.sort(
    (a, b) =>
      sign * (key(a) - key(b)) ||
      (a.tokenAddress < b.tokenAddress ? -1 : a.tokenAddress > b.tokenAddress ? 1 : 0),
  );
}
