import { describe, expect, it } from "vitest";
import {
  checkedAtApply,
  checkedAtApplyLine,
  waitsOnElements,
} from "../../../provider/model/checked-at-apply";
import { UNKNOWN } from "../../../provider/model/unknown-value";

const RULE = { rule: "liquidity_usd", dealbreaker: true, min: 1 };

describe("checked at apply", () => {
  it("names the checked inputs that hold an unknown value, in the kind's order", () => {
    expect(
      checkedAtApply("Strategy", { name: UNKNOWN, rules: [{ ...RULE, min: UNKNOWN }], triggers: [] }),
    ).toEqual(["name", "rules"]);
    expect(checkedAtApply("Strategy", { name: "known", rules: [RULE] })).toEqual([]);
    expect(checkedAtApply("FollowedDeveloper", { address: "0xabc", alias: UNKNOWN })).toEqual(["alias"]);
    expect(checkedAtApplyLine(["name", "rules"])).toBe("checked at apply: name, rules");
  });

  it("an activation's ids of strategies not created yet hold up nothing; an unknown list does", () => {
    expect(checkedAtApply("StrategyActivation", { strategyIds: [UNKNOWN, "s1"] })).toEqual([]);
    expect(checkedAtApply("StrategyActivation", { strategyIds: UNKNOWN })).toEqual(["strategyIds"]);
  });

  it("a list waits on its elements unless only its length is checked", () => {
    expect(waitsOnElements("StrategyActivation", "strategyIds")).toBe(false);
    expect(waitsOnElements("Strategy", "rules")).toBe(true);
    expect(
      checkedAtApply("Strategy", { name: "known", rules: [{ ...RULE, config: { deep: [UNKNOWN] } }] }),
    ).toEqual(["rules"]);
  });
});
