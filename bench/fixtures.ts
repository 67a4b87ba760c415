import { RULE_CATALOG, RULE_IDS, type RuleId } from "../provider/model/rule-catalog";
import type { RuleItem } from "../provider/model/rule-items";
import type { StrategyInput } from "../provider/model/strategy";

/** A valid config for every object rule (service-api.md#object-rule-configs). */
const OBJECT_CONFIGS: Partial<Record<RuleId, Record<string, unknown>>> = {
  volume_24h: { windows: { "5m": 1000, "1h": 5000, "24h": 50_000 } },
  buy_sell_ratio_window: { window: "1h", buyPressure: "moderate" },
  validated_volume_spike: { window: "5m", volumeSpike: "strong" },
  quality_wallet_count: { minWallets: 3, walletTypes: ["whale", "smart_wallet"] },
  quality_wallet_total_value: { minTotalValueUsd: 2500, walletTypes: ["kol"] },
  quality_wallet_min_winrate: {
    minWinratePct: 55,
    minWalletsAboveThreshold: 2,
    walletTypes: ["profitable_trader"],
  },
  coordinated_wallet_cluster: { maxTotalHeldPct: 30, maxSingleClusterPct: 10, maxClusterRisk: "medium" },
};

/** One valid rule item of the given id; every third item that may be a dealbreaker is one. */
function ruleItem(id: RuleId, index: number): RuleItem {
  const def = RULE_CATALOG[id];
  const dealbreaker = def.dealbreakerAllowed && index % 3 === 0;
  switch (def.kind) {
    case "boolean":
      return { rule: id, dealbreaker, enabled: true } as RuleItem;
    case "numeric":
      return { rule: id, dealbreaker, min: 1 + (index % 5), max: 40 + index } as RuleItem;
    case "enum":
      return (
        id === "risk_level"
          ? { rule: id, dealbreaker, value: "high" }
          : { rule: id, dealbreaker, value: "launch_platform_a", operator: "not_equals" }
      ) as RuleItem;
    case "object":
      return { rule: id, dealbreaker, [def.configKey]: OBJECT_CONFIGS[id] } as RuleItem;
  }
}

/**
 * A strategy with `count` rules (at most 50, the per-strategy maximum) covering every rule
 * kind: the catalog's rules in order (security, market, volume/activity, clusters, socials…),
 * listed in reverse so canonicalisation has real sorting to do.
 */
export function bigStrategy(count = 50): StrategyInput {
  const rules = RULE_IDS.slice(0, count).map(ruleItem).reverse();
  return {
    name: `Benchmark portfolio (${count} rules)`,
    description: "Every rule kind, dealbreakers and groups, as a large real portfolio would have.",
    triggers: ["token_graduated", "new_token_created", "token_almost_graduated"],
    rules,
    isActive: false,
    strict: true,
    alertCooldownMins: 30,
    matching: { enabled: true, minPercent: 80 },
  };
}
