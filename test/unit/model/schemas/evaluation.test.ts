import { describe, expect, it } from "vitest";
import { EvaluationPageSchema, EvaluationSortBySchema } from "../../../../provider/model/schemas/evaluation";

const evaluation = {
  evaluationId: "e1",
  strategyId: "s1",
  tokenAddress: "T1",
  eventType: "new_token_created",
  matched: false,
  failedRules: [{ rule: "is_honeypot" }],
  createdAt: "2030-01-01T00:00:00Z",
};

describe("the evaluation schemas", () => {
  it("parse a page of evaluations, the last one without a cursor", () => {
    const page = { items: [evaluation], pageSize: 50, hasMore: false, nextCursor: null };
    expect(EvaluationPageSchema.parse(page)).toEqual(page);
  });

  it("reject an evaluation without its verdict and an unknown sort key", () => {
    const { matched: _, ...noVerdict } = evaluation;
    expect(EvaluationPageSchema.safeParse({ items: [noVerdict], pageSize: 50, hasMore: false }).success).toBe(
      false,
    );
    expect(EvaluationSortBySchema.safeParse("liquidity").success).toBe(true);
    expect(EvaluationSortBySchema.safeParse("price").success).toBe(false);
  });
});
