import { z } from "zod";

const PerformanceRangeSchema = z.enum(["daily", "weekly", "monthly", "quarterly"]);
export type PerformanceRange = z.infer<typeof PerformanceRangeSchema>;

/** Query of the sync summary and of job creation: both fields are required (service-api.md#performance). */
const PerformanceQuerySchema = z.object({
  strategyId: z.string(),
  range: PerformanceRangeSchema,
});
export type PerformanceQuery = z.infer<typeof PerformanceQuerySchema>;

/** service-api.md#performance */
export const PerformanceSummarySchema = z.looseObject({
  overall: z.looseObject({
    totalCalls: z.number(),
    winners: z.number(),
    winRate: z.number(),
    avgAthMultiple: z.number(),
    bestAthMultiple: z.number(),
  }),
  buckets: z.array(
    z.looseObject({ label: z.string(), min: z.number(), max: z.number().nullable(), count: z.number() }),
  ),
  topTokens: z.array(
    z.looseObject({
      tokenAddress: z.string(),
      tokenSymbol: z.string().nullish(),
      tokenName: z.string().nullish(),
      alertMcap: z.number().nullish(),
      currentMcap: z.number().nullish(),
      athMcap: z.number().nullish(),
      athMultiple: z.number().nullish(),
    }),
  ),
});
export type PerformanceSummary = z.infer<typeof PerformanceSummarySchema>;

/** `POST /notifications/performance/jobs` response. */
export const PerformanceJobCreatedSchema = z.looseObject({ jobId: z.string() });
export type PerformanceJobCreated = z.infer<typeof PerformanceJobCreatedSchema>;

/**
 * Job status. Seen statuses are `active` and `completed`; others are not shown, so status is a
 * plain string and `result` is present only once completed.
 */
export const PerformanceJobStatusSchema = z.looseObject({
  jobId: z.string(),
  status: z.string(),
  rawState: z.string().optional(),
  progress: z
    .looseObject({
      totalTokens: z.number(),
      processedTokens: z.number(),
      remainingTokens: z.number(),
      progressPercent: z.number(),
    })
    .optional(),
  result: PerformanceSummarySchema.optional(),
});
export type PerformanceJobStatus = z.infer<typeof PerformanceJobStatusSchema>;
