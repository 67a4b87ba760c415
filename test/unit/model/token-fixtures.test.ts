import { describe, expect, it } from "vitest";
import {
  evaluateRule,
  RULE_IDS,
  TOKEN_FIELDS,
  type TokenObservation,
  TokenObservationSchema,
} from "../../../provider/model";
import { getRuleDefinition } from "../../../provider/model/rule-catalog";
import * as tokens from "../../../provider/model/token-fixtures";

const tokenFixtures = Object.fromEntries(
  Object.entries(tokens).filter(([, value]) => typeof value === "object"),
) as Record<string, TokenObservation>;

/** A rule item of each rule id that needs data to decide (any threshold will do). */
function sampleItem(rule: string): Record<string, unknown> {
  const kind = getRuleDefinition(rule)!.kind;
  if (kind === "boolean") return { rule, dealbreaker: false };
  if (kind === "numeric") return { rule, dealbreaker: false, min: 0 };
  if (rule === "risk_level") return { rule, dealbreaker: false, value: "HIGH" };
  if (rule === "launch_platform") return { rule, dealbreaker: false, value: "launch_platform_a" };
  const walletTypes = ["smart_wallet"];
  const configs: Record<string, Record<string, unknown>> = {
    volume_24h: { config: { windows: { "1h": 1 } } },
    buy_sell_ratio_window: { config: { window: "1h", buyPressure: "slight" } },
    validated_volume_spike: { config: { window: "5m", volumeSpike: "noticeable" } },
    quality_wallet_count: { config: { minWallets: 1, walletTypes } },
    quality_wallet_total_value: { config: { minTotalValueUsd: 1, walletTypes } },
    quality_wallet_min_winrate: { config: { minWinratePct: 1, minWalletsAboveThreshold: 1, walletTypes } },
    coordinated_wallet_cluster: {
      clusterConfig: { maxTotalHeldPct: 50, maxSingleClusterPct: 50, maxClusterRisk: "high" },
    },
  };
  return { rule, dealbreaker: false, ...configs[rule] };
}

describe("token fixtures", () => {
  it("are the six named observations", () => {
    expect(Object.keys(tokenFixtures).sort()).toEqual([
      "followedDeveloperLaunch",
      "graduatedWinner",
      "graduatingToken",
      "healthyLaunch",
      "honeypot",
      "rug",
    ]);
    expect(tokens.followedDeveloperLaunch.developerAddress).toBe(tokens.FIXTURE_DEVELOPER);
  });

  it.each(Object.entries(tokenFixtures))("%s is a complete, valid observation", (_name, token) => {
    expect(TokenObservationSchema.parse(token)).toEqual(token);
    expect(TOKEN_FIELDS.filter((f) => token[f] === undefined)).toEqual([]);
  });

  it.each(Object.entries(tokenFixtures))("%s gives every rule id data to decide on", (_name, token) => {
    const noData = RULE_IDS.filter((rule) => evaluateRule(sampleItem(rule) as never, token).noData);
    expect(noData).toEqual([]);
  });

  it("are distinct tokens", () => {
    const addresses = Object.values(tokenFixtures).map((t) => t.address);
    expect(new Set(addresses).size).toBe(addresses.length);
  });
});
