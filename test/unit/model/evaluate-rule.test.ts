import { describe, expect, it } from "vitest";
import {
  BOOLEAN_RULE_IDS,
  evaluateRule,
  NUMERIC_RULE_IDS,
  RULE_CATALOG,
  RULE_FIELDS,
  RuleEvaluationError,
  type RuleItem,
} from "../../../provider/model";
import { CLEAN_TOKEN, tokenWith } from "./evaluation-fixtures";

const rule = (item: Record<string, unknown>) => ({ dealbreaker: false, ...item }) as RuleItem;

describe("boolean rules", () => {
  it("is_honeypot passes a token that is not a honeypot and fails a honeypot", () => {
    expect(evaluateRule(rule({ rule: "is_honeypot" }), CLEAN_TOKEN)).toMatchObject({
      passed: true,
      actual: false,
    });
    const r = evaluateRule(rule({ rule: "is_honeypot" }), tokenWith({ isHoneypot: true }));
    expect(r).toMatchObject({ passed: false, skipped: false, noData: false, actual: true });
    expect(r.reason).toBe("isHoneypot is true, must be false");
  });

  it("has_website passes a token with a website and fails one without", () => {
    expect(evaluateRule(rule({ rule: "has_website" }), CLEAN_TOKEN).passed).toBe(true);
    expect(evaluateRule(rule({ rule: "has_website" }), tokenWith({ hasWebsite: false })).passed).toBe(false);
  });

  it.each(BOOLEAN_RULE_IDS.filter((id) => id !== "at_least_one_social"))(
    "%s holds when the token's flag equals the catalog's stored polarity",
    (id) => {
      const def = RULE_CATALOG[id];
      const want = def.kind === "boolean" && def.storedValue;
      const field = RULE_FIELDS[id][0];
      expect(evaluateRule(rule({ rule: id }), tokenWith({ [field]: want }))).toMatchObject({ passed: true });
      expect(evaluateRule(rule({ rule: id }), tokenWith({ [field]: !want }))).toMatchObject({
        passed: false,
        skipped: false,
      });
      expect(evaluateRule(rule({ rule: id }), tokenWith({ [field]: undefined }))).toMatchObject({
        passed: false,
        noData: true,
        reason: `no data (${field})`,
      });
    },
  );

  it("enabled=false skips a boolean rule whatever the token says", () => {
    const r = evaluateRule(rule({ rule: "is_honeypot", enabled: false }), tokenWith({ isHoneypot: true }));
    expect(r).toMatchObject({ passed: false, skipped: true, noData: false });
  });

  it("at_least_one_social passes with any one link, fails with none, and has no data when unknown links could decide", () => {
    const none = { hasWebsite: false, hasMessenger: false, hasMicroblog: false };
    const item = rule({ rule: "at_least_one_social" });
    expect(evaluateRule(item, tokenWith({ ...none, hasMessenger: true })).passed).toBe(true);
    expect(evaluateRule(item, tokenWith(none))).toMatchObject({ passed: false, noData: false });
    expect(evaluateRule(item, tokenWith({ ...none, hasMicroblog: undefined }))).toMatchObject({
      noData: true,
    });
    // A known link decides even when another one is unknown.
    expect(evaluateRule(item, tokenWith({ ...none, hasWebsite: true, hasMicroblog: undefined })).passed).toBe(
      true,
    );
  });
});

