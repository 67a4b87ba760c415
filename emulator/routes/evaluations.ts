import { z } from "zod";
import { wildcardMatcher } from "../addresses/wildcard";
import { compareValues, decodeCursor, encodeCursor, filterHash, type SortValue } from "../http/cursor";
import { badRequest } from "../http/errors";
import { parseQuery, q } from "../http/validation";
import {
  type EvaluationQuery,
  type EvaluationSortBy,
  EvaluationSortBySchema,
  PRODUCT_GROUPS,
  SortDirSchema,
} from "../model";
import type { EvaluationRecord } from "../store/records";
import { type RouteRegistrar, userOf } from "./types";

const EVALUATION_RETENTION_MS = 24 * 3_600_000;
const DEFAULT_EVALUATION_PAGE_SIZE = 50;
const MAX_EVALUATION_PAGE_SIZE = 100;

const GROUP_IDS = PRODUCT_GROUPS.map((g) => g.id) as string[];

const strictIso = z.iso.datetime({
  offset: true,
  error: "must be a strict ISO 8601 date-time (e.g. 2026-03-01T12:00:00Z)",
});
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day: Date.parse rolls 2026-11-31 over to 1 December instead of refusing it. */
function isCalendarDay(v: string): boolean {
  const ms = Date.parse(`${v}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === v;
}

/**
 * The wire form of the model's EvaluationQuery: the same parameters (checked by `satisfies`),
 * each parsed from its query-string text with the emulator's 400 messages.
 */
const Query = z.strictObject({
  page: q.page(),
  pageSize: q.limit(MAX_EVALUATION_PAGE_SIZE),
  limit: q.limit(MAX_EVALUATION_PAGE_SIZE),
  cursor: z.string({ error: "must be a single string" }).min(1).max(4000).optional(),
  sortBy: q.oneOf(EvaluationSortBySchema.options),
  sortDir: q.oneOf(SortDirSchema.options),
  matched: q.bool(),
  strategyId: q.uuid(),
  address: q.text(200),
  datetime: z
    .string({ error: "must be a single string" })
    .refine(
      (v) => (DAY_RE.test(v) ? isCalendarDay(v) : strictIso.safeParse(v).success),
      "must be an ISO 8601 date-time (one-minute window) or a YYYY-MM-DD date (UTC day)",
    )
    .optional(),
  dealbreakerFailed: q.bool(),
  // CSV or repeated parameter; either way a set of product group ids.
  failedGroupIds: z
    .union([z.string(), z.array(z.string())], { error: "must be group ids (CSV or repeated)" })
    .transform((v) => (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(",")).map((s) => s.trim()))
    .refine(
      (ids) => ids.every((id) => GROUP_IDS.includes(id)),
      `must be product group ids (${GROUP_IDS.join(", ")})`,
    )
    .optional(),
  from: strictIso.optional(),
  to: strictIso.optional(),
} satisfies Record<keyof EvaluationQuery, z.ZodType>);

function sortKey(e: EvaluationRecord, by: EvaluationSortBy): SortValue {
  switch (by) {
    case "createdAt":
      return e.view.createdAt;
    case "matched":
      return e.view.matched;
    case "evaluationTimeMs":
      return e.evaluationTimeMs;
    case "tokenAddress":
      return e.view.tokenAddress;
    case "strategyId":
      return e.view.strategyId;
    case "mcap":
      return e.view.baselineMcap;
    case "liquidity":
      return e.view.marketAtEval.liquidityUsd;
  }
}

/** The window of `datetime`: the UTC minute of a date-time, or the UTC day of a date. */
function datetimeWindow(v: string): [number, number] {
  if (DAY_RE.test(v)) {
    const start = Date.parse(`${v}T00:00:00Z`);
    return [start, start + 86_400_000];
  }
  const start = Math.floor(Date.parse(v) / 60_000) * 60_000;
  return [start, start + 60_000];
}

/**
 * GET /strategy-evaluations (service-api.md#strategy-evaluations). Decisions (docs/spec-decisions.md): default sort
 * createdAt desc, sortDir default desc; ties broken by insertion sequence; retention one day
 * on the emulator clock (older evaluations are deleted); a `from` before the retention start
 * is clamped to it; keyset cursors bound to the filters and sort; nextCursor absent on the
 * last page; total always null.
 */
export const evaluationRoutes: RouteRegistrar = (app, ctx) => {
  app.get("/strategy-evaluations", async (req) => {
    const user = userOf(req);
    const query: EvaluationQuery = parseQuery(Query, req.query);
    if (query.from && query.to && Date.parse(query.from) > Date.parse(query.to)) {
      throw badRequest([{ path: "query.from", message: "query.from: must be before or equal to query.to" }]);
    }
    const pageSize = query.pageSize ?? query.limit ?? DEFAULT_EVALUATION_PAGE_SIZE;
    const sortBy: EvaluationSortBy = query.sortBy ?? "createdAt";
    const sortDir = query.sortDir ?? "desc";
    const groups = query.failedGroupIds ? [...new Set(query.failedGroupIds)].sort() : undefined;
    const hash = filterHash({
      sortBy,
      sortDir,
      matched: query.matched,
      strategyId: query.strategyId,
      address: query.address,
      datetime: query.datetime,
      dealbreakerFailed: query.dealbreakerFailed,
      failedGroupIds: groups,
      from: query.from,
      to: query.to,
    });
    const position = query.cursor !== undefined ? decodeCursor(query.cursor, hash) : undefined;

    const retentionStart = ctx.clock.nowMs() - EVALUATION_RETENTION_MS;
    const fromMs = Math.max(retentionStart, query.from ? Date.parse(query.from) : retentionStart);
    const toMs = query.to ? Date.parse(query.to) : Number.POSITIVE_INFINITY;
    const window = query.datetime ? datetimeWindow(query.datetime) : undefined;
    const addressOk = query.address ? wildcardMatcher(query.address) : () => true;

    const kept: EvaluationRecord[] = [];
    for (const e of ctx.store.listEvaluations(user.id)) {
      const t = Date.parse(e.view.createdAt);
      if (t < retentionStart) {
        ctx.store.deleteEvaluation(e.view.evaluationId);
        continue;
      }
      if (t < fromMs || t > toMs) continue;
      if (window && (t < window[0] || t >= window[1])) continue;
      if (query.matched !== undefined && e.view.matched !== query.matched) continue;
      if (query.strategyId && e.view.strategyId !== query.strategyId) continue;
      if (!addressOk(e.view.tokenAddress)) continue;
      if (query.dealbreakerFailed !== undefined && e.dealbreakerFailed !== query.dealbreakerFailed) continue;
      if (groups && !sameSet(groups, e.failedGroupIds)) continue;
      kept.push(e);
    }

    const sign = sortDir === "asc" ? 1 : -1;
    const order = (a: EvaluationRecord, b: EvaluationRecord) =>
      sign * (compareValues(sortKey(a, sortBy), sortKey(b, sortBy)) || a.seq - b.seq);
    kept.sort(order);

    let start: number;
    let page: number;
    if (position) {
      const after = (e: EvaluationRecord) =>
        sign * (compareValues(sortKey(e, sortBy), position.key) || e.seq - position.seq) > 0;
      start = kept.findIndex(after);
      if (start === -1) start = kept.length;
      page = position.page + 1;
    } else {
      page = query.page ?? 1;
      start = (page - 1) * pageSize;
    }
    const items = kept.slice(start, start + pageSize);
    const hasMore = start + pageSize < kept.length;
    const body: Record<string, unknown> = {
      items: items.map((e) => e.view),
      page,
      pageSize,
      total: null,
      hasMore,
    };
    const last = items[items.length - 1];
    if (hasMore && last) body.nextCursor = encodeCursor(sortKey(last, sortBy), last.seq, page, hash);
    return body;
  });
};

function sameSet(wanted: string[], actual: string[]): boolean {
  const a = new Set(actual);
  return a.size === wanted.length && wanted.every((g) => a.has(g));
}
