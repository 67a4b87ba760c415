import { describe, expect, it } from "vitest";
import { MatchingSchema, RetryPolicySchema } from "../../../provider/model/strategy-settings";

describe("a strategy's settings objects", () => {
  it("take a retry policy with a named type and counts that are not negative, nothing else", () => {
    expect(
      RetryPolicySchema.safeParse({ type: "QUICK_RETRY", maxAttempts: 3, delayMinutes: 0.5 }).success,
    ).toBe(true);
    for (const bad of [
      { type: "", maxAttempts: 3, delayMinutes: 1 },
      { type: "QUICK_RETRY", maxAttempts: 1.5, delayMinutes: 1 },
      { type: "QUICK_RETRY", maxAttempts: 3, delayMinutes: -1 },
      { type: "QUICK_RETRY", maxAttempts: 3, delayMinutes: 1, extra: true },
    ])
      expect(RetryPolicySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });

  it("take a matching share between 0 and 100 percent", () => {
    expect(MatchingSchema.safeParse({ enabled: true, minPercent: 100 }).success).toBe(true);
    expect(MatchingSchema.safeParse({ enabled: true, minPercent: 100.5 }).success).toBe(false);
    expect(MatchingSchema.safeParse({ enabled: true, minPercent: -1 }).success).toBe(false);
    expect(MatchingSchema.safeParse({ minPercent: 50 }).success).toBe(false);
  });
});