describe("numeric rules", () => {
  it("min is exclusive: liquidity_usd min 10000 fails at exactly 10000 and passes above", () => {
    const item = rule({ rule: "liquidity_usd", min: 10_000 });
    expect(evaluateRule(item, tokenWith({ liquidityUsd: 10_000 }))).toMatchObject({
      passed: false,
      reason: "liquidityUsd 10000 is not greater than 10000",
      actual: 10_000,
    });
    expect(evaluateRule(item, tokenWith({ liquidityUsd: 10_000.01 })).passed).toBe(true);
  });

  it("max is exclusive: dev_wallet_percent max 5 fails at exactly 5 and passes below", () => {
    const item = rule({ rule: "dev_wallet_percent", max: 5 });
    expect(evaluateRule(item, tokenWith({ devWalletPercent: 5 })).passed).toBe(false);
    expect(evaluateRule(item, tokenWith({ devWalletPercent: 4.99 })).passed).toBe(true);
  });

  it("min and max together require a value strictly between them", () => {
    const item = rule({ rule: "market_cap", min: 10_000, max: 100_000 });
    expect(evaluateRule(item, tokenWith({ marketCap: 50_000 })).passed).toBe(true);
    expect(evaluateRule(item, tokenWith({ marketCap: 5_000 })).passed).toBe(false);
    const above = evaluateRule(item, tokenWith({ marketCap: 200_000 }));
    expect(above).toMatchObject({ passed: false, reason: "marketCap 200000 is not less than 100000" });
  });

  it("token_age compares minutes", () => {
    const item = rule({ rule: "token_age", max: 60 });
    expect(evaluateRule(item, tokenWith({ ageMinutes: 59 })).passed).toBe(true);
    expect(evaluateRule(item, tokenWith({ ageMinutes: 90 })).passed).toBe(false);
  });

  it.each(NUMERIC_RULE_IDS)(
    "%s reads its field, fails outside the bounds and has no data without the field",
    (id) => {
      const field = RULE_FIELDS[id][0];
      const item = rule({ rule: id, min: 10, max: 20 });
      expect(evaluateRule(item, tokenWith({ [field]: 15 })).passed).toBe(true);
      expect(evaluateRule(item, tokenWith({ [field]: 25 })).passed).toBe(false);
      expect(evaluateRule(item, tokenWith({ [field]: 10 })).passed).toBe(false);
      expect(evaluateRule(item, tokenWith({ [field]: undefined }))).toMatchObject({
        noData: true,
        passed: false,
      });
    },
  );

  it("enabled=false skips a numeric rule", () => {
    const r = evaluateRule(rule({ rule: "liquidity_usd", min: 1e9, enabled: false }), CLEAN_TOKEN);
    expect(r).toMatchObject({ skipped: true, passed: false });
  });

  it("a value of the wrong type reads as no data instead of comparing", () => {
    const r = evaluateRule(rule({ rule: "liquidity_usd", min: 1 }), tokenWith({ liquidityUsd: "5000" }));
    expect(r).toMatchObject({ noData: true, reason: "no data (liquidityUsd)" });
    expect(
      evaluateRule(rule({ rule: "liquidity_usd", min: 1 }), tokenWith({ liquidityUsd: Number.NaN })).noData,
    ).toBe(true);
  });
});

describe("enum rules", () => {
  const risk = (value: string, operator?: string) =>
    rule({ rule: "risk_level", value, ...(operator === undefined ? {} : { operator }) });

  it("risk_level equals HIGH is a threshold: it matches HIGH, MEDIUM and LOW but not CRITICAL", () => {
    for (const level of ["HIGH", "MEDIUM", "LOW"])
      expect(evaluateRule(risk("HIGH"), tokenWith({ riskLevel: level })).passed).toBe(true);
    expect(evaluateRule(risk("HIGH"), tokenWith({ riskLevel: "CRITICAL" }))).toMatchObject({
      passed: false,
      reason: "riskLevel CRITICAL is above HIGH",
    });
  });

  it("risk_level equals LOW matches only LOW", () => {
    expect(evaluateRule(risk("LOW"), tokenWith({ riskLevel: "LOW" })).passed).toBe(true);
    expect(evaluateRule(risk("LOW"), tokenWith({ riskLevel: "MEDIUM" })).passed).toBe(false);
  });

  it("risk_level equals CRITICAL matches every level", () => {
    for (const level of ["CRITICAL", "HIGH", "MEDIUM", "LOW"])
      expect(evaluateRule(risk("CRITICAL"), tokenWith({ riskLevel: level })).passed).toBe(true);
  });

  it("risk_level values are case-insensitive", () => {
    expect(evaluateRule(risk("medium"), tokenWith({ riskLevel: "LOW" })).passed).toBe(true);
    expect(evaluateRule(risk("Medium"), tokenWith({ riskLevel: "HIGH" })).passed).toBe(false);
  });

  it("risk_level not_equals excludes exactly that level", () => {
    expect(evaluateRule(risk("CRITICAL", "not_equals"), tokenWith({ riskLevel: "CRITICAL" })).passed).toBe(
      false,
    );
    expect(evaluateRule(risk("CRITICAL", "not_equals"), tokenWith({ riskLevel: "HIGH" })).passed).toBe(true);
    expect(evaluateRule(risk("MEDIUM", "not_equals"), tokenWith({ riskLevel: "CRITICAL" })).passed).toBe(
      true,
    );
  });

  it("risk_level without a token level has no data", () => {
    expect(evaluateRule(risk("HIGH"), tokenWith({ riskLevel: undefined })).noData).toBe(true);
  });

  it("launch_platform equals and not_equals are exact", () => {
    const on = (value: string, operator?: string) =>
      rule({ rule: "launch_platform", value, ...(operator === undefined ? {} : { operator }) });
    const token = tokenWith({ launchPlatform: "launch_platform_b" });
    expect(evaluateRule(on("launch_platform_b"), token).passed).toBe(true);
    expect(evaluateRule(on("launch_platform_a"), token).passed).toBe(false);
    expect(evaluateRule(on("launch_platform_b", "not_equals"), token).passed).toBe(false);
    expect(evaluateRule(on("launch_platform_a", "not_equals"), token).passed).toBe(true);
    expect(
      evaluateRule(on("launch_platform_a", "not_equals"), tokenWith({ launchPlatform: undefined })).noData,
    ).toBe(true);
  });
});

