/**
 * Which token fields each rule id reads: one table, keyed by every rule id, so a rule added
 * to the catalog without a field is a type error here (and a failing test). The evaluators
 * read exactly these fields; a test checks that a token holding only them evaluates the same.
 */
import type { RuleId } from "./rule-catalog";
import type { TokenField } from "./token";

export const RULE_FIELDS = {
  // Security
  is_honeypot: ["isHoneypot"],
  is_mintable: ["isMintable"],
  top_10_holder_percent: ["top10HolderPercent"],
  dev_wallet_percent: ["devWalletPercent"],
  is_lp_locked: ["lpLocked"],
  risk_level: ["riskLevel"],
  rugged: ["rugged"],
  lp_locked_pct: ["lpLockedPct"],
  has_freeze_authority: ["hasFreezeAuthority"],
  has_high_ownership: ["hasHighOwnership"],
  has_top10_high_ownership: ["hasTop10HighOwnership"],
  has_single_holder_ownership: ["hasSingleHolderOwnership"],
  has_creator_rug_history: ["creatorHasRugHistory"],
  has_low_lp_providers: ["hasLowLpProviders"],
  has_low_liquidity: ["hasLowLiquidity"],
  creator_has_multiple_tokens: ["creatorHasMultipleTokens"],
  has_creator_balance: ["hasCreatorBalance"],
  has_lockers: ["hasLockers"],
  risk_count: ["riskCount"],
  token_mutable: ["tokenMutable"],
  has_transfer_fee: ["hasTransferFee"],
  token_age: ["ageMinutes"],
  // Market
  sell_tax: ["sellTax"],
  buy_tax: ["buyTax"],
  liquidity_usd: ["liquidityUsd"],
  market_cap: ["marketCap"],
  kols: ["kols"],
  global_fees_paid: ["globalFeesPaid"],
  pro_traders: ["proTraders"],
  snipers: ["snipers"],
  insiders: ["insiders"],
  bundle: ["bundle"],
  dev_migrations: ["devMigrations"],
  dev_pairs_created: ["devPairsCreated"],
  bonding_progress: ["bondingProgress"],
  launch_platform: ["launchPlatform"],
  is_pump: ["isPump"],
  holder_count: ["holderCount"],
  // Volume/Activity
  volume_24h: ["volumeUsd"],
  tx_count: ["txCount"],
  num_buys: ["numBuys"],
  num_sells: ["numSells"],
  buy_sell_ratio_window: ["buyPressure"],
  validated_volume_spike: ["volumeSpike"],
  quality_wallet_count: ["qualityWallets"],
  quality_wallet_total_value: ["qualityWallets"],
  quality_wallet_min_winrate: ["qualityWallets"],
  // Clusters
  coordinated_wallet_cluster: ["clusters"],
  // Socials
  has_website: ["hasWebsite"],
  has_messenger: ["hasMessenger"],
  has_microblog: ["hasMicroblog"],
  at_least_one_social: ["hasWebsite", "hasMessenger", "hasMicroblog"],
  website_has_ca: ["websiteHasCa"],
  website_contains_token_name: ["websiteContainsTokenName"],
  microblog_link_has_ca: ["microblogLinkHasCa"],
  microblog_link_contains_token_name: ["microblogLinkContainsTokenName"],
  microblog_effective_views: ["microblogViews"],
  community_member_count: ["communityMembers"],
  community_views_count: ["communityViews"],
  microblog_effective_followers: ["microblogFollowers"],
  // AI
  website_content_validation_score: ["websiteContentScore"],
  microblog_content_validation_score: ["microblogContentScore"],
} as const satisfies Record<RuleId, readonly [TokenField, ...TokenField[]]>;
