/**
 * A token-alerting strategy portfolio declared as code.
 *
 * Review a change to this file in a pull request, run `pulumi preview` in CI to see exactly what
 * it changes (invalid rules and the plan's active-strategy limit fail the preview, before
 * anything is applied), and `pulumi up` to apply it.
 *
 * Stack config:
 *   strategy-alerts:apiKey      your API key (always `pulumi config set --secret`)
 *   strategy-alerts:baseUrl     the API base URL, ending in /api/external/v1
 *   portfolio:webhookUrl        optional: where signed alerts are delivered
 *   portfolio:requireVerified   optional, default true: fail the update when the webhook url
 *                               does not answer the verification handshake
 *   portfolio:developerAddress  optional: the developer wallet to follow
 *   portfolio:exclusive         optional, default false: deactivate every active strategy of
 *                               the account that this portfolio does not declare
 *   portfolio:safetyMinLiquidity optional, default 5000: the liquidity (USD) "Safety first"
 *                               requires; `npm run demo` raises it to review a change
 */
import * as pulumi from "@pulumi/pulumi";
import * as sa from "pulumi-strategy-alerts";

const config = new pulumi.Config("portfolio");

// ---------------------------------------------------------------------------------------------
// Lookups: ids the app assigns (tags) are looked up by name instead of being pasted into code.
// They are read-only requests and run during preview too.
// ---------------------------------------------------------------------------------------------

/** The id of the tag with this name, failing with the names that exist when there is none. */
function tagId(tags: { id: string; name: string }[], name: string): string {
  const tag = tags.find((t) => t.name === name);
  if (!tag) {
    const names = tags.map((t) => t.name).join(", ");
    throw new pulumi.RunError(`no tag named "${name}"; the account has: ${names}`);
  }
  return tag.id;
}

const developerTags = pulumi.output(sa.getDeveloperTags());
const microblogTags = pulumi.output(sa.getMicroblogTags({ scope: "platform" }));

// ---------------------------------------------------------------------------------------------
// 1. Safety first: a strict set of dealbreakers for every new launch. Any failed dealbreaker
//    rejects the token; the other rules (grouped by product area) must all pass too.
// ---------------------------------------------------------------------------------------------
const safetyFirst = new sa.Strategy("safety-first", {
  name: "Safety first",
  description: "New launches with no contract red flags, a spread-out holder base and real liquidity.",
  triggers: ["new_token_created"],
  rules: [
    // Boolean dealbreakers: `enabled: true` applies the check (the flaw must be absent).
    { rule: "is_honeypot", dealbreaker: true, enabled: true },
    { rule: "is_mintable", dealbreaker: true, enabled: true },
    { rule: "has_freeze_authority", dealbreaker: true, enabled: true },
    { rule: "rugged", dealbreaker: true, enabled: true },
    { rule: "has_creator_rug_history", dealbreaker: true, enabled: true },
    // Enum rules act as a threshold: MEDIUM accepts MEDIUM and LOW.
    { rule: "risk_level", dealbreaker: true, value: "MEDIUM" },
    // Numeric rules: min and/or max.
    { rule: "top_10_holder_percent", dealbreaker: true, max: 30 },
    { rule: "sell_tax", dealbreaker: true, max: 10 },
    // Non-dealbreakers: grouped (Market, Socials) and ANDed within a group.
    { rule: "liquidity_usd", dealbreaker: false, min: config.getNumber("safetyMinLiquidity") ?? 5_000 },
    { rule: "holder_count", dealbreaker: false, min: 100 },
    { rule: "has_website", dealbreaker: false, enabled: true },
  ],
  alertCooldownMins: 60,
});

