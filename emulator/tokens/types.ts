import type { TokenObservation } from "../../provider/model";

/** One hourly snapshot of a token's market (the backtest replays these). */
export type TimelinePoint = { at: string; priceUsd: number; marketCap: number; liquidityUsd: number };

/**
 * How a generated launch plays out. Kept beside the data so demos and tests can explain a
 * result; evaluation never reads it.
 */
export type Archetype = "dud" | "runner" | "moonshot" | "rug" | "honeypot";

export type GeneratedToken = {
  observation: TokenObservation;
  /** Hourly points; the first is the moment of the observation. */
  timeline: TimelinePoint[];
  archetype: Archetype;
};
