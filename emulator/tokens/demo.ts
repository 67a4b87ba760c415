/**
 * Tokens for demos, docs and tests, built on the package's fixtures: each one makes a typical
 * strategy decide clearly. The winner is launched by the followed developer of the demo users, so a
 * followed-developer trigger fires for it.
 */

import type { TokenObservation } from "../../provider/model";
import * as fixtures from "../../provider/model/token-fixtures";
import { tokenVariant } from "../../provider/model/token-variant";
import { EXAMPLE_DEVELOPER, platformTagId } from "../accounts/seed";
import { TOKEN_CHAIN_ID } from "./identity";
import { createRandom } from "./prng";
import { buildTimeline, DEFAULT_START_ISO, type PathShape } from "./timeline";
import type { Archetype, GeneratedToken } from "./types";

const SUPPLY = 1e9;
const HOURS = 48;

/** A 44-character base58 address that reads as what it is. */
const demoAddress = (word: string, suffix = "pump") =>
  word + "1".repeat(44 - word.length - suffix.length) + suffix;

/** A fixture on the emulator's chain, with the demo's own values. */
const demoToken = (base: TokenObservation, changes: Partial<TokenObservation>): TokenObservation =>
  tokenVariant(base, { chainId: TOKEN_CHAIN_ID, ...changes });

type DemoSpec = { archetype: Archetype; shape: PathShape; observation: TokenObservation };

