import { describe, expect, it } from "vitest";
import { evaluateRule, RuleEvaluationError, type RuleItem } from "../../../provider/model";
import { CLEAN_TOKEN } from "./evaluation-fixtures";

const rule = (item: Record<string, unknown>) => ({ dealbreaker: false, ...item }) as RuleItem;

describe("invalid items", () => {
  it("an unknown rule id throws RuleEvaluationError naming the problem", () => {
    expect(() => evaluateRule(rule({ rule: "no_such_rule" }), CLEAN_TOKEN)).toThrow(RuleEvaluationError);
  });

  it("a numeric rule without bounds throws RuleEvaluationError", () => {
    expect(() => evaluateRule(rule({ rule: "liquidity_usd" }), CLEAN_TOKEN)).toThrow(/min and\/or max/);
  });
});
