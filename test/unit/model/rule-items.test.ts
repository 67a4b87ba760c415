import fc from "fast-check";
import { assertType, describe, expect, expectTypeOf, it } from "vitest";
import { RULE_IDS, type RuleItem, RuleItemSchema } from "../../../provider/model";
import { ruleItemArb } from "./arbitraries";

describe("RuleItemSchema", () => {
  it("accepts a valid item of every rule id", () => {
    for (const id of RULE_IDS) {
      fc.assert(
        fc.property(ruleItemArb(id), (item) => {
          expect(RuleItemSchema.safeParse(item).success).toBe(true);
        }),
        { numRuns: 20 },
      );
    }
  });

  it("rejects a numeric field on a boolean rule", () => {
    expect(RuleItemSchema.safeParse({ rule: "is_honeypot", dealbreaker: true, min: 1 }).success).toBe(false);
  });

  it("rejects an unknown rule id", () => {
    expect(RuleItemSchema.safeParse({ rule: "foo", dealbreaker: false }).success).toBe(false);
  });

  it("accepts risk_level in any letter case", () => {
    for (const value of ["high", "High", "hIgH", "HIGH"]) {
      expect(RuleItemSchema.safeParse({ rule: "risk_level", dealbreaker: true, value }).success, value).toBe(
        true,
      );
    }
  });

  // Type assertions, checked by `npm run typecheck` (tsconfig.json includes test/).
  it("types rule items as a union discriminated on rule", () => {
    assertType<RuleItem[]>([
      { rule: "is_honeypot", dealbreaker: true },
      { rule: "liquidity_usd", dealbreaker: false, min: 1000 },
      { rule: "risk_level", dealbreaker: true, value: "high" },
      {
        rule: "coordinated_wallet_cluster",
        dealbreaker: false,
        clusterConfig: { maxTotalHeldPct: 20, maxSingleClusterPct: 10, maxClusterRisk: "medium" },
      },
    ]);
    // @ts-expect-error a boolean rule carries no min
    assertType<RuleItem>({ rule: "is_honeypot", dealbreaker: true, min: 1 });
    // @ts-expect-error numeric rules carry enabled only as false
    assertType<RuleItem>({ rule: "market_cap", dealbreaker: false, min: 1, enabled: true });
    // @ts-expect-error launch_platform values are a closed set
    assertType<RuleItem>({ rule: "launch_platform", dealbreaker: false, value: "elsewhere" });
    // @ts-expect-error the cluster rule takes clusterConfig, not config
    assertType<RuleItem>({ rule: "coordinated_wallet_cluster", dealbreaker: false, config: {} });
    expectTypeOf<RuleItem["rule"]>().toEqualTypeOf<(typeof RULE_IDS)[number]>();
  });
});
