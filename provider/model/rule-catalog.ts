/**
 * Every rule id of service-api.md#rule-ids with what the rest of the model needs to know about it.
 * The spec classifies only a few ids; the rest are classified by meaning and recorded in
 * docs/spec-decisions.md ("Rule catalog"). This table is the single source: the rule item
 * schemas, the validator and the stored-form mapping all derive from it.
 */

export const PRODUCT_GROUPS = [
  { id: "security", name: "Security" },
  { id: "market", name: "Market" },
  { id: "volume_activity", name: "Volume/Activity" },
  { id: "clusters", name: "Clusters" },
  { id: "socials", name: "Socials" },
  { id: "ai", name: "AI" },
] as const;

export type ProductGroupId = (typeof PRODUCT_GROUPS)[number]["id"];
export type RuleKind = "boolean" | "numeric" | "enum" | "object";
export type NumericUnit = "minutes" | "percent" | "usd" | "sol" | "count" | "score";

export const RISK_LEVELS = ["CRITICAL", "HIGH", "MEDIUM", "LOW"] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

export const LAUNCH_PLATFORMS = [
  "launch_platform_a",
  "launch_platform_b",
  "launch_platform_c",
  "launch_platform_d",
  "launch_platform_e",
  "launch_platform_f",
  "launch_platform_g",
] as const;
export type LaunchPlatform = (typeof LAUNCH_PLATFORMS)[number];

type CatalogEntry =
  | { group: ProductGroupId; kind: "boolean"; storedValue: boolean }
  | { group: ProductGroupId; kind: "numeric"; unit: NumericUnit }
  | { group: ProductGroupId; kind: "enum"; values: readonly string[]; caseInsensitive: boolean }
  | { group: ProductGroupId; kind: "object"; configKey: "config" | "clusterConfig" };

// storedValue is "the condition to hold" (service-api.md#stored-rules): false for a flaw that must be
// absent, true for a feature that must be present.
const CATALOG = {
  // Security
  is_honeypot: { group: "security", kind: "boolean", storedValue: false },
  is_mintable: { group: "security", kind: "boolean", storedValue: false },
  top_10_holder_percent: { group: "security", kind: "numeric", unit: "percent" },
  dev_wallet_percent: { group: "security", kind: "numeric", unit: "percent" },
  is_lp_locked: { group: "security", kind: "boolean", storedValue: true },
  risk_level: { group: "security", kind: "enum", values: RISK_LEVELS, caseInsensitive: true },
  rugged: { group: "security", kind: "boolean", storedValue: false },
  lp_locked_pct: { group: "security", kind: "numeric", unit: "percent" },
  has_freeze_authority: { group: "security", kind: "boolean", storedValue: false },
  has_high_ownership: { group: "security", kind: "boolean", storedValue: false },
  has_top10_high_ownership: { group: "security", kind: "boolean", storedValue: false },
  has_single_holder_ownership: { group: "security", kind: "boolean", storedValue: false },
  has_creator_rug_history: { group: "security", kind: "boolean", storedValue: false },
  has_low_lp_providers: { group: "security", kind: "boolean", storedValue: false },
  has_low_liquidity: { group: "security", kind: "boolean", storedValue: false },
  creator_has_multiple_tokens: { group: "security", kind: "boolean", storedValue: false },
  has_creator_balance: { group: "security", kind: "boolean", storedValue: false },
  has_lockers: { group: "security", kind: "boolean", storedValue: true },
  risk_count: { group: "security", kind: "numeric", unit: "count" },
  token_mutable: { group: "security", kind: "boolean", storedValue: false },
  has_transfer_fee: { group: "security", kind: "boolean", storedValue: false },
  token_age: { group: "security", kind: "numeric", unit: "minutes" },
  // Market
  sell_tax: { group: "market", kind: "numeric", unit: "percent" },
  buy_tax: { group: "market", kind: "numeric", unit: "percent" },
  liquidity_usd: { group: "market", kind: "numeric", unit: "usd" },
  market_cap: { group: "market", kind: "numeric", unit: "usd" },
  kols: { group: "market", kind: "numeric", unit: "count" },
  global_fees_paid: { group: "market", kind: "numeric", unit: "sol" },
  pro_traders: { group: "market", kind: "numeric", unit: "count" },
  snipers: { group: "market", kind: "numeric", unit: "percent" },
  insiders: { group: "market", kind: "numeric", unit: "percent" },
  bundle: { group: "market", kind: "numeric", unit: "percent" },
  dev_migrations: { group: "market", kind: "numeric", unit: "count" },
  dev_pairs_created: { group: "market", kind: "numeric", unit: "count" },
  bonding_progress: { group: "market", kind: "numeric", unit: "percent" },
  launch_platform: { group: "market", kind: "enum", values: LAUNCH_PLATFORMS, caseInsensitive: false },
  is_pump: { group: "market", kind: "boolean", storedValue: true },
  holder_count: { group: "market", kind: "numeric", unit: "count" },
  // Volume/Activity
  volume_24h: { group: "volume_activity", kind: "object", configKey: "config" },
  tx_count: { group: "volume_activity", kind: "numeric", unit: "count" },
  num_buys: { group: "volume_activity", kind: "numeric", unit: "count" },
  num_sells: { group: "volume_activity", kind: "numeric", unit: "count" },
  buy_sell_ratio_window: { group: "volume_activity", kind: "object", configKey: "config" },
  validated_volume_spike: { group: "volume_activity", kind: "object", configKey: "config" },
  quality_wallet_count: { group: "volume_activity", kind: "object", configKey: "config" },
  quality_wallet_total_value: { group: "volume_activity", kind: "object", configKey: "config" },
  quality_wallet_min_winrate: { group: "volume_activity", kind: "object", configKey: "config" },
  // Clusters
  coordinated_wallet_cluster: { group: "clusters", kind: "object", configKey: "clusterConfig" },
  // Socials
  has_website: { group: "socials", kind: "boolean", storedValue: true },
  has_messenger: { group: "socials", kind: "boolean", storedValue: true },
  has_microblog: { group: "socials", kind: "boolean", storedValue: true },
  at_least_one_social: { group: "socials", kind: "boolean", storedValue: true },
  website_has_ca: { group: "socials", kind: "boolean", storedValue: true },
  website_contains_token_name: { group: "socials", kind: "boolean", storedValue: true },
  microblog_link_has_ca: { group: "socials", kind: "boolean", storedValue: true },
  microblog_link_contains_token_name: { group: "socials", kind: "boolean", storedValue: true },
  microblog_effective_views: { group: "socials", kind: "numeric", unit: "count" },
  community_member_count: { group: "socials", kind: "numeric", unit: "count" },
  community_views_count: { group: "socials", kind: "numeric", unit: "count" },
  microblog_effective_followers: { group: "socials", kind: "numeric", unit: "count" },
  // AI
  website_content_validation_score: { group: "ai", kind: "numeric", unit: "score" },
  microblog_content_validation_score: { group: "ai", kind: "numeric", unit: "score" },
} as const satisfies Record<string, CatalogEntry>;

