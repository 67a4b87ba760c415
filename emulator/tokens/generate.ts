/**
 * A deterministic stream of token launches for the emulator's events, backtests and demos:
 * the same seed gives the same tokens, and token i does not depend on how many are asked
 * for (each token has its own generator derived from the seed and its index), so
 * generateTokens(s, 10) is the start of generateTokens(s, 500).
 *
 * Shape (docs/spec-decisions.md, "Rule evaluation"): most launches fade below their
 * observation price, about a fifth reach 2x, a few 10x or more, some are rugged (liquidity
 * pulled to about zero) and some are honeypots.
 */
import { platformTagId } from "../accounts/seed";
import { drawFeatures } from "./features";
import { base58Address, TOKEN_CHAIN_ID, tokenName } from "./identity";
import { createRandom, type Random } from "./prng";
import { buildTimeline, DEFAULT_START_ISO, drawShape, liquidityFor, round2, significant } from "./timeline";
import type { Archetype, GeneratedToken } from "./types";

export type GenerateOptions = {
  /** Launches are observed from this hour on (floored to the hour); a fixed default keeps runs equal. */
  start?: Date;
  /** Points per timeline (one per hour, the first at the observation); at least 2. Default 48. */
  hours?: number;
  /** Observations are spread over this many hours after start. Default 24. */
  spreadHours?: number;
};

const DEFAULT_START = new Date(DEFAULT_START_ISO);

/** Share of each archetype among generated launches. */
const ARCHETYPE_WEIGHTS: readonly (readonly [Archetype, number])[] = [
  ["dud", 0.58],
  ["runner", 0.17],
  ["moonshot", 0.05],
  ["rug", 0.13],
  ["honeypot", 0.07],
];

// Platform tags exist for every user with the same ids, so mentions by them reach anyone's
// microblog-triggered strategies.
const MENTION_TAGS = ["Crypto News", "Launch Trackers", "KOL Majors"].map(platformTagId);
const HOUR = 3_600_000;

export function generateTokens(
  seed: string | number,
  count: number,
  opts: GenerateOptions = {},
): GeneratedToken[] {
  if (!Number.isInteger(count) || count < 0)
    throw new RangeError(`count must be a non-negative integer, got ${count}`);
  const hours = opts.hours ?? 48;
  if (!Number.isInteger(hours) || hours < 2)
    throw new RangeError(`hours must be an integer of at least 2, got ${hours}`);
  const spreadHours = opts.spreadHours ?? 24;
  if (!Number.isInteger(spreadHours) || spreadHours < 1)
    throw new RangeError(`spreadHours must be a positive integer, got ${spreadHours}`);
  const startMs = Math.floor((opts.start ?? DEFAULT_START).getTime() / HOUR) * HOUR;
  if (Number.isNaN(startMs)) throw new RangeError("start must be a valid date");
  return Array.from({ length: count }, (_, i) =>
    generateToken(createRandom(`${String(seed)}#${i}`), new Date(startMs), hours, spreadHours),
  );
}

function generateToken(random: Random, start: Date, hours: number, spreadHours: number): GeneratedToken {
  const archetype = random.weighted(ARCHETYPE_WEIGHTS);
  const at = new Date(start.getTime() + random.int(0, spreadHours - 1) * HOUR);
  const supply = random.pick([1e9, 1e9, 1e9, 1e8, 1e10]);
  // Big winners usually start small.
  const marketCap0 = random.logBetween(4_000, archetype === "moonshot" ? 60_000 : 400_000);
  const priceUsd = significant(marketCap0 / supply);
  const marketCap = round2(priceUsd * supply);
  const liquidityUsd = round2(liquidityFor(marketCap));

  const { name, symbol } = tokenName(random);
  const features = drawFeatures(archetype, { marketCap, liquidityUsd }, random);
  const address = base58Address(random, 44, features.isPump ? "pump" : "");
  const mentioned = random.chance(0.15 + (0.3 * (features.kols ?? 0)) / 7);
  const shape = drawShape(archetype, hours, random);
  const timeline = buildTimeline(shape, { at, priceUsd, supply, liquidityUsd }, hours, random);
  return {
    archetype,
    timeline,
    observation: {
      address,
      name,
      symbol,
      chainId: TOKEN_CHAIN_ID,
      priceUsd,
      developerAddress: base58Address(random),
      microblogTagIds: mentioned ? MENTION_TAGS.filter(() => random.chance(0.5)) : [],
      observedAt: at.toISOString(),
      ...features,
    },
  };
}
