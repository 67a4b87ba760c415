import { describe, expect, it } from "vitest";
import { FORBIDDEN_DEALBREAKERS } from "../../../provider/model";
import { validateRuleItem } from "../../../provider/model/validate-rule-item";
import { IssueList } from "../../../provider/model/validation-checks";
import { base, messages } from "./strategy-input";

/** Messages for base with the given rule items (create). */
function ruleMessages(...rules: unknown[]): string[] {
  return messages({ ...base, rules });
}

describe("validateRuleItem, called directly", () => {
  it("reports under the path it is given and accepts a valid item in silence", () => {
    const issues = new IssueList();
    validateRuleItem({ rule: "liquidity_usd", dealbreaker: false, min: 5, max: 1 }, "item", issues);
    expect(issues.items.map((i) => i.path)).toEqual(["item.max"]);
    expect(issues.items[0]?.message).toMatch(/^item\.max /);
    const none = new IssueList();
    validateRuleItem({ rule: "liquidity_usd", dealbreaker: false, min: 1, max: 5 }, "item", none);
    expect(none.items).toEqual([]);
  });
});

describe("validateStrategyInput: rule items", () => {
  it("names the offending item when it is not an object or lacks rule and dealbreaker", () => {
    expect(ruleMessages("x")).toEqual(['rules[0] must be an object with a rule id, got "x"']);
    expect(ruleMessages({})).toEqual(["rules[0].rule is required", "rules[0].dealbreaker is required"]);
    expect(ruleMessages({ rule: 5, dealbreaker: "yes" })).toEqual([
      "rules[0].rule must be a string, got 5",
      'rules[0].dealbreaker must be a boolean, got "yes"',
    ]);
  });

  it("rejects unknown rule ids and unknown item fields", () => {
    expect(ruleMessages({ rule: "foo", dealbreaker: false })).toEqual([
      'rules[0].rule "foo" is not a supported rule id',
    ]);
    expect(ruleMessages({ rule: "is_honeypot", dealbreaker: false, threshold: 1 })).toEqual([
      "rules[0].threshold is not a supported rule item field",
    ]);
  });

  it.each(Object.values(FORBIDDEN_DEALBREAKERS))("rejects %s as a dealbreaker", (id) => {
    const found = ruleMessages({ rule: id, dealbreaker: true });
    expect(found).toContain(`rules[0].dealbreaker: ${id} cannot be a dealbreaker`);
  });

  describe("boolean rules", () => {
    it("accept enabled true or false", () => {
      expect(ruleMessages({ rule: "is_honeypot", dealbreaker: true, enabled: false })).toEqual([]);
      expect(ruleMessages({ rule: "has_website", dealbreaker: false, enabled: true })).toEqual([]);
    });

    it("must not carry min, max, value or operator", () => {
      expect(
        ruleMessages({
          rule: "is_honeypot",
          dealbreaker: true,
          min: 1,
          max: 2,
          value: "x",
          operator: "equals",
        }),
      ).toEqual([
        "rules[0].min is not allowed on boolean rule is_honeypot",
        "rules[0].max is not allowed on boolean rule is_honeypot",
        "rules[0].value is not allowed on boolean rule is_honeypot",
        "rules[0].operator is not allowed on boolean rule is_honeypot",
      ]);
    });

    it("need a boolean enabled", () => {
      expect(ruleMessages({ rule: "is_honeypot", dealbreaker: true, enabled: "no" })).toEqual([
        'rules[0].enabled must be a boolean, got "no"',
      ]);
    });
  });

  describe("numeric rules", () => {
    const numeric = (fields: object) => ruleMessages({ rule: "liquidity_usd", dealbreaker: true, ...fields });

    it("accept min, max or both", () => {
      expect(numeric({ min: 1000 })).toEqual([]);
      expect(numeric({ max: 5 })).toEqual([]);
      expect(numeric({ min: 0, max: 5, enabled: false })).toEqual([]);
    });

    it("must carry min and/or max", () => {
      expect(numeric({})).toEqual(["rules[0] must carry min and/or max for numeric rule liquidity_usd"]);
    });

    it("need non-negative finite bounds", () => {
      expect(numeric({ min: -1 })).toEqual(["rules[0].min must not be negative, got -1"]);
      expect(numeric({ min: Number.NaN })).toEqual(["rules[0].min must be a finite number, got NaN"]);
      expect(numeric({ max: Number.POSITIVE_INFINITY })).toEqual([
        "rules[0].max must be a finite number, got Infinity",
      ]);
      expect(numeric({ max: "5" })).toEqual(['rules[0].max must be a finite number, got "5"']);
    });

    it("need max greater than min", () => {
      expect(numeric({ min: 5, max: 5 })).toEqual(["rules[0].max must be greater than min (min 5, max 5)"]);
      expect(numeric({ min: 5, max: 1 })).toEqual(["rules[0].max must be greater than min (min 5, max 1)"]);
    });

    it("must not carry value, and carry enabled only as false", () => {
      expect(numeric({ min: 1, value: "x", enabled: true })).toEqual([
        "rules[0].value is not allowed on numeric rule liquidity_usd",
        "rules[0].enabled must be false or omitted on numeric rule liquidity_usd, got true",
      ]);
    });
  });

  describe("enum rules", () => {
    it("accept risk_level in any case and launch_platform exactly", () => {
      expect(ruleMessages({ rule: "risk_level", dealbreaker: true, value: "high" })).toEqual([]);
      expect(
        ruleMessages({
          rule: "launch_platform",
          dealbreaker: false,
          value: "launch_platform_c",
          operator: "not_equals",
        }),
      ).toEqual([]);
    });

    it("must carry a string value", () => {
      expect(ruleMessages({ rule: "risk_level", dealbreaker: true })).toEqual([
        "rules[0].value is required for enum rule risk_level",
      ]);
      expect(ruleMessages({ rule: "risk_level", dealbreaker: true, value: 3 })).toEqual([
        "rules[0].value must be a string, got 3",
      ]);
    });

    it("reject values outside the allowed set", () => {
      expect(ruleMessages({ rule: "risk_level", dealbreaker: true, value: "extreme" })).toEqual([
        'rules[0].value "extreme" is not a valid risk_level; expected one of CRITICAL, HIGH, MEDIUM, LOW (case-insensitive)',
      ]);
      expect(
        ruleMessages({ rule: "launch_platform", dealbreaker: true, value: "LAUNCH_PLATFORM_A" }),
      ).toEqual([
        'rules[0].value "LAUNCH_PLATFORM_A" is not a valid launch_platform; expected one of launch_platform_a, launch_platform_b, launch_platform_c, launch_platform_d, launch_platform_e, launch_platform_f, launch_platform_g',
      ]);
    });

    it("accept only equals and not_equals as operator", () => {
      expect(ruleMessages({ rule: "risk_level", dealbreaker: true, value: "LOW", operator: "gt" })).toEqual([
        'rules[0].operator "gt" is not an enum operator; expected one of equals, not_equals',
      ]);
    });

    it("must not carry enabled, min or max", () => {
      expect(
        ruleMessages({ rule: "risk_level", dealbreaker: true, value: "LOW", enabled: true, min: 1, max: 2 }),
      ).toEqual([
        "rules[0].enabled is not allowed on enum rule risk_level",
        "rules[0].min is not allowed on enum rule risk_level",
        "rules[0].max is not allowed on enum rule risk_level",
      ]);
    });
  });

  describe("object rules", () => {
    const object = (rule: string, config: unknown, extra: object = {}) =>
      ruleMessages({ rule, dealbreaker: false, config, ...extra });

    it("must carry config (clusterConfig for the cluster rule)", () => {
      expect(ruleMessages({ rule: "volume_24h", dealbreaker: false })).toEqual([
        "rules[0].config is required for object rule volume_24h",
      ]);
      expect(ruleMessages({ rule: "coordinated_wallet_cluster", dealbreaker: false, config: {} })).toEqual([
        "rules[0].config is not allowed on object rule coordinated_wallet_cluster; use clusterConfig",
        "rules[0].clusterConfig is required for object rule coordinated_wallet_cluster",
      ]);
      expect(object("volume_24h", { windows: { "1h": 1 } }, { clusterConfig: {} })).toEqual([
        "rules[0].clusterConfig is not allowed on object rule volume_24h; only coordinated_wallet_cluster takes it",
      ]);
    });

    it("must not carry min, max or value, and take a boolean enabled", () => {
      expect(object("volume_24h", { windows: { "1h": 1 } }, { min: 1, value: "x", enabled: 1 })).toEqual([
        "rules[0].min is not allowed on object rule volume_24h",
        "rules[0].value is not allowed on object rule volume_24h",
        "rules[0].enabled must be a boolean, got 1",
      ]);
      expect(object("volume_24h", { windows: { "1h": 1 } }, { enabled: false })).toEqual([]);
    });

    it("check volume_24h windows", () => {
      expect(object("volume_24h", 5)).toEqual(["rules[0].config must be an object, got 5"]);
      expect(object("volume_24h", { windows: {}, foo: 1 })).toEqual([
        "rules[0].config.foo is not a supported field of volume_24h config",
        "rules[0].config.windows must set a threshold for at least one of 5m, 1h, 6h, 24h",
      ]);
      expect(object("volume_24h", { windows: { "10m": 1, "5m": -1 } })).toEqual([
        'rules[0].config.windows["10m"] is not a volume window; expected one of 5m, 1h, 6h, 24h',
        'rules[0].config.windows["5m"] must not be negative, got -1',
      ]);
    });

    it("check the buy/sell ratio and volume spike configs", () => {
      expect(object("buy_sell_ratio_window", { window: "2h" })).toEqual([
        'rules[0].config.window "2h" is not a window label; expected one of 5m, 1h, 6h, 24h',
        "rules[0].config.buyPressure is required",
      ]);
      expect(object("validated_volume_spike", { window: "5m", volumeSpike: "huge" })).toEqual([
        'rules[0].config.volumeSpike "huge" is not a volumeSpike level; expected one of off, noticeable, strong, very_strong, explosive',
      ]);
      expect(object("buy_sell_ratio_window", { window: "1h", buyPressure: "strong" })).toEqual([]);
    });

    it("check the quality wallet configs and walletTypes", () => {
      expect(object("quality_wallet_count", { minWallets: 1.5, walletTypes: [] })).toEqual([
        "rules[0].config.minWallets must be an integer, got 1.5",
        "rules[0].config.walletTypes must not be empty; expected some of smart_wallet, kol, whale, profitable_trader",
      ]);
      expect(
        object("quality_wallet_total_value", { minTotalValueUsd: 100, walletTypes: ["kol", "kol", "bot"] }),
      ).toEqual([
        'rules[0].config.walletTypes[1] repeats "kol"',
        'rules[0].config.walletTypes[2] "bot" is not a wallet type; expected one of smart_wallet, kol, whale, profitable_trader',
      ]);
      expect(
        object("quality_wallet_min_winrate", {
          minWinratePct: 101,
          minWalletsAboveThreshold: 2,
          walletTypes: "kol",
        }),
      ).toEqual([
        "rules[0].config.minWinratePct must be at most 100, got 101",
        'rules[0].config.walletTypes must be an array of wallet types, got "kol"',
      ]);
    });

    it("check the cluster config", () => {
      const cluster = (clusterConfig: unknown) =>
        ruleMessages({ rule: "coordinated_wallet_cluster", dealbreaker: false, clusterConfig });
      expect(cluster({ maxTotalHeldPct: -1, maxSingleClusterPct: 10, maxClusterRisk: "extreme" })).toEqual([
        "rules[0].clusterConfig.maxTotalHeldPct must not be negative, got -1",
        'rules[0].clusterConfig.maxClusterRisk "extreme" is not a cluster risk level; expected one of low, medium, high, very_high',
      ]);
      expect(cluster({ maxTotalHeldPct: 30, maxSingleClusterPct: 10, maxClusterRisk: "high" })).toEqual([]);
    });
  });
});
