import fc from "fast-check";
import { describe, expect, it } from "vitest";
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

  it("types rule items as a union discriminated on rule", () => {
    const ok: RuleItem[] = [
      { rule: "is_honeypot", dealbreaker: true },
      { rule: "liquidity_usd", dealbreaker: false, min: 1000 },
      { rule: "risk_level", dealbreaker: true, value: "high" },
      {
        rule: "coordinated_wallet_cluster",
        dealbreaker: false,
        clusterConfig: { maxTotalHeldPct: 20, maxSingleClusterPct: 10, maxClusterRisk: "medium" },
      },
    ];
    // @ts-expect-error a boolean rule carries no min
    const boolWithMin: RuleItem = { rule: "is_honeypot", dealbreaker: true, min: 1 };
    // @ts-expect-error numeric rules carry enabled only as false
    const numericEnabled: RuleItem = { rule: "market_cap", dealbreaker: false, min: 1, enabled: true };
    // @ts-expect-error launch_platform values are a closed set
    const badPlatform: RuleItem = { rule: "launch_platform", dealbreaker: false, value: "elsewhere" };
    // @ts-expect-error the cluster rule takes clusterConfig, not config
    const clusterConfig: RuleItem = { rule: "coordinated_wallet_cluster", dealbreaker: false, config: {} };
    expect([ok, boolWithMin, numericEnabled, badPlatform, clusterConfig]).toHaveLength(5);
  });
});
