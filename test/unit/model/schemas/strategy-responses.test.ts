import { describe, expect, it } from "vitest";
import {
  StrategyActivityResponseSchema,
  StrategyListResponseSchema,
  StrategyUpdateResponseSchema,
} from "../../../../provider/model/schemas/strategy-responses";
import { strategy as storedStrategy } from "../../../support/api-fixtures";

const strategy = storedStrategy({ dealbreakers: [] });

describe("the strategy responses", () => {
  it("parse a list, an update and an activity answer", () => {
    expect(StrategyListResponseSchema.parse({ strategies: [strategy], activeCount: 0 }).strategies).toEqual([
      strategy,
    ]);
    expect(StrategyUpdateResponseSchema.parse({ strategy: { id: "s1", isActive: true } })).toEqual({
      strategy: { id: "s1", isActive: true },
    });
    expect(
      StrategyActivityResponseSchema.parse({ strategy: { id: "s1", isActive: true } }).strategy.isActive,
    ).toBe(true);
  });

  it("reject a list without its active count or holding a strategy that is not one", () => {
    expect(StrategyListResponseSchema.safeParse({ strategies: [strategy] }).success).toBe(false);
    const { userId: _, ...noUser } = strategy;
    expect(StrategyListResponseSchema.safeParse({ strategies: [noUser], activeCount: 0 }).success).toBe(
      false,
    );
    expect(StrategyActivityResponseSchema.safeParse({ strategy: { id: "s1" } }).success).toBe(false);
  });
});
