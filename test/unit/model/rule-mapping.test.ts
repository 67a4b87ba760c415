import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  canonicalRules,
  RULE_IDS,
  type RuleItem,
  rulesToStored,
  StoredRuleError,
  storedToRules,
} from "../../../provider/model";
import { ruleItemArb, rulesArb } from "./arbitraries";

function sequentialIds() {
  let n = 0;
  return () => `id-${++n}`;
}

describe("rulesToStored", () => {
  it("stores each rule kind as the service documents it", () => {
    const rules: RuleItem[] = [
      { rule: "is_honeypot", dealbreaker: true },
      { rule: "has_website", dealbreaker: false, enabled: false },
      { rule: "liquidity_usd", dealbreaker: true, min: 1000, max: 50000 },
      { rule: "token_age", dealbreaker: false, max: 30 },
      { rule: "risk_level", dealbreaker: true, value: "high" },
      { rule: "launch_platform", dealbreaker: false, value: "launch_platform_a", operator: "not_equals" },
      {
        rule: "coordinated_wallet_cluster",
        dealbreaker: false,
        clusterConfig: { maxTotalHeldPct: 30, maxSingleClusterPct: 10, maxClusterRisk: "medium" },
      },
      { rule: "volume_24h", dealbreaker: false, config: { windows: { "1h": 5000 } } },
    ];
    expect(rulesToStored(rules, { view: "create", newId: sequentialIds() })).toEqual({
      dealbreakers: [
        { id: "id-1", ruleType: "is_honeypot", operator: "is", value: false, enabled: true },
        { id: "id-3", ruleType: "liquidity_usd", operator: "greater_than", value: 1000, enabled: true },
        { id: "id-4", ruleType: "liquidity_usd", operator: "less_than", value: 50000, enabled: true },
        { id: "id-6", ruleType: "risk_level", operator: "equals", value: "HIGH", enabled: true },
      ],
      ruleGroups: [
        {
          id: "security",
          name: "Security",
          logic: "AND",
          rules: [{ id: "id-5", ruleType: "token_age", operator: "less_than", value: 30, enabled: true }],
        },
        {
          id: "market",
          name: "Market",
          logic: "AND",
          rules: [
            {
              id: "id-7",
              ruleType: "launch_platform",
              operator: "not_equals",
              value: "launch_platform_a",
              enabled: true,
            },
          ],
        },
        {
          id: "volume_activity",
          name: "Volume/Activity",
          logic: "AND",
          rules: [
            {
              id: "id-9",
              ruleType: "volume_24h",
              operator: "matches",
              value: JSON.stringify({ windows: { "1h": 5000 } }),
              enabled: true,
            },
          ],
        },
        {
          id: "clusters",
          name: "Clusters",
          logic: "AND",
          rules: [
            {
              id: "id-8",
              ruleType: "coordinated_wallet_cluster",
              operator: "matches",
              value: JSON.stringify({
                maxTotalHeldPct: 30,
                maxSingleClusterPct: 10,
                maxClusterRisk: "medium",
              }),
              enabled: true,
            },
          ],
        },
        {
          id: "socials",
          name: "Socials",
          logic: "AND",
          rules: [{ id: "id-2", ruleType: "has_website", operator: "is", value: true, enabled: false }],
        },
      ],
    });
  });

  it("shows only non-empty groups on create and the empty security, market, socials and ai groups in the list view", () => {
    const rules: RuleItem[] = [{ rule: "num_buys", dealbreaker: false, min: 10 }];
    const ids = (view: "create" | "list") => rulesToStored(rules, { view }).ruleGroups.map((g) => g.id);
    expect(ids("create")).toEqual(["volume_activity"]);
    expect(ids("list")).toEqual(["security", "market", "volume_activity", "socials", "ai"]);
    const onlyDealbreakers = rulesToStored([{ rule: "is_honeypot", dealbreaker: true }], { view: "list" });
    expect(onlyDealbreakers.ruleGroups.every((g) => g.rules.length === 0)).toBe(true);
  });

  it("generates UUIDs by default", () => {
    const { dealbreakers } = rulesToStored([{ rule: "rugged", dealbreaker: true }], { view: "create" });
    expect(dealbreakers[0]!.id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it("copies object configs so later edits of the input do not change the stored form", () => {
    const config = { minWallets: 1, walletTypes: ["kol" as const] };
    const stored = rulesToStored([{ rule: "quality_wallet_count", dealbreaker: false, config }], {
      view: "create",
    });
    config.walletTypes.push("whale" as never);
    expect(stored.ruleGroups[0]!.rules[0]!.value).toBe(
      JSON.stringify({ minWallets: 1, walletTypes: ["kol"] }),
    );
  });

  it("stores an object rule's config as JSON text, so a dealbreaker's value is never an object", () => {
    const config = { windows: { "5m": 100, "1h": 5000 } };
    const stored = rulesToStored([{ rule: "volume_24h", dealbreaker: true, config }], { view: "create" });
    expect(typeof stored.dealbreakers[0]!.value).toBe("string");
    expect(storedToRules(stored)).toEqual([{ rule: "volume_24h", dealbreaker: true, config }]);
  });

  it("still reads an object rule stored with the config object as value (older versions)", () => {
    const config = { window: "1h", buyPressure: "strong" };
    const stored = {
      dealbreakers: [
        { id: "a", ruleType: "buy_sell_ratio_window", operator: "matches", value: config, enabled: true },
      ],
      ruleGroups: [],
    };
    expect(storedToRules(stored)).toEqual([{ rule: "buy_sell_ratio_window", dealbreaker: true, config }]);
  });
});

describe("storedToRules", () => {
  it("joins a greater_than and a less_than of one rule back into one item with min and max", () => {
    const stored = rulesToStored(
      [
        { rule: "market_cap", dealbreaker: true, min: 10, max: 20 },
        { rule: "market_cap", dealbreaker: false, min: 5 },
      ],
      { view: "list", newId: sequentialIds() },
    );
    expect(storedToRules(stored)).toEqual([
      { rule: "market_cap", dealbreaker: true, min: 10, max: 20 },
      { rule: "market_cap", dealbreaker: false, min: 5 },
    ]);
  });

  it("does not join conditions with different enabled flags", () => {
    const condition = (operator: string, value: number, enabled: boolean) => ({
      id: operator,
      ruleType: "holder_count",
      operator,
      value,
      enabled,
    });
    expect(
      storedToRules({
        dealbreakers: [condition("greater_than", 1, true), condition("less_than", 9, false)],
        ruleGroups: [],
      }),
    ).toEqual([
      { rule: "holder_count", dealbreaker: true, min: 1 },
      { rule: "holder_count", dealbreaker: true, max: 9, enabled: false },
    ]);
  });

  it("throws a StoredRuleError naming the condition that no rule item can express", () => {
    const bad = (ruleType: string, operator: string, value: unknown) => () =>
      storedToRules({
        dealbreakers: [],
        ruleGroups: [
          {
            id: "market",
            name: "Market",
            logic: "AND",
            rules: [{ id: "x", ruleType, operator, value: value as number, enabled: true }],
          },
        ],
      });
    expect(bad("foo", "is", true)).toThrow(
      new StoredRuleError('rule "foo" is not a supported rule id', "ruleGroups[0].rules[0]"),
    );
    expect(bad("market_cap", "equals", 5)).toThrow(
      'ruleGroups[0].rules[0]: operator "equals" with a number value does not fit numeric rule market_cap',
    );
    expect(bad("is_honeypot", "is", "yes")).toThrow(StoredRuleError);
    expect(bad("volume_24h", "matches", 5)).toThrow(StoredRuleError);
  });

  it("reads back the canonical form of any rules, for every rule kind (round trip)", () => {
    fc.assert(
      fc.property(rulesArb, fc.constantFrom("create" as const, "list" as const), (rules, view) => {
        const canonical = canonicalRules(rules);
        const stored = rulesToStored(canonical, { view, newId: sequentialIds() });
        expect(canonicalRules(storedToRules(stored))).toEqual(canonical);
      }),
      { numRuns: 300 },
    );
  });

  it("round-trips every single rule id", () => {
    for (const id of RULE_IDS) {
      fc.assert(
        fc.property(fc.array(ruleItemArb(id), { minLength: 1, maxLength: 4 }), (rules) => {
          const canonical = canonicalRules(rules);
          const stored = rulesToStored(canonical, { view: "list", newId: sequentialIds() });
          expect(canonicalRules(storedToRules(stored))).toEqual(canonical);
        }),
        { numRuns: 30 },
      );
    }
  });
});
