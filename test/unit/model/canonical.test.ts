import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  canonicalRules,
  canonicalStrategyInput,
  canonicalStringSet,
  type RuleItem,
  type StrategyInput,
} from "../../../provider/model";
import { rulesArb, strategyInputArb } from "./arbitraries";

const shuffled = <T>(items: readonly T[]) =>
  fc.shuffledSubarray([...items], { minLength: items.length, maxLength: items.length });

describe("canonicalStrategyInput", () => {
  it("is idempotent", () => {
    fc.assert(
      fc.property(strategyInputArb, (input) => {
        const once = canonicalStrategyInput(input);
        expect(canonicalStrategyInput(once)).toEqual(once);
      }),
    );
  });

  it("does not depend on the order of rules or triggers", () => {
    fc.assert(
      fc.property(
        strategyInputArb.chain((input) =>
          fc.tuple(fc.constant(input), shuffled(input.rules), shuffled(input.triggers)),
        ),
        ([input, rules, triggers]) => {
          expect(canonicalStrategyInput({ ...input, rules, triggers })).toEqual(
            canonicalStrategyInput(input),
          );
        },
      ),
    );
  });

  it("upper-cases risk_level, drops default operator and enabled, and sorts walletTypes", () => {
    const rules: RuleItem[] = [
      { rule: "risk_level", dealbreaker: true, value: "high", operator: "equals" },
      { rule: "has_website", dealbreaker: false, enabled: true },
      {
        rule: "quality_wallet_count",
        dealbreaker: false,
        enabled: true,
        config: { minWallets: 2, walletTypes: ["whale", "kol", "whale"] },
      },
      { rule: "launch_platform", dealbreaker: false, value: "launch_platform_b", operator: "not_equals" },
    ];
    expect(canonicalRules(rules)).toEqual([
      { rule: "has_website", dealbreaker: false },
      { rule: "launch_platform", dealbreaker: false, value: "launch_platform_b", operator: "not_equals" },
      {
        rule: "quality_wallet_count",
        dealbreaker: false,
        config: { minWallets: 2, walletTypes: ["kol", "whale"] },
      },
      { rule: "risk_level", dealbreaker: true, value: "HIGH" },
    ]);
  });

  it("makes rules that differ only in defaults or case equal", () => {
    fc.assert(
      fc.property(rulesArb, (rules) => {
        const withDefaults = rules.map((r) => {
          const item = { ...r } as Record<string, unknown>;
          if (r.rule === "risk_level") item.value = String(item.value).toLowerCase();
          if ((r.rule === "risk_level" || r.rule === "launch_platform") && item.operator === undefined) {
            item.operator = "equals";
          }
          return item as RuleItem;
        });
        expect(canonicalRules(withDefaults)).toEqual(canonicalRules(rules));
      }),
    );
  });

  it("orders numeric items of one rule max-only, min+max, then min-only", () => {
    const rules: RuleItem[] = [
      { rule: "market_cap", dealbreaker: false, min: 1 },
      { rule: "market_cap", dealbreaker: false, min: 2, max: 9 },
      { rule: "market_cap", dealbreaker: false, max: 5 },
    ];
    expect(canonicalRules(rules).map((r) => r as Record<string, unknown>)).toEqual([
      { rule: "market_cap", dealbreaker: false, max: 5 },
      { rule: "market_cap", dealbreaker: false, min: 2, max: 9 },
      { rule: "market_cap", dealbreaker: false, min: 1 },
    ]);
  });

  it("drops a followed-developer config of scope all and an empty triggerConfigs, and leaves other fields alone", () => {
    const input: StrategyInput = {
      name: "n",
      description: null,
      triggers: ["token_graduated", "followed_dev_new_token_created"],
      triggerConfigs: { followed_dev_new_token_created: { scope: "all" } },
      rules: [{ rule: "is_honeypot", dealbreaker: true }],
      isActive: true,
      alertCooldownMins: 5,
    };
    expect(canonicalStrategyInput(input)).toEqual({
      name: "n",
      description: null,
      triggers: ["followed_dev_new_token_created", "token_graduated"],
      rules: [{ rule: "is_honeypot", dealbreaker: true }],
      isActive: true,
      alertCooldownMins: 5,
    });
  });

  it("canonicalises a patch without adding fields it does not carry", () => {
    expect(canonicalStrategyInput({ name: "x" })).toEqual({ name: "x" });
  });
});

describe("canonicalStringSet", () => {
  it("sorts and removes duplicates", () => {
    expect(canonicalStringSet(["b", "a", "b", "c"])).toEqual(["a", "b", "c"]);
  });

  it("gives the same result for any order or repetition of the same ids", () => {
    fc.assert(
      fc.property(fc.array(fc.string()), fc.array(fc.nat()), (ids, picks) => {
        const repeated = [...ids, ...picks.filter((p) => p < ids.length).map((p) => ids[p]!)].reverse();
        expect(canonicalStringSet(repeated)).toEqual(canonicalStringSet(ids));
      }),
    );
  });
});
