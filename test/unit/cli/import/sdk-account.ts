/**
 * Accounts for the Go and Python writers' tests: every kind of rule item, trigger config and
 * reference (`richAccount`), and the same account named with hostile text (`hostileAccount`).
 */
import type { AccountSnapshot } from "../../../../cli/import/read-account";
import { rulesToStored } from "../../../../provider/model/rule-mapping";
import type { StrategyInput } from "../../../../provider/model/strategy";
import { accountSnapshot, DEV_ALICE, DEV_BOB, listedStrategy } from "../../../support/import-account";

const uuid = (i: number) => `${String(i).padStart(8, "0")}-0000-4000-8000-000000000000`;
export const DEV_TAG = uuid(900);
const MICROBLOG_TAG = uuid(901);

type Body = Omit<StrategyInput, "rules"> & { rules: StrategyInput["rules"]; triggerConfigs?: unknown };

const BODIES: Body[] = [
  {
    name: "Safety first",
    description: 'Clean launches only: no honeypots, no "rugs".',
    triggers: ["new_token_created", "token_graduated"],
    rules: [
      { rule: "is_honeypot", dealbreaker: true, enabled: true },
      { rule: "is_mintable", dealbreaker: false, enabled: false },
      { rule: "risk_level", dealbreaker: true, value: "medium" },
      { rule: "launch_platform", dealbreaker: false, value: "launch_platform_b", operator: "not_equals" },
      { rule: "liquidity_usd", dealbreaker: false, min: 10_000, max: 2_000_000.5 },
    ],
    isActive: true,
    strict: true,
    alertCooldownMins: 60,
    retryPolicy: { type: "QUICK_RETRY", maxAttempts: 3, delayMinutes: 5 },
  },
  {
    name: "Momentum",
    triggers: ["token_almost_graduated", "microblog_mention_direct", "post_metadata_match"],
    triggerConfigs: {
      microblog_mention_direct: { tagId: MICROBLOG_TAG },
      post_metadata_match: { tagId: "all" },
    },
    rules: [
      { rule: "volume_24h", dealbreaker: false, config: { windows: { "5m": 5_000, "1h": 40_000 } } },
      { rule: "buy_sell_ratio_window", dealbreaker: false, config: { window: "1h", buyPressure: "strong" } },
      {
        rule: "validated_volume_spike",
        dealbreaker: true,
        config: { window: "5m", volumeSpike: "very_strong" },
      },
      { rule: "quality_wallet_count", dealbreaker: false, config: { minWallets: 3, walletTypes: ["whale"] } },
      {
        rule: "quality_wallet_total_value",
        dealbreaker: false,
        config: { minTotalValueUsd: 25_000, walletTypes: ["kol"] },
      },
      {
        rule: "quality_wallet_min_winrate",
        dealbreaker: false,
        config: { minWinratePct: 60, minWalletsAboveThreshold: 2, walletTypes: ["profitable_trader"] },
      },
      {
        rule: "coordinated_wallet_cluster",
        dealbreaker: false,
        clusterConfig: { maxTotalHeldPct: 20, maxSingleClusterPct: 8, maxClusterRisk: "medium" },
      },
    ],
    isActive: true,
    matching: { enabled: true, minPercent: 75 },
  },
  {
    name: "Alice's launches",
    triggers: ["followed_dev_new_token_created"],
    triggerConfigs: { followed_dev_new_token_created: { scope: "wallet", developerAddress: DEV_ALICE } },
    rules: [{ rule: "is_honeypot", dealbreaker: true }],
    isActive: false,
  },
  {
    name: "Tagged developers",
    triggers: ["followed_dev_new_token_created"],
    triggerConfigs: { followed_dev_new_token_created: { scope: "tag", tagId: DEV_TAG } },
    rules: [{ rule: "has_freeze_authority", dealbreaker: true }],
    isActive: false,
  },
];

/**
 * An account with every kind of rule item and trigger config, named by `names` (strategies, in
 * turn), `alias` (the first developer and its tag) and `description` (the first strategy's).
 */
export function richAccount(
  options: { names?: string[]; alias?: string; description?: string; webhookUrl?: string } = {},
): AccountSnapshot {
  const strategies = BODIES.map((body, i) => {
    const { rules, isActive, triggers, name, ...fields } = body;
    return listedStrategy(uuid(i + 1), options.names?.[i % options.names.length] ?? name, {
      ...fields,
      ...(i === 0 && options.description !== undefined ? { description: options.description } : {}),
      triggers: triggers.map((eventType, n) => ({ id: `t${n}`, eventType, enabled: true })),
      ...rulesToStored(rules, { view: "list" }),
      isActive: isActive === true,
    } as never);
  });
  const alias = options.alias ?? "Alice the deployer";
  return accountSnapshot({
    strategies,
    developers: [
      { address: DEV_ALICE, alias, isActive: true, tagIds: [DEV_TAG] },
      { address: DEV_BOB, isActive: false, tagIds: [] },
    ],
    developerTags: [{ id: DEV_TAG, name: alias }],
    microblogTags: [{ id: MICROBLOG_TAG, name: "KOL Majors" }] as never,
    webhook: {
      enabled: true,
      url: options.webhookUrl ?? "https://user:pass@hooks.example.com/in",
      hasSecret: true,
    },
  });
}
