import { z } from "zod";
import { SortDirSchema, TimestampSchema } from "./common";

/**
 * service-api.md#strategy-evaluations, one stored evaluation snapshot. The inner shapes the spec does not show are kept
 * as loose records so a richer real response still validates.
 */
const EvaluationSchema = z.looseObject({
  evaluationId: z.string(),
  strategyId: z.string(),
  strategyName: z.string().optional(),
  userId: z.string().optional(),
  tokenAddress: z.string(),
  eventType: z.string(),
  matched: z.boolean(),
  matchDetails: z.looseObject({ matchedGroups: z.array(z.string()).optional() }).nullish(),
  failedRules: z.array(z.unknown()).nullish(),
  baselineAt: TimestampSchema.nullish(),
  baselinePrice: z.number().nullish(),
  baselineMcap: z.number().nullish(),
  failureReason: z.string().nullish(),
  marketAtEval: z.looseObject({ liquidityUsd: z.number().nullish() }).nullish(),
  riskAtEval: z.looseObject({ riskLevel: z.string().nullish() }).nullish(),
  sourceContext: z.looseObject({ source: z.string().nullish() }).nullish(),
  createdAt: TimestampSchema,
  debugTrail: z.array(z.unknown()).nullish(),
});
export type Evaluation = z.infer<typeof EvaluationSchema>;

/** service-api.md#strategy-evaluations response. `total` is always null per spec; a number is tolerated. */
export const EvaluationPageSchema = z.looseObject({
  items: z.array(EvaluationSchema),
  page: z.number().optional(),
  pageSize: z.number(),
  total: z.number().nullable().optional(),
  hasMore: z.boolean(),
  /** Absent or null on the last page. */
  nextCursor: z.string().nullish(),
});
export type EvaluationPage = z.infer<typeof EvaluationPageSchema>;

export const EvaluationSortBySchema = z.enum([
  "createdAt",
  "matched",
  "evaluationTimeMs",
  "tokenAddress",
  "strategyId",
  "mcap",
  "liquidity",
]);
export type EvaluationSortBy = z.infer<typeof EvaluationSortBySchema>;

/** service-api.md#strategy-evaluations query. Arrays are sent as CSV, booleans as `true`/`false`. */
const EvaluationQuerySchema = z.object({
  page: z.number().int().positive().optional(),
  pageSize: z.number().int().positive().optional(),
  /** Alias of pageSize; pageSize wins when both are sent. */
  limit: z.number().int().positive().optional(),
  /** Opaque; the nextCursor of the previous page. Reuse the same filters and sort with it. */
  cursor: z.string().optional(),
  sortBy: EvaluationSortBySchema.optional(),
  sortDir: SortDirSchema.optional(),
  matched: z.boolean().optional(),
  strategyId: z.string().optional(),
  /** Exact match; partial match when it contains `%`. */
  address: z.string().optional(),
  /** ISO datetime (one-minute window) or YYYY-MM-DD (a UTC day). */
  datetime: z.string().optional(),
  dealbreakerFailed: z.boolean().optional(),
  failedGroupIds: z.array(z.string()).optional(),
  from: z.string().optional(),
  to: z.string().optional(),
});
export type EvaluationQuery = z.infer<typeof EvaluationQuerySchema>;
