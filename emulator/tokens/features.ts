/**
 * The observation fields of a generated token, drawn so that rules carry signal without
 * being oracles: winners tend to have socials, quality wallets and volume; rugs and
 * honeypots tend to carry risk flags, concentrated holders and clusters; every tendency has
 * exceptions (a honeypot detector misses some, a winner may have no website).
 */
import {
  BUY_PRESSURES,
  CLUSTER_RISKS,
  LAUNCH_PLATFORMS,
  type QualityWallet,
  type RiskLevel,
  type TokenObservation,
  VOLUME_SPIKES,
  VOLUME_WINDOWS,
  WALLET_TYPES,
  type WalletCluster,
} from "../../provider/model";
import type { Random } from "./prng";
import type { Archetype } from "./types";

/** Tendencies of an archetype: quality (0–1, good signals) and danger (0–1, risk signals). */
const TENDENCY: Record<Archetype, { quality: number; danger: number }> = {
  dud: { quality: 0.35, danger: 0.2 },
  runner: { quality: 0.6, danger: 0.15 },
  moonshot: { quality: 0.75, danger: 0.1 },
  rug: { quality: 0.35, danger: 0.7 },
  honeypot: { quality: 0.3, danger: 0.65 },
};

type Market = { marketCap: number; liquidityUsd: number };
type Drawn = Omit<TokenObservation, "address" | "name" | "symbol" | "chainId" | "priceUsd" | "observedAt">;

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));
const round1 = (n: number) => Math.round(n * 10) / 10;

export function drawFeatures(archetype: Archetype, market: Market, random: Random): Drawn {
  const t = TENDENCY[archetype];
  // Per-token jitter so two tokens of one archetype differ in how clean they look.
  const q = clamp(t.quality + 0.2 * random.normal(), 0, 1);
  const d = clamp(t.danger + 0.2 * random.normal(), 0, 1);
  return {
    ...security(archetype, d, market, random),
    ...marketFields(q, d, market, random),
    ...activity(archetype, q, market, random),
    qualityWallets: qualityWallets(q, random),
    clusters: clusters(d, random),
    ...socials(q, random),
  };
}

function security(archetype: Archetype, d: number, market: Market, random: Random) {
  const honeypot = archetype === "honeypot";
  const isHoneypot = honeypot ? random.chance(0.85) : random.chance(0.005);
  const top10HolderPercent = round1(clamp(random.between(12, 35) + 45 * d * random.next(), 0, 100));
  const devWalletPercent = round1(clamp(random.between(0, 5) + 22 * d * random.next(), 0, 100));
  const lpLocked = random.chance(0.75 - 0.55 * d);
  const flags = {
    isMintable: random.chance(0.04 + 0.45 * d),
    hasFreezeAuthority: random.chance(0.03 + 0.4 * d),
    tokenMutable: random.chance(0.1 + 0.4 * d),
    hasTransferFee: honeypot ? random.chance(0.4) : random.chance(0.02),
    hasHighOwnership: top10HolderPercent > 50,
    hasTop10HighOwnership: top10HolderPercent > 40,
    hasSingleHolderOwnership: devWalletPercent > 10 || random.chance(0.05 + 0.2 * d),
    creatorHasRugHistory: random.chance(0.04 + 0.5 * d),
    hasLowLpProviders: random.chance(0.15 + 0.4 * d),
    hasLowLiquidity: market.liquidityUsd < 5_000,
    creatorHasMultipleTokens: random.chance(0.2 + 0.45 * d),
    hasCreatorBalance: devWalletPercent > 0.5,
  };
  const riskCount = Object.values(flags).filter(Boolean).length + (isHoneypot ? 3 : 0) + (lpLocked ? 0 : 1);
  return {
    isHoneypot,
    ...flags,
    top10HolderPercent,
    devWalletPercent,
    lpLocked,
    lpLockedPct: round1(lpLocked ? random.between(80, 100) : random.between(0, 40)),
    hasLockers: lpLocked && random.chance(0.6),
    rugged: false,
    riskCount,
    riskLevel: riskLevelFor(riskCount),
    ageMinutes: Math.round(random.chance(0.85) ? random.between(1, 180) : random.between(180, 2_880)),
    sellTax: isHoneypot
      ? round1(random.between(50, 99))
      : random.chance(0.1)
        ? round1(random.between(1, 5))
        : 0,
    buyTax: random.chance(0.1) ? round1(random.between(1, 5)) : 0,
  };
}

function riskLevelFor(riskCount: number): RiskLevel {
  if (riskCount <= 1) return "LOW";
  if (riskCount <= 3) return "MEDIUM";
  if (riskCount <= 5) return "HIGH";
  return "CRITICAL";
}

