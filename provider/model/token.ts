/**
 * A token observation: what the service knows about one token at one moment, i.e. the input
 * of rule evaluation. The spec does not show this shape (it only names a few members of
 * marketAtEval / riskAtEval and the webhook's token object), so it is ours: one field per
 * need of a rule id (see RULE_FIELDS in rule-fields.ts) plus the identity and price fields
 * that notifications and webhook deliveries carry.
 *
 * Every field except `address` is optional because real observations are partial (a fresh
 * token has no AI score yet); a missing field is "no data" for the rules that need it, never
 * a default. Boolean fields are named after the flag of their rule id, so comparing the field
 * with the catalog's stored polarity is the whole boolean rule (isHoneypot must equal false,
 * hasWebsite must equal true). The schema is strict: a misspelt field would otherwise turn
 * into "no data" without anyone noticing.
 */
import { z } from "zod";
import { LAUNCH_PLATFORMS, RISK_LEVELS } from "./rule-catalog";
import { BUY_PRESSURES, CLUSTER_RISKS, VOLUME_SPIKES, VOLUME_WINDOWS, WALLET_TYPES } from "./rule-items";

const flag = z.boolean().optional();
const amount = z.number().nonnegative().optional();
const count = z.number().int().nonnegative().optional();
const percent = z.number().min(0).max(100).optional();
const score = z.number().min(0).max(100).optional();

/** One value per volume window (5m, 1h, 6h, 24h); a window may be unknown. */
function perWindow<T extends z.ZodType>(value: T) {
  return z.strictObject(
    Object.fromEntries(VOLUME_WINDOWS.map((w) => [w, value.optional()])) as {
      [W in (typeof VOLUME_WINDOWS)[number]]: z.ZodOptional<T>;
    },
  );
}

/** A wallet of a quality type that bought the token. */
const QualityWalletSchema = z.strictObject({
  address: z.string().optional(),
  type: z.enum(WALLET_TYPES),
  /** Share of the wallet's past trades that were profitable, 0–100. */
  winratePct: z.number().min(0).max(100),
  /** What the wallet paid for this token (not what it holds now; service-api.md#object-rule-configs). */
  buyValueUsd: z.number().nonnegative(),
});
export type QualityWallet = z.infer<typeof QualityWalletSchema>;

/** A group of wallets that trade together (same funder, same block, …). */
const WalletClusterSchema = z.strictObject({
  /** Share of the supply the cluster holds, 0–100. */
  heldPct: z.number().min(0).max(100),
  risk: z.enum(CLUSTER_RISKS),
  wallets: z.number().int().nonnegative().optional(),
});
export type WalletCluster = z.infer<typeof WalletClusterSchema>;

export const TokenObservationSchema = z.strictObject({
  // Identity and price (notifications, webhook token object, evaluation snapshots).
  address: z.string().min(1),
  name: z.string().optional(),
  symbol: z.string().optional(),
  chainId: z.number().int().nonnegative().optional(),
  priceUsd: amount,
  developerAddress: z.string().optional(),
  /** Microblog tag ids whose handles mentioned the token (microblog triggers with a tagId). */
  microblogTagIds: z.array(z.string()).optional(),
  /** When the observation was taken (ISO 8601). */
  observedAt: z.iso.datetime({ offset: true }).optional(),

  // Security
  isHoneypot: flag,
  isMintable: flag,
  top10HolderPercent: percent,
  devWalletPercent: percent,
  lpLocked: flag,
  riskLevel: z.enum(RISK_LEVELS).optional(),
  rugged: flag,
  lpLockedPct: percent,
  hasFreezeAuthority: flag,
  hasHighOwnership: flag,
  hasTop10HighOwnership: flag,
  hasSingleHolderOwnership: flag,
  creatorHasRugHistory: flag,
  hasLowLpProviders: flag,
  hasLowLiquidity: flag,
  creatorHasMultipleTokens: flag,
  hasCreatorBalance: flag,
  hasLockers: flag,
  riskCount: count,
  tokenMutable: flag,
  hasTransferFee: flag,
  /** Minutes since the token was created (token_age is in minutes, service-api.md#versioning). */
  ageMinutes: amount,

  // Market
  sellTax: percent,
  buyTax: percent,
  liquidityUsd: amount,
  marketCap: amount,
  kols: count,
  /** In the chain's native currency (SOL), as the rule catalog says. */
  globalFeesPaid: amount,
  proTraders: count,
  snipers: percent,
  insiders: percent,
  bundle: percent,
  devMigrations: count,
  devPairsCreated: count,
  bondingProgress: percent,
  launchPlatform: z.enum(LAUNCH_PLATFORMS).optional(),
  isPump: flag,
  holderCount: count,

  // Volume/Activity
  volumeUsd: perWindow(z.number().nonnegative()).optional(),
  txCount: count,
  numBuys: count,
  numSells: count,
  buyPressure: perWindow(z.enum(BUY_PRESSURES)).optional(),
  volumeSpike: perWindow(z.enum(VOLUME_SPIKES)).optional(),
  /** Every quality wallet that bought; an empty array means none (data present). */
  qualityWallets: z.array(QualityWalletSchema).optional(),

  // Clusters; an empty array means no coordinated cluster was found (data present).
  clusters: z.array(WalletClusterSchema).optional(),

  // Socials
  hasWebsite: flag,
  hasMessenger: flag,
  hasMicroblog: flag,
  websiteHasCa: flag,
  websiteContainsTokenName: flag,
  microblogLinkHasCa: flag,
  microblogLinkContainsTokenName: flag,
  microblogViews: count,
  microblogFollowers: count,
  communityMembers: count,
  communityViews: count,

  // AI, scores 0–100
  websiteContentScore: score,
  microblogContentScore: score,
});

export type TokenObservation = z.infer<typeof TokenObservationSchema>;
export type TokenField = keyof TokenObservation;
export const TOKEN_FIELDS = Object.keys(TokenObservationSchema.shape) as TokenField[];
