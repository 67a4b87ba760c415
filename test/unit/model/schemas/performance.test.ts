import { describe, expect, it } from "vitest";
import {
  PerformanceJobStatusSchema,
  PerformanceSummarySchema,
} from "../../../../provider/model/schemas/performance";

const summary = {
  overall: { totalCalls: 4, winners: 1, winRate: 0.25, avgAthMultiple: 1.4, bestAthMultiple: 3 },
  buckets: [{ label: "10x+", min: 10, max: null, count: 0 }],
  topTokens: [{ tokenAddress: "T1", athMultiple: 3 }],
};

describe("the performance schemas", () => {
  it("parse a summary and a job's status holding one", () => {
    expect(PerformanceSummarySchema.parse(summary)).toEqual(summary);
    const status = { jobId: "p1", status: "completed", result: summary };
    expect(PerformanceJobStatusSchema.parse(status)).toEqual(status);
  });

  it("reject a summary without its buckets and a status with a partial progress", () => {
    const { buckets: _, ...noBuckets } = summary;
    expect(PerformanceSummarySchema.safeParse(noBuckets).success).toBe(false);
    const partial = { jobId: "p1", status: "running", progress: { totalTokens: 10 } };
    expect(PerformanceJobStatusSchema.safeParse(partial).success).toBe(false);
  });
});