function marketFields(q: number, d: number, market: Market, random: Random) {
  const launchPlatform = random.weighted(
    LAUNCH_PLATFORMS.map((p, i) => [p, [50, 15, 10, 8, 7, 5, 5][i]!] as const),
  );
  const creatorPairs = random.chance(0.2 + 0.45 * d) ? random.int(2, 40) : random.int(0, 1);
  return {
    liquidityUsd: market.liquidityUsd,
    marketCap: market.marketCap,
    kols: random.int(0, Math.round(7 * q)),
    globalFeesPaid: round1(random.between(0.1, 3) * (1 + 10 * q)),
    proTraders: random.int(0, Math.round(5 + 40 * q)),
    snipers: round1(clamp(random.between(0, 10) + 25 * d * random.next(), 0, 100)),
    insiders: round1(clamp(random.between(0, 8) + 25 * d * random.next(), 0, 100)),
    bundle: round1(clamp(random.between(0, 10) + 40 * d * random.next(), 0, 100)),
    devMigrations: random.int(0, Math.round(3 * q)),
    devPairsCreated: creatorPairs,
    bondingProgress: round1(clamp((market.marketCap / 69_000) * 100, 0, 100)),
    launchPlatform,
    isPump: launchPlatform === "launch_platform_a",
    holderCount: Math.round(market.marketCap / random.between(40, 200)) + random.int(5, 50),
  };
}

function activity(archetype: Archetype, q: number, market: Market, random: Random) {
  const v24 = market.marketCap * random.between(0.3, 3) * (0.5 + q);
  const shares = {
    "5m": random.between(0.01, 0.06),
    "1h": random.between(0.08, 0.3),
    "6h": random.between(0.35, 0.8),
    "24h": 1,
  };
  const volumeUsd = Object.fromEntries(VOLUME_WINDOWS.map((w) => [w, Math.round(v24 * shares[w])]));
  const txCount = Math.max(1, Math.round(v24 / random.between(50, 400)));
  // Nobody can sell a honeypot, so nearly every transaction is a buy.
  const buyShare = archetype === "honeypot" ? random.between(0.9, 0.99) : random.between(0.42, 0.7);
  const numBuys = Math.round(txCount * buyShare);
  const level = (scale: readonly string[], centre: number) =>
    scale[clamp(Math.round(centre + 0.8 * random.normal()), 0, scale.length - 1)]!;
  return {
    volumeUsd,
    txCount,
    numBuys,
    numSells: txCount - numBuys,
    buyPressure: Object.fromEntries(
      VOLUME_WINDOWS.map((w) => [w, level(BUY_PRESSURES, (buyShare - 0.42) / 0.07)]),
    ),
    volumeSpike: Object.fromEntries(VOLUME_WINDOWS.map((w) => [w, level(VOLUME_SPIKES, 4 * q)])),
  } as Pick<
    TokenObservation,
    "volumeUsd" | "txCount" | "numBuys" | "numSells" | "buyPressure" | "volumeSpike"
  >;
}

function qualityWallets(q: number, random: Random): QualityWallet[] {
  const n = random.int(0, Math.round(10 * q));
  return Array.from({ length: n }, () => ({
    type: random.weighted(WALLET_TYPES.map((w, i) => [w, [4, 2, 1, 3][i]!] as const)),
    winratePct: round1(random.between(35, 60 + 30 * q)),
    buyValueUsd: Math.round(random.logBetween(100, 20_000)),
  }));
}

function clusters(d: number, random: Random): WalletCluster[] {
  const n = random.int(0, 1 + Math.round(3 * d));
  return Array.from({ length: n }, () => ({
    heldPct: round1(random.between(1, 5 + 20 * d)),
    risk: CLUSTER_RISKS[clamp(Math.round(3 * d + 0.8 * random.normal()), 0, 3)]!,
    wallets: random.int(3, 40),
  }));
}

function socials(q: number, random: Random) {
  const hasWebsite = random.chance(0.3 + 0.6 * q);
  const hasMessenger = random.chance(0.3 + 0.5 * q);
  const hasMicroblog = random.chance(0.4 + 0.5 * q);
  const out: Partial<TokenObservation> = {
    hasWebsite,
    hasMessenger,
    hasMicroblog,
    websiteHasCa: hasWebsite && random.chance(0.5 + 0.4 * q),
    websiteContainsTokenName: hasWebsite && random.chance(0.75),
    microblogLinkHasCa: hasMicroblog && random.chance(0.4 + 0.4 * q),
    microblogLinkContainsTokenName: hasMicroblog && random.chance(0.7),
    microblogViews: hasMicroblog ? Math.round(random.logBetween(50, 5_000 + 200_000 * q)) : 0,
    microblogFollowers: hasMicroblog ? Math.round(random.logBetween(10, 1_000 + 50_000 * q)) : 0,
    communityMembers: hasMessenger ? Math.round(random.logBetween(10, 200 + 20_000 * q)) : 0,
    communityViews: hasMessenger ? Math.round(random.logBetween(50, 1_000 + 100_000 * q)) : 0,
  };
  // No site or profile to read means no score at all: real observations are partial.
  if (hasWebsite)
    out.websiteContentScore = Math.round(clamp(random.between(20, 50) + 45 * q * random.next(), 0, 100));
  if (hasMicroblog)
    out.microblogContentScore = Math.round(clamp(random.between(20, 50) + 45 * q * random.next(), 0, 100));
  return out;
}
