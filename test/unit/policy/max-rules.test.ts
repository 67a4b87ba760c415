import { describe, expect, it } from "vitest";
import { TYPE_TOKENS } from "../../../provider/model/type-tokens";
import type { StrategyAlertsPolicyOptions } from "../../../provider/policy";
import { maxRulesPolicy } from "../../../provider/policy/max-rules";
import { describeInPack, LIQUIDITY, type Props, violationsOfResource } from "./policy-harness";

describe("max-rules-per-strategy", () => {
  const rules = (n: number) => Array.from({ length: n }, (_, i) => ({ ...LIQUIDITY, min: i + 1 }));
  const check = (n: number, config: Props = {}, options: StrategyAlertsPolicyOptions = {}) =>
    violationsOfResource(
      "max-rules-per-strategy",
      TYPE_TOKENS.Strategy,
      { name: "S", rules: rules(n) },
      config,
      options,
    );

  it("allows the configured number of rules and reports one more, with both counts", async () => {
    expect(await check(20)).toEqual([]);
    expect(await check(21)).toEqual([
      expect.stringContaining('Strategy "S" has 21 rules, more than the 20 allowed'),
    ]);
  });

  it("takes the limit from the options, and the policy config over them", async () => {
    expect(await check(6, {}, { maxRulesPerStrategy: 5 })).toHaveLength(1);
    expect(await check(6, { maxRules: 8 }, { maxRulesPerStrategy: 5 })).toEqual([]);
  });
});

describeInPack("max-rules-per-strategy", "max-rules.ts", maxRulesPolicy);
