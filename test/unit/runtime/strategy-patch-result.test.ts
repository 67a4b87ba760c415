import { describe, expect, it } from "vitest";
import { generatedRulesOf, outputsAfterPatch } from "../../../provider/runtime/strategy-patch-result";
import { live } from "../../support/live-strategy";

/** A PATCH answer carrying the service's rule structures of one market-cap dealbreaker. */
const after = live({}, [{ rule: "market_cap", dealbreaker: true, max: 9 }]);
const withRules = {
  id: "s-1",
  isActive: true,
  dealbreakers: after.dealbreakers,
  ruleGroups: after.ruleGroups,
};

describe("Strategy outputs after a PATCH (no read-back)", () => {
  const before = {
    strategyId: "s-1",
    userId: "u-1",
    isActive: true,
    createdAt: "2026-11-01T00:00:00.000Z",
    updatedAt: "2026-11-01T00:00:00.000Z",
  };

  it("take activity and the time of the change from the answer, identity from the previous outputs", () => {
    const answer = {
      id: "s-1",
      name: "Momentum",
      description: null,
      isActive: false,
      updatedAt: "2026-11-02T00:00:00.000Z",
    };
    expect(outputsAfterPatch(before, answer)).toEqual({
      ...before,
      isActive: false,
      updatedAt: "2026-11-02T00:00:00.000Z",
    });
  });

  it("keep the previous time of the change when the answer does not say it", () => {
    const answer = { id: "s-1", name: "Renamed", description: null, isActive: true };
    expect(outputsAfterPatch(before, answer)).toEqual(before);
  });

  it("hold no rule structure, whatever the answer carries: the declared rules say them", () => {
    const outputs = outputsAfterPatch(before, withRules);
    expect(outputs).not.toHaveProperty("dealbreakers");
    expect(outputs).not.toHaveProperty("ruleGroups");
  });
});

describe("the rule structures a PATCH answer carries, for the run's listing", () => {
  it("are taken when well formed", () => {
    expect(generatedRulesOf(withRules)).toEqual({
      dealbreakers: after.dealbreakers,
      ruleGroups: after.ruleGroups,
    });
  });

  it("are nothing when the answer lacks them or carries them malformed", () => {
    expect(generatedRulesOf({ id: "s-1", isActive: true })).toEqual({});
    expect(
      generatedRulesOf({ id: "s-1", isActive: true, dealbreakers: [{ id: 1 }], ruleGroups: [] }),
    ).toEqual({});
  });
});
