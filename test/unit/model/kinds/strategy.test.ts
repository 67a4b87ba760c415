import { describe, expect, it } from "vitest";
import { KINDS, reviewedInputs, setInputs, stableOutputs } from "../../../../provider/model/kinds";
import { STRATEGY_KIND } from "../../../../provider/model/kinds/strategy";
import { STRATEGY_FIELDS, STRATEGY_OUTPUT_FIELDS } from "../../../../provider/model/strategy";

describe("the Strategy descriptor", () => {
  it("is the Strategy kind, with every declared field of a strategy body as an input", () => {
    expect(KINDS.Strategy).toBe(STRATEGY_KIND);
    for (const field of STRATEGY_FIELDS) expect(Object.keys(STRATEGY_KIND.inputs)).toContain(field);
    expect(Object.keys(STRATEGY_KIND.inputs)).not.toContain("isActive");
    for (const field of STRATEGY_OUTPUT_FIELDS) expect(Object.keys(STRATEGY_KIND.outputs)).toContain(field);
  });

  it("holds the rules and triggers as sets and words every declared field in a review", () => {
    expect(setInputs("Strategy")).toEqual({ triggers: "strings", rules: "rules" });
    expect(
      reviewedInputs("Strategy")
        .map(([name]) => name)
        .sort(),
    ).toEqual([...STRATEGY_FIELDS].sort());
    expect(stableOutputs("Strategy")).toEqual(expect.arrayContaining(["strategyId", "userId", "createdAt"]));
    expect(stableOutputs("Strategy")).not.toContain("updatedAt");
  });
});
