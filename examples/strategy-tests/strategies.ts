/**
 * The team's strategy portfolio, defined once: the Pulumi program (index.ts) declares these,
 * and the tests (strategies.test.ts) evaluate them against token fixtures before any `up`.
 */
import type * as sa from "pulumi-strategy-alerts";
import { FIXTURE_DEVELOPER } from "pulumi-strategy-alerts/fixtures";

/** What evaluateStrategy reads (rules, strict), plus what the Strategy resource needs besides. */
export interface StrategyDefinition {
  name: string;
  rules: sa.types.input.RuleItem[];
  strict?: boolean;
  triggers: ("new_token_created" | "token_almost_graduated" | "followed_dev_new_token_created")[];
  triggerConfigs?: {
    followed_dev_new_token_created?: { scope: "wallet"; developerAddress: string };
  };
}

/** Clean launches only: any security flaw is a dealbreaker. */
export const safetyFirst = {
  name: "Safety first",
  triggers: ["new_token_created"],
  strict: true,
  rules: [
    { rule: "is_honeypot", dealbreaker: true },
    { rule: "rugged", dealbreaker: true },
    { rule: "is_mintable", dealbreaker: true },
    { rule: "has_freeze_authority", dealbreaker: true },
    { rule: "has_creator_rug_history", dealbreaker: true },
    { rule: "risk_level", dealbreaker: true, value: "MEDIUM" },
    { rule: "sell_tax", dealbreaker: true, max: 10 },
    { rule: "liquidity_usd", dealbreaker: false, min: 5_000 },
    { rule: "top_10_holder_percent", dealbreaker: false, max: 30 },
    { rule: "at_least_one_social", dealbreaker: false },
  ],
} satisfies StrategyDefinition;

/** Tokens close to graduating, with buyers piling in and smart money aboard. */
export const momentum = {
  name: "Momentum",
  triggers: ["token_almost_graduated"],
  rules: [
    { rule: "is_honeypot", dealbreaker: true },
    { rule: "rugged", dealbreaker: true },
    { rule: "bonding_progress", dealbreaker: false, min: 80 },
    { rule: "volume_24h", dealbreaker: false, config: { windows: { "1h": 50_000 } } },
    { rule: "buy_sell_ratio_window", dealbreaker: false, config: { window: "1h", buyPressure: "strong" } },
    {
      rule: "quality_wallet_count",
      dealbreaker: false,
      config: { minWallets: 3, walletTypes: ["smart_wallet", "kol", "whale"] },
    },
    {
      rule: "coordinated_wallet_cluster",
      dealbreaker: false,
      clusterConfig: { maxTotalHeldPct: 15, maxSingleClusterPct: 10, maxClusterRisk: "medium" },
    },
  ],
} satisfies StrategyDefinition;

/** Every fresh launch of one developer we trust, unless it is a trap. */
export const trustedDeveloper = {
  name: "Trusted developer",
  triggers: ["followed_dev_new_token_created"],
  triggerConfigs: {
    followed_dev_new_token_created: { scope: "wallet", developerAddress: FIXTURE_DEVELOPER },
  },
  rules: [
    { rule: "is_honeypot", dealbreaker: true },
    { rule: "token_age", dealbreaker: false, max: 30 },
    { rule: "has_website", dealbreaker: false },
  ],
} satisfies StrategyDefinition;

export const portfolio: StrategyDefinition[] = [safetyFirst, momentum, trustedDeveloper];
