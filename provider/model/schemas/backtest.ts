import { z } from "zod";
import { SortDirSchema, TimestampSchema } from "./common";

const BacktestStatusSchema = z.enum(["QUEUED", "RUNNING", "COMPLETED", "FAILED"]);
export type BacktestStatus = z.infer<typeof BacktestStatusSchema>;

const BacktestOptionsSchema = z.looseObject({
  eventType: z.string().optional(),
  strictOverride: z.boolean().optional(),
});

const BacktestMetricsSchema = z.looseObject({
  tested: z.number(),
  positives: z.number(),
  winnersNow: z.number(),
  precision: z.number(),
  recall: z.number(),
  f1: z.number(),
});
export type BacktestMetrics = z.infer<typeof BacktestMetricsSchema>;

/**
 * service-api.md#backtest-jobs. `status` stays a plain string so a status the spec does not list cannot break a
 * read; the known values are in BacktestStatusSchema. List-only fields are optional.
 */
export const BacktestJobSchema = z.looseObject({
  id: z.string(),
  status: z.string(),
  strategyId: z.string(),
  strategyName: z.string().optional(),
  from: TimestampSchema,
  to: TimestampSchema,
  labelDefinition: z.looseObject({ threshold: z.number() }),
  options: BacktestOptionsSchema.nullish(),
  metrics: BacktestMetricsSchema.nullish(),
  createdAt: TimestampSchema.optional(),
  updatedAt: TimestampSchema.optional(),
  error: z.string().nullish(),
});
export type BacktestJob = z.infer<typeof BacktestJobSchema>;

/** `GET /backtests` — page size fixed at 20. */
export const BacktestPageSchema = z.looseObject({
  items: z.array(BacktestJobSchema),
  page: z.number(),
  pageSize: z.number(),
  total: z.number().nullish(),
  hasMore: z.boolean(),
});
export type BacktestPage = z.infer<typeof BacktestPageSchema>;

/** `POST /backtests` body (service-api.md#backtests). `options` is required: send `{}` for none. */
const BacktestCreateBodySchema = z.object({
  strategyId: z.string(),
  from: z.string(),
  to: z.string(),
  labelDefinition: z.object({ threshold: z.number() }),
  options: z.object({ eventType: z.string().optional(), strictOverride: z.boolean().optional() }),
});
export type BacktestCreateBody = z.infer<typeof BacktestCreateBodySchema>;

/** service-api.md#backtest-results */
const BacktestResultRowSchema = z.looseObject({
  id: z.string(),
  jobId: z.string(),
  tokenAddress: z.string(),
  evaluationTimestamp: TimestampSchema,
  matched: z.boolean(),
  currentMultiple: z.number().nullish(),
  multiples: z.record(z.string(), z.number().nullable()).nullish(),
  mcaps: z.record(z.string(), z.number().nullable()).nullish(),
  matchDetails: z.looseObject({}).nullish(),
  snapshot: z
    .looseObject({
      createdAt: TimestampSchema.nullish(),
      strategyId: z.string().nullish(),
      strategyName: z.string().nullish(),
      matched: z.boolean().nullish(),
      failureReason: z.string().nullish(),
    })
    .nullish(),
});
export type BacktestResultRow = z.infer<typeof BacktestResultRowSchema>;

export const BacktestResultsPageSchema = z.looseObject({
  items: z.array(BacktestResultRowSchema),
  page: z.number(),
  pageSize: z.number(),
  total: z.number().nullish(),
  hasMore: z.boolean(),
  todayCount: z.number().optional(),
});
export type BacktestResultsPage = z.infer<typeof BacktestResultsPageSchema>;

const TriStateSchema = z.union([z.boolean(), z.literal("all")]);

/** `GET /backtests/:id/results` query (service-api.md#backtest-results). */
const BacktestResultsQuerySchema = z.object({
  page: z.number().int().positive().optional(),
  pageSize: z.number().int().positive().optional(),
  matched: TriStateSchema.optional(),
  /** Preferred over its alias winnersNow. */
  winnersInWindow: TriStateSchema.optional(),
  winnersNow: TriStateSchema.optional(),
  minMultiple: z.number().optional(),
  maxMultiple: z.number().optional(),
  token: z.string().optional(),
  sortBy: z.enum(["evaluationTimestamp", "multiple", "matched"]).optional(),
  sortDir: SortDirSchema.optional(),
});
export type BacktestResultsQuery = z.infer<typeof BacktestResultsQuerySchema>;