type Catalog = typeof CATALOG;
export type RuleId = keyof Catalog;
type IdsOfKind<K extends RuleKind> = { [Id in RuleId]: Catalog[Id]["kind"] extends K ? Id : never }[RuleId];
export type BooleanRuleId = IdsOfKind<"boolean">;
export type NumericRuleId = IdsOfKind<"numeric">;
export type EnumRuleId = IdsOfKind<"enum">;
export type ObjectRuleId = IdsOfKind<"object">;

/** Display names of service-api.md#rule-ids that cannot be dealbreakers, mapped to their rule ids. */
export const FORBIDDEN_DEALBREAKERS = {
  "Website Shows CA": "website_has_ca",
  "Website Contains $Token Name": "website_contains_token_name",
  "Website Content Validity Score": "website_content_validation_score",
  "Microblog Link Contains CA": "microblog_link_has_ca",
  "Microblog Link Contains $Token Name": "microblog_link_contains_token_name",
  "Microblog Views": "microblog_effective_views",
  "Microblog Followers": "microblog_effective_followers",
  "Community Size": "community_member_count",
  "Community Views": "community_views_count",
  "Microblog Content Validity Score": "microblog_content_validation_score",
  "Coordinated Wallet Cluster": "coordinated_wallet_cluster",
  "Quality Wallets": "quality_wallet_count",
  "Quality Wallet Buy Value": "quality_wallet_total_value",
  "Quality Wallet Win Rate": "quality_wallet_min_winrate",
} as const satisfies Record<string, RuleId>;

const forbiddenDealbreakerIds: ReadonlySet<string> = new Set(Object.values(FORBIDDEN_DEALBREAKERS));

export type RuleDefinition = { id: RuleId; dealbreakerAllowed: boolean } & CatalogEntry;

export const RULE_IDS = Object.keys(CATALOG) as RuleId[];

export const RULE_CATALOG: Readonly<Record<RuleId, RuleDefinition>> = Object.freeze(
  Object.fromEntries(
    RULE_IDS.map((id) => [
      id,
      Object.freeze({ id, dealbreakerAllowed: !forbiddenDealbreakerIds.has(id), ...CATALOG[id] }),
    ]),
  ) as Record<RuleId, RuleDefinition>,
);

function idsOfKind<K extends RuleKind>(kind: K): IdsOfKind<K>[] {
  return RULE_IDS.filter((id) => CATALOG[id].kind === kind) as IdsOfKind<K>[];
}

// Typed as non-empty tuples because z.enum needs at least one value.
export const BOOLEAN_RULE_IDS = idsOfKind("boolean") as [BooleanRuleId, ...BooleanRuleId[]];
export const NUMERIC_RULE_IDS = idsOfKind("numeric") as [NumericRuleId, ...NumericRuleId[]];
export const ENUM_RULE_IDS = idsOfKind("enum") as [EnumRuleId, ...EnumRuleId[]];

function isRuleId(id: unknown): id is RuleId {
  return typeof id === "string" && Object.hasOwn(CATALOG, id);
}

/** The catalog entry of a rule id, or undefined for an id the service does not support. */
export function getRuleDefinition(id: string): RuleDefinition | undefined {
  return isRuleId(id) ? RULE_CATALOG[id] : undefined;
}

export function productGroupName(id: ProductGroupId): string {
  return PRODUCT_GROUPS.find((g) => g.id === id)!.name;
}