// ---------------------------------------------------------------------------------------------
// 2. Momentum: tokens that KOLs mention or that are close to graduating, with volume, buy
//    pressure and quality wallets behind them. Object rules carry a `config`; the cluster rule
//    a `clusterConfig`. (Quality-wallet and cluster rules cannot be dealbreakers.)
// ---------------------------------------------------------------------------------------------
const momentum = new sa.Strategy("momentum", {
  name: "Momentum",
  description: "Mentioned by KOLs or about to graduate, with volume and smart money behind it.",
  triggers: ["microblog_mention_direct", "token_almost_graduated"],
  triggerConfigs: {
    microblog_mention_direct: { tagId: microblogTags.apply((tags) => tagId(tags, "KOL Majors")) },
  },
  rules: [
    { rule: "is_honeypot", dealbreaker: true, enabled: true },
    { rule: "rugged", dealbreaker: true, enabled: true },
    { rule: "liquidity_usd", dealbreaker: true, min: 5_000 },
    { rule: "volume_24h", dealbreaker: false, config: { windows: { "5m": 2_000, "1h": 10_000 } } },
    { rule: "buy_sell_ratio_window", dealbreaker: false, config: { window: "1h", buyPressure: "strong" } },
    { rule: "validated_volume_spike", dealbreaker: false, config: { window: "5m", volumeSpike: "strong" } },
    {
      rule: "quality_wallet_count",
      dealbreaker: false,
      config: { minWallets: 3, walletTypes: ["smart_wallet", "kol", "profitable_trader"] },
    },
    {
      rule: "coordinated_wallet_cluster",
      dealbreaker: false,
      clusterConfig: { maxTotalHeldPct: 15, maxSingleClusterPct: 10, maxClusterRisk: "medium" },
    },
  ],
  alertCooldownMins: 30,
  // At least 80% of the non-dealbreaker rules must pass, instead of every group.
  matching: { enabled: true, minPercent: 80 },
});

// ---------------------------------------------------------------------------------------------
// 3. A developer we follow, tagged, and a strategy for that wallet's new launches.
// ---------------------------------------------------------------------------------------------
const dev = new sa.FollowedDeveloper("trusted-dev", {
  address: config.get("developerAddress") ?? "5p2hWfGq8V7aZ9kNnR3sT4uX6yB1cD2eF3gH4jK5mL6",
  alias: "trusted launcher",
  // The account may follow this wallet already (the demo account does, from the app): take it
  // over on purpose. Without this, a preview stops on a developer someone else holds.
  adopt: true,
});

new sa.DeveloperTags("trusted-dev-tags", {
  // dev.address (an output) makes the tags wait until the developer is followed.
  address: dev.address,
  tagIds: developerTags.apply((tags) => [tagId(tags, "Trusted"), tagId(tags, "Watchlist")]),
});

const devLaunches = new sa.Strategy("dev-launches", {
  name: "Trusted developer launches",
  description: "Every new token of the followed trusted developer, unless it is obviously unsafe.",
  triggers: ["followed_dev_new_token_created"],
  // scope "wallet" names one followed developer; naming dev.address orders this after the follow.
  triggerConfigs: { followed_dev_new_token_created: { scope: "wallet", developerAddress: dev.address } },
  rules: [
    { rule: "is_honeypot", dealbreaker: true, enabled: true },
    { rule: "dev_wallet_percent", dealbreaker: true, max: 5 },
    { rule: "liquidity_usd", dealbreaker: false, min: 1_000 },
  ],
});

// ---------------------------------------------------------------------------------------------
// 4. Where alerts go: the account's webhook (only when a url is configured). With
//    requireVerified (the default) an url that fails the handshake fails the update; the url
//    and the signing secret are kept and the next `up` verifies again.
// ---------------------------------------------------------------------------------------------
const webhookUrl = config.get("webhookUrl");
const webhook = webhookUrl
  ? new sa.Webhook("alerts-webhook", {
      url: webhookUrl,
      enabled: true,
      requireVerified: config.getBoolean("requireVerified") ?? true,
    })
  : undefined;

// ---------------------------------------------------------------------------------------------
// 5. Which strategies are active: one StrategyActivation holds the whole active set of the
//    stack. Its preview checks the set against the plan's active limit; strategies are created
//    inactive and only this resource activates them.
// ---------------------------------------------------------------------------------------------
const activation = new sa.StrategyActivation("active-set", {
  strategyIds: [safetyFirst.strategyId, momentum.strategyId, devLaunches.strategyId],
  exclusive: config.getBoolean("exclusive") ?? false,
});

// ---------------------------------------------------------------------------------------------
// Outputs (`pulumi stack output`; the webhook secret only with --show-secrets).
// ---------------------------------------------------------------------------------------------
export const strategyIds = {
  safetyFirst: safetyFirst.strategyId,
  momentum: momentum.strategyId,
  devLaunches: devLaunches.strategyId,
};
export const activeStrategyIds = activation.activeStrategyIds;
export const followedDeveloper = dev.address;
export const webhookVerifiedAt = webhook?.verifiedAt;
/** The signing secret for verifying deliveries (sa.verifyWebhook); stored encrypted. */
export const webhookSecret = webhook ? pulumi.secret(webhook.secret) : undefined;