describe("object rules", () => {
  it("volume_24h requires at least each given window threshold", () => {
    const item = rule({ rule: "volume_24h", config: { windows: { "1h": 15_000, "24h": 50_000 } } });
    expect(evaluateRule(item, CLEAN_TOKEN)).toMatchObject({
      passed: true,
      actual: { "1h": 15_000, "24h": 60_000 },
    });
    const low = evaluateRule(item, tokenWith({ volumeUsd: { "1h": 14_999, "24h": 60_000 } }));
    expect(low).toMatchObject({ passed: false, reason: "volumeUsd.1h 14999 is below 15000" });
  });

  it("volume_24h has no data for a missing window unless another window already fails", () => {
    const item = rule({ rule: "volume_24h", config: { windows: { "5m": 100, "6h": 1_000 } } });
    expect(evaluateRule(item, tokenWith({ volumeUsd: { "5m": 500 } }))).toMatchObject({
      noData: true,
      reason: "no data (volumeUsd.6h)",
    });
    expect(evaluateRule(item, tokenWith({ volumeUsd: { "5m": 50 } }))).toMatchObject({
      noData: false,
      passed: false,
    });
    expect(evaluateRule(item, tokenWith({ volumeUsd: undefined })).noData).toBe(true);
  });

  it("buy_sell_ratio_window requires at least the configured pressure in that window", () => {
    const at = (buyPressure: string, window = "5m") =>
      evaluateRule(rule({ rule: "buy_sell_ratio_window", config: { window, buyPressure } }), CLEAN_TOKEN);
    expect(at("strong").passed).toBe(true); // 5m is strong
    expect(at("moderate").passed).toBe(true);
    expect(at("aggressive")).toMatchObject({
      passed: false,
      reason: "buyPressure.5m strong is below aggressive",
    });
    expect(at("moderate", "6h").passed).toBe(false); // 6h is slight
  });

  it("buy_sell_ratio_window with pressure off is skipped", () => {
    const r = evaluateRule(
      rule({ rule: "buy_sell_ratio_window", config: { window: "1h", buyPressure: "off" } }),
      tokenWith({ buyPressure: undefined }),
    );
    expect(r).toMatchObject({ skipped: true, passed: false, noData: false });
  });

  it("validated_volume_spike requires at least the configured spike in that window", () => {
    const at = (volumeSpike: string, window: string) =>
      evaluateRule(rule({ rule: "validated_volume_spike", config: { window, volumeSpike } }), CLEAN_TOKEN);
    expect(at("very_strong", "5m").passed).toBe(true);
    expect(at("explosive", "5m").passed).toBe(false);
    expect(at("noticeable", "24h").passed).toBe(false); // 24h is off
    expect(at("off", "24h").skipped).toBe(true);
    expect(
      evaluateRule(
        rule({ rule: "validated_volume_spike", config: { window: "1h", volumeSpike: "strong" } }),
        tokenWith({ volumeSpike: { "5m": "explosive" } }),
      ).noData,
    ).toBe(true);
  });

  it("quality_wallet_count counts only wallets of the listed types, at least minWallets", () => {
    const count = (minWallets: number, walletTypes: string[]) =>
      evaluateRule(rule({ rule: "quality_wallet_count", config: { minWallets, walletTypes } }), CLEAN_TOKEN);
    expect(count(2, ["smart_wallet"])).toMatchObject({ passed: true, actual: 2 });
    expect(count(3, ["smart_wallet"]).passed).toBe(false);
    expect(count(3, ["smart_wallet", "kol"]).passed).toBe(true);
    expect(count(1, ["profitable_trader"]).passed).toBe(false);
  });

  it("quality wallet rules treat an empty list as none and a missing list as no data", () => {
    const item = rule({ rule: "quality_wallet_count", config: { minWallets: 1, walletTypes: ["kol"] } });
    expect(evaluateRule(item, tokenWith({ qualityWallets: [] }))).toMatchObject({
      passed: false,
      noData: false,
    });
    expect(evaluateRule(item, tokenWith({ qualityWallets: undefined }))).toMatchObject({ noData: true });
    const zero = rule({ rule: "quality_wallet_count", config: { minWallets: 0, walletTypes: ["kol"] } });
    expect(evaluateRule(zero, tokenWith({ qualityWallets: [] })).passed).toBe(true);
  });

  it("quality_wallet_total_value sums what qualifying wallets paid, at least minTotalValueUsd", () => {
    const value = (minTotalValueUsd: number, walletTypes: string[]) =>
      evaluateRule(
        rule({ rule: "quality_wallet_total_value", config: { minTotalValueUsd, walletTypes } }),
        CLEAN_TOKEN,
      );
    expect(value(4_000, ["smart_wallet"])).toMatchObject({ passed: true, actual: 4_000 });
    expect(value(4_001, ["smart_wallet"]).passed).toBe(false);
    expect(value(29_000, ["smart_wallet", "kol", "whale"]).passed).toBe(true);
  });

  it("quality_wallet_min_winrate counts qualifying wallets at or above the winrate", () => {
    const winrate = (minWinratePct: number, minWalletsAboveThreshold: number, walletTypes: string[]) =>
      evaluateRule(
        rule({
          rule: "quality_wallet_min_winrate",
          config: { minWinratePct, minWalletsAboveThreshold, walletTypes },
        }),
        CLEAN_TOKEN,
      );
    expect(winrate(65, 2, ["smart_wallet", "kol"])).toMatchObject({ passed: true, actual: 2 });
    expect(winrate(66, 2, ["smart_wallet", "kol"]).passed).toBe(false);
    expect(winrate(50, 2, ["smart_wallet"]).passed).toBe(true);
    expect(winrate(50, 1, ["whale"]).passed).toBe(false);
  });

  it("coordinated_wallet_cluster checks total held, largest cluster and worst risk, all inclusive", () => {
    const cluster = (maxTotalHeldPct: number, maxSingleClusterPct: number, maxClusterRisk: string) =>
      evaluateRule(
        rule({
          rule: "coordinated_wallet_cluster",
          clusterConfig: { maxTotalHeldPct, maxSingleClusterPct, maxClusterRisk },
        }),
        CLEAN_TOKEN,
      );
    // CLEAN_TOKEN: clusters of 5% (low) and 8% (medium).
    expect(cluster(13, 8, "medium")).toMatchObject({
      passed: true,
      actual: { clusters: 2, totalHeldPct: 13, largestHeldPct: 8, worstRisk: "medium" },
    });
    expect(cluster(12, 8, "medium")).toMatchObject({
      passed: false,
      reason: "clusters hold 13% in total, more than 12%",
    });
    expect(cluster(20, 7, "medium").reason).toBe("a cluster holds 8%, more than 7%");
    expect(cluster(20, 10, "low").reason).toBe("cluster risk medium is above low");
    expect(cluster(12, 7, "low").reason.split("; ")).toHaveLength(3);
  });

  it("coordinated_wallet_cluster passes a token without clusters and has no data without the list", () => {
    const item = rule({
      rule: "coordinated_wallet_cluster",
      clusterConfig: { maxTotalHeldPct: 0, maxSingleClusterPct: 0, maxClusterRisk: "low" },
    });
    expect(evaluateRule(item, tokenWith({ clusters: [] })).passed).toBe(true);
    expect(evaluateRule(item, tokenWith({ clusters: undefined })).noData).toBe(true);
  });

  it("coordinated_wallet_cluster adds held percentages without floating-point drift", () => {
    const item = rule({
      rule: "coordinated_wallet_cluster",
      clusterConfig: { maxTotalHeldPct: 30.3, maxSingleClusterPct: 50, maxClusterRisk: "very_high" },
    });
    const token = tokenWith({
      clusters: [
        { heldPct: 10.1, risk: "low" },
        { heldPct: 20.2, risk: "low" },
      ],
    });
    expect(evaluateRule(item, token).passed).toBe(true);
  });

  it("enabled=false skips an object rule", () => {
    const item = rule({
      rule: "quality_wallet_count",
      enabled: false,
      config: { minWallets: 99, walletTypes: ["kol"] },
    });
    expect(evaluateRule(item, CLEAN_TOKEN).skipped).toBe(true);
  });
});

describe("invalid items", () => {
  it("an unknown rule id throws RuleEvaluationError naming the problem", () => {
    expect(() => evaluateRule(rule({ rule: "no_such_rule" }), CLEAN_TOKEN)).toThrow(RuleEvaluationError);
  });

  it("a numeric rule without bounds throws RuleEvaluationError", () => {
    expect(() => evaluateRule(rule({ rule: "liquidity_usd" }), CLEAN_TOKEN)).toThrow(/min and\/or max/);
  });
});
