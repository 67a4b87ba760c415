import { describe, expect, it } from "vitest";
import { evaluateRule, type RuleItem } from "../../../provider/model";
import { evaluateVolumeWindows } from "../../../provider/model/object-rules";
import { CLEAN_TOKEN, tokenWith } from "./evaluation-fixtures";

const rule = (item: Record<string, unknown>) => ({ dealbreaker: false, ...item }) as RuleItem;

describe("the object evaluators, called directly", () => {
  it("volume_24h reports each window's volume as its actual value", () => {
    const item = {
      rule: "volume_24h",
      dealbreaker: false,
      config: { windows: { "1h": 100, "24h": 1000 } },
    } as const;
    const outcome = evaluateVolumeWindows(item, tokenWith({ volumeUsd: { "1h": 100, "24h": 999 } }));
    expect(outcome.status).toBe("fail");
    expect(outcome.actual).toEqual({ "1h": 100, "24h": 999 });
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