/** The package's fixtures, changed where a demo needs its own token (names, sizes, the developer). */
const SPECS: DemoSpec[] = [
  {
    archetype: "moonshot",
    shape: { peak: 14, peakHour: 20, end: 9, noise: 0 },
    // The graduating fixture, younger and smaller: launched by the developer the examples follow.
    observation: demoToken(fixtures.graduatingToken, {
      address: demoAddress("DemoWinner"),
      name: "Demo Winner",
      symbol: "WIN",
      priceUsd: 0.000025,
      developerAddress: EXAMPLE_DEVELOPER,
      microblogTagIds: [platformTagId("KOL Majors"), platformTagId("Launch Trackers")],
      top10HolderPercent: 18.5,
      devWalletPercent: 1.2,
      hasCreatorBalance: true,
      ageMinutes: 25,
      liquidityUsd: 7_500,
      marketCap: 25_000,
      kols: 6,
      globalFeesPaid: 42.5,
      proTraders: 38,
      snipers: 2.1,
      insiders: 1.5,
      bundle: 3,
      devMigrations: 3,
      devPairsCreated: 1,
      bondingProgress: 36.2,
      holderCount: 640,
      volumeUsd: { "5m": 4_200, "1h": 21_000, "6h": 48_000, "24h": 61_000 },
      txCount: 1_850,
      numBuys: 1_240,
      numSells: 610,
      qualityWallets: [
        { type: "smart_wallet", winratePct: 78, buyValueUsd: 4_200 },
        { type: "smart_wallet", winratePct: 71, buyValueUsd: 2_500 },
        { type: "kol", winratePct: 64, buyValueUsd: 8_000 },
        { type: "profitable_trader", winratePct: 82, buyValueUsd: 1_900 },
        { type: "whale", winratePct: 58, buyValueUsd: 15_000 },
      ],
      clusters: [{ heldPct: 3.5, risk: "low", wallets: 6 }],
      microblogViews: 185_000,
      microblogFollowers: 21_000,
      communityMembers: 4_300,
      communityViews: 52_000,
      websiteContentScore: 88,
      microblogContentScore: 81,
    }),
  },
  {
    archetype: "rug",
    shape: { peak: 2.4, peakHour: 3, end: 1, pullHour: 5, noise: 0 },
    // The rug fixture before the pull: not yet rugged, liquidity still in.
    observation: demoToken(fixtures.rug, {
      address: demoAddress("DemoRug"),
      name: "Demo Rug",
      symbol: "RUG",
      priceUsd: 0.00004,
      developerAddress: demoAddress("DemoRugDev", ""),
      rugged: false,
      top10HolderPercent: 71,
      devWalletPercent: 24,
      hasLowLiquidity: false,
      riskCount: 10,
      ageMinutes: 12,
      liquidityUsd: 11_000,
      marketCap: 40_000,
      volumeUsd: { "5m": 9_000, "1h": 30_000, "6h": 30_000, "24h": 30_000 },
      txCount: 420,
      numSells: 120,
      buyPressure: { "5m": "strong", "1h": "moderate", "6h": "moderate", "24h": "moderate" },
      volumeSpike: { "5m": "strong", "1h": "noticeable", "6h": "off", "24h": "off" },
      communityMembers: 35,
      communityViews: 120,
      websiteContentScore: undefined,
      microblogContentScore: undefined,
    }),
  },
  {
    archetype: "honeypot",
    shape: { peak: 2, peakHour: 10, end: 1, pullHour: 10, noise: 0 },
    // The honeypot fixture, graduated to another platform, with clean-looking metadata.
    observation: demoToken(fixtures.honeypot, {
      address: demoAddress("DemoHoneypot", ""),
      name: "Demo Honeypot",
      symbol: "HONEY",
      priceUsd: 0.00006,
      developerAddress: demoAddress("DemoHoneyDev", ""),
      microblogTagIds: [platformTagId("Crypto News")],
      riskCount: 5,
      devWalletPercent: 8,
      ageMinutes: 40,
      liquidityUsd: 15_000,
      marketCap: 60_000,
      kols: 1,
      globalFeesPaid: 6.4,
      proTraders: 4,
      snipers: 6,
      insiders: 12,
      bundle: 9,
      devPairsCreated: 4,
      bondingProgress: 100,
      launchPlatform: "launch_platform_c",
      isPump: false,
      holderCount: 480,
      volumeUsd: { "5m": 2_500, "1h": 14_000, "6h": 26_000, "24h": 26_000 },
      txCount: 700,
      numBuys: 690,
      numSells: 10,
      buyPressure: { "5m": "aggressive", "1h": "aggressive", "6h": "aggressive", "24h": "aggressive" },
      volumeSpike: { "5m": "strong", "1h": "strong", "6h": "noticeable", "24h": "noticeable" },
      qualityWallets: [{ type: "whale", winratePct: 40, buyValueUsd: 3_000 }],
      clusters: [{ heldPct: 12, risk: "medium", wallets: 9 }],
      websiteHasCa: true,
      microblogViews: 9_000,
      microblogFollowers: 1_400,
      communityMembers: 600,
      communityViews: 4_000,
      websiteContentScore: 55,
      microblogContentScore: 47,
      tokenMutable: false,
      creatorHasMultipleTokens: false,
      buyTax: 0,
    }),
  },
  {
    archetype: "dud",
    shape: { peak: 1.3, peakHour: 4, end: 0.8, noise: 0 },
    // The healthy launch, smaller and quieter: a clean low cap that goes nowhere.
    observation: demoToken(fixtures.healthyLaunch, {
      address: demoAddress("DemoSteadyCap"),
      name: "Demo Steady Cap",
      symbol: "STEADY",
      priceUsd: 0.000008,
      developerAddress: demoAddress("DemoSteadyDev", ""),
      top10HolderPercent: 22,
      devWalletPercent: 0,
      ageMinutes: 8,
      liquidityUsd: 5_200,
      marketCap: 8_000,
      kols: 0,
      globalFeesPaid: 0.8,
      proTraders: 3,
      snipers: 1,
      insiders: 0.5,
      bundle: 2,
      devPairsCreated: 0,
      bondingProgress: 11.6,
      holderCount: 64,
      volumeUsd: { "5m": 300, "1h": 2_100, "6h": 2_100, "24h": 2_100 },
      txCount: 95,
      numBuys: 55,
      numSells: 40,
      buyPressure: { "5m": "slight", "1h": "slight", "6h": "slight", "24h": "slight" },
      qualityWallets: [{ type: "profitable_trader", winratePct: 61, buyValueUsd: 400 }],
      clusters: [],
      hasMessenger: false,
      microblogViews: 1_200,
      microblogFollowers: 310,
      communityMembers: 0,
      communityViews: 0,
      websiteContentScore: 64,
      microblogContentScore: 58,
    }),
  },
];

/**
 * The demo tokens observed at `start` (floored to the hour), each with a noiseless hourly
 * timeline: the winner peaks at 14x, the rug and the honeypot are drained, the clean low
 * cap drifts to 0.8x.
 */
export function demoTokens(start: Date = new Date(DEFAULT_START_ISO)): GeneratedToken[] {
  const at = new Date(Math.floor(start.getTime() / 3_600_000) * 3_600_000);
  return SPECS.map(({ archetype, shape, observation }) => ({
    archetype,
    observation: { ...structuredClone(observation), observedAt: at.toISOString() },
    timeline: buildTimeline(
      shape,
      { at, priceUsd: observation.priceUsd!, supply: SUPPLY, liquidityUsd: observation.liquidityUsd! },
      HOURS,
      createRandom(observation.address),
    ),
  }));
}

export const DEMO_TOKENS: readonly GeneratedToken[] = Object.freeze(demoTokens());
