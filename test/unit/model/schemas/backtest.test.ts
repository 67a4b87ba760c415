import { describe, expect, it } from "vitest";
import {
  BacktestJobSchema,
  BacktestPageSchema,
  BacktestResultsPageSchema,
} from "../../../../provider/model/schemas/backtest";

const job = {
  id: "j1",
  status: "COMPLETED",
  strategyId: "s1",
  from: "2030-01-01T00:00:00Z",
  to: "2030-01-02T00:00:00Z",
  labelDefinition: { threshold: 2 },
  metrics: { tested: 10, positives: 3, winnersNow: 2, precision: 0.5, recall: 0.4, f1: 0.44 },
};

describe("the backtest schemas", () => {
  it("parse a job, a page of jobs and a page of results", () => {
    expect(BacktestJobSchema.parse(job)).toEqual(job);
    expect(
      BacktestPageSchema.parse({ items: [job], page: 1, pageSize: 20, total: null, hasMore: false }).items,
    ).toHaveLength(1);
    const row = {
      id: "r1",
      jobId: "j1",
      tokenAddress: "T1",
      evaluationTimestamp: "2030-01-01T01:00:00Z",
      matched: true,
      multiples: { "1h": 1.5, "24h": null },
    };
    expect(
      BacktestResultsPageSchema.parse({ items: [row], page: 1, pageSize: 20, hasMore: true }).items[0],
    ).toEqual(row);
  });

  it("reject a job without its label definition and metrics of the wrong type", () => {
    const { labelDefinition: _, ...withoutLabel } = job;
    expect(BacktestJobSchema.safeParse(withoutLabel).success).toBe(false);
    expect(BacktestJobSchema.safeParse({ ...job, metrics: { ...job.metrics, f1: "high" } }).success).toBe(
      false,
    );
    expect(BacktestPageSchema.safeParse({ items: [job], page: 1, pageSize: 20 }).success).toBe(false);
  });
});
