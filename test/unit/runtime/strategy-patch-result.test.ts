import { describe, expect, it } from "vitest";
import { outputsAfterPatch } from "../../../provider/runtime/strategy-patch-result";
import { live } from "../../support/live-strategy";

describe("Strategy outputs after a PATCH (no read-back)", () => {
  const before = {
    strategyId: "s-1",
    userId: "u-1",
    dealbreakers: live().dealbreakers,
    ruleGroups: live().ruleGroups,
    isActive: true,
    createdAt: "2026-11-01T00:00:00.000Z",
    updatedAt: "2026-11-01T00:00:00.000Z",
  };

  it("takes the regenerated rule ids from the answer when the patch carried rules", () => {
    const after = live({ updatedAt: "2026-11-02T00:00:00.000Z" }, [
      { rule: "market_cap", dealbreaker: true, max: 9 },
    ]);
    const answer = {
      id: "s-1",
      name: "Momentum",
      description: null,
      isActive: true,
      dealbreakers: after.dealbreakers,
      ruleGroups: after.ruleGroups,
      updatedAt: after.updatedAt,
    };
    const result = outputsAfterPatch(before, { rules: [] }, answer);
    expect(result).toEqual({
      known: true,
      live: {
        ...before,
        dealbreakers: after.dealbreakers,
        ruleGroups: after.ruleGroups,
        updatedAt: after.updatedAt,
      },
    });
  });

  it("keeps the previous rule structures and identity when the patch left rules alone", () => {
    const answer = { id: "s-1", name: "Renamed", description: null, isActive: false };
    const result = outputsAfterPatch(before, { name: "Renamed" }, answer);
    expect(result).toEqual({ known: true, live: { ...before, isActive: false } });
  });

  it("asks for a read-back when the answer to a rules patch lacks the generated structures", () => {
    const answer = { id: "s-1", name: "Momentum", description: null, isActive: true };
    expect(outputsAfterPatch(before, { rules: [] }, answer)).toEqual({ known: false });
  });
});
