import { describe, expect, it } from "vitest";
import { checkedInputs, defaultOf, isCountedList, KINDS, setInputs } from "../../../../provider/model/kinds";
import { STRATEGY_ACTIVATION_KIND } from "../../../../provider/model/kinds/strategy-activation";

describe("the StrategyActivation descriptor", () => {
  it("is the StrategyActivation kind: a set of strategy ids, not exclusive by default", () => {
    expect(KINDS.StrategyActivation).toBe(STRATEGY_ACTIVATION_KIND);
    expect(setInputs("StrategyActivation")).toEqual({ strategyIds: "strings" });
    expect(defaultOf("StrategyActivation", "exclusive")).toBe(false);
  });

  it("checks only how many strategy ids there are, so unknown ids hold up nothing", () => {
    expect(checkedInputs("StrategyActivation")).toEqual(["strategyIds", "exclusive"]);
    expect(isCountedList("StrategyActivation", "strategyIds")).toBe(true);
    expect(isCountedList("StrategyActivation", "exclusive")).toBe(false);
  });
});
