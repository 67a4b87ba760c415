/**
 * Rule items as submitted (service-api.md#rule-items), as one discriminated union on `rule`, so a numeric
 * field on a boolean rule is a type error in the editor and a parse error at run time.
 * The schemas are strict (unknown keys rejected) because a misspelt field would otherwise
 * be dropped silently and the rule would mean something else than written.
 */
import { z } from "zod";
import {
  BOOLEAN_RULE_IDS,
  LAUNCH_PLATFORMS,
  NUMERIC_RULE_IDS,
  RISK_LEVELS,
  type RiskLevel,
} from "./rule-catalog";

export const ENUM_OPERATORS = ["equals", "not_equals"] as const;
export const VOLUME_WINDOWS = ["5m", "1h", "6h", "24h"] as const;
export const BUY_PRESSURES = ["off", "slight", "moderate", "strong", "aggressive"] as const;
export const VOLUME_SPIKES = ["off", "noticeable", "strong", "very_strong", "explosive"] as const;
export const WALLET_TYPES = ["smart_wallet", "kol", "whale", "profitable_trader"] as const;
export const CLUSTER_RISKS = ["low", "medium", "high", "very_high"] as const;

type RiskLevelInput = RiskLevel | Lowercase<RiskLevel> | Capitalize<Lowercase<RiskLevel>>;

// z.number() already rejects NaN and ±Infinity.
const amount = z.number().nonnegative();
const count = z.number().int().nonnegative();
const percent = z.number().min(0).max(100);

const WalletTypesSchema = z
  .array(z.enum(WALLET_TYPES))
  .min(1)
  .refine((types) => new Set(types).size === types.length, "walletTypes must not repeat a value");

// Input is case-insensitive (service-api.md#rule-items); the type offers the usual spellings.
const RiskLevelValueSchema = z.custom<RiskLevelInput>(
  (v) => typeof v === "string" && (RISK_LEVELS as readonly string[]).includes(v.toUpperCase()),
  { message: `risk_level value must be one of ${RISK_LEVELS.join(", ")}` },
);

const dealbreaker = z.boolean();
const operator = z.enum(ENUM_OPERATORS).optional();

// Each rule item's schema is exported by name (tagged @public, as no module imports it by name):
// the plugin schema finds them in this module's namespace and names each type after its export.

/** @public */
export const BooleanRuleItemSchema = z.strictObject({
  rule: z.enum(BOOLEAN_RULE_IDS),
  dealbreaker,
  enabled: z.boolean().optional(),
});

/** @public */
export const NumericRuleItemSchema = z
  .strictObject({
    rule: z.enum(NUMERIC_RULE_IDS),
    dealbreaker,
    min: amount.optional(),
    max: amount.optional(),
    // Numeric rules may carry enabled only to switch themselves off (service-api.md#rule-items).
    enabled: z.literal(false).optional(),
  })
  .refine((r) => r.min !== undefined || r.max !== undefined, "numeric rules carry min and/or max")
  .refine((r) => r.min === undefined || r.max === undefined || r.max > r.min, "max must be greater than min");

/** @public */
export const RiskLevelRuleItemSchema = z.strictObject({
  rule: z.literal("risk_level"),
  dealbreaker,
  value: RiskLevelValueSchema,
  operator,
});

/** @public */
export const LaunchPlatformRuleItemSchema = z.strictObject({
  rule: z.literal("launch_platform"),
  dealbreaker,
  value: z.enum(LAUNCH_PLATFORMS),
  operator,
});

const objectRule = { dealbreaker, enabled: z.boolean().optional() };

const VolumeWindowsSchema = z
  .strictObject(
    Object.fromEntries(VOLUME_WINDOWS.map((w) => [w, amount.optional()])) as {
      [W in (typeof VOLUME_WINDOWS)[number]]: z.ZodOptional<typeof amount>;
    },
  )
  .refine((w) => Object.values(w).some((v) => v !== undefined), "windows needs at least one threshold");

/** @public */
export const Volume24hRuleItemSchema = z.strictObject({
  rule: z.literal("volume_24h"),
  ...objectRule,
  config: z.strictObject({ windows: VolumeWindowsSchema }),
});

/** @public */
export const BuySellRatioRuleItemSchema = z.strictObject({
  rule: z.literal("buy_sell_ratio_window"),
  ...objectRule,
  config: z.strictObject({ window: z.enum(VOLUME_WINDOWS), buyPressure: z.enum(BUY_PRESSURES) }),
});

/** @public */
export const VolumeSpikeRuleItemSchema = z.strictObject({
  rule: z.literal("validated_volume_spike"),
  ...objectRule,
  config: z.strictObject({ window: z.enum(VOLUME_WINDOWS), volumeSpike: z.enum(VOLUME_SPIKES) }),
});

/** @public */
export const QualityWalletCountRuleItemSchema = z.strictObject({
  rule: z.literal("quality_wallet_count"),
  ...objectRule,
  config: z.strictObject({ minWallets: count, walletTypes: WalletTypesSchema }),
});

/** @public */
export const QualityWalletTotalValueRuleItemSchema = z.strictObject({
  rule: z.literal("quality_wallet_total_value"),
  ...objectRule,
  config: z.strictObject({ minTotalValueUsd: amount, walletTypes: WalletTypesSchema }),
});

/** @public */
export const QualityWalletWinrateRuleItemSchema = z.strictObject({
  rule: z.literal("quality_wallet_min_winrate"),
  ...objectRule,
  config: z.strictObject({
    minWinratePct: percent,
    minWalletsAboveThreshold: count,
    walletTypes: WalletTypesSchema,
  }),
});

const ClusterConfigSchema = z.strictObject({
  maxTotalHeldPct: percent,
  maxSingleClusterPct: percent,
  maxClusterRisk: z.enum(CLUSTER_RISKS),
});

/** @public */
export const CoordinatedWalletClusterRuleItemSchema = z.strictObject({
  rule: z.literal("coordinated_wallet_cluster"),
  ...objectRule,
  clusterConfig: ClusterConfigSchema,
});

export const RuleItemSchema = z.discriminatedUnion("rule", [
  BooleanRuleItemSchema,
  NumericRuleItemSchema,
  RiskLevelRuleItemSchema,
  LaunchPlatformRuleItemSchema,
  Volume24hRuleItemSchema,
  BuySellRatioRuleItemSchema,
  VolumeSpikeRuleItemSchema,
  QualityWalletCountRuleItemSchema,
  QualityWalletTotalValueRuleItemSchema,
  QualityWalletWinrateRuleItemSchema,
  CoordinatedWalletClusterRuleItemSchema,
]);

export type RuleItem = z.infer<typeof RuleItemSchema>;
export type BooleanRuleItem = z.infer<typeof BooleanRuleItemSchema>;
export type NumericRuleItem = z.infer<typeof NumericRuleItemSchema>;
export type EnumRuleItem =
  | z.infer<typeof RiskLevelRuleItemSchema>
  | z.infer<typeof LaunchPlatformRuleItemSchema>;
export type ObjectRuleItem = Exclude<RuleItem, BooleanRuleItem | NumericRuleItem | EnumRuleItem>;
export type WalletType = (typeof WALLET_TYPES)[number];
