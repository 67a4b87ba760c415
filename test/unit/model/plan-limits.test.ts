import { describe, expect, it } from "vitest";
import { isPlan, PLAN_LIMITS, PLANS } from "../../../provider/model/plan-limits";

describe("the plans and their limits", () => {
  it("give each plan its limits, DEGEN above PRO", () => {
    expect(Object.keys(PLAN_LIMITS).sort()).toEqual([...PLANS].sort());
    expect(PLAN_LIMITS.PRO).toEqual({
      requestsPerMinute: 60,
      active: 25,
      total: null,
      backtestsPerDay: 25,
      lookbackDays: 7,
    });
    expect(PLAN_LIMITS.DEGEN.requestsPerMinute).toBeGreaterThan(PLAN_LIMITS.PRO.requestsPerMinute);
    expect(PLAN_LIMITS.DEGEN.active).toBeGreaterThan(PLAN_LIMITS.PRO.active);
    expect(PLAN_LIMITS.DEGEN.backtestsPerDay).toBeNull();
  });

  it("recognise a plan's name exactly", () => {
    expect(isPlan("PRO")).toBe(true);
    expect(isPlan("DEGEN")).toBe(true);
    expect(isPlan("pro")).toBe(false);
    expect(isPlan("FREE")).toBe(false);
  });
});
