/**
 * Hourly price paths shaped like real launches. A path is drawn in log space through three
 * anchors — the observation (multiple 1), a peak, and the final hour — with noise that is
 * zero at the observation. A rug or honeypot drains the pool at its pull hour: liquidity
 * falls to a fraction of a percent and the price collapses with it.
 */
import type { Random } from "./prng";
import type { Archetype, TimelinePoint } from "./types";

export type PathShape = {
  /** Multiple of the observation price at the peak. */
  peak: number;
  peakHour: number;
  /** Multiple of the observation price at the last hour (before any pull). */
  end: number;
  /** Hour at which liquidity is pulled (rugs and honeypots). */
  pullHour?: number;
  /** Relative size of the hourly noise (standard deviation in log space). */
  noise: number;
};

/** Draws the shape of a path of `hours` points for an archetype. */
export function drawShape(archetype: Archetype, hours: number, random: Random): PathShape {
  const last = hours - 1;
  const noise = random.between(0.04, 0.14);
  switch (archetype) {
    case "dud":
      return {
        peak: random.between(1, 1.8),
        peakHour: random.int(1, Math.min(6, last)),
        end: random.logBetween(0.03, 0.9),
        noise,
      };
    case "runner": {
      const peak = random.logBetween(2.1, 8);
      return {
        peak,
        peakHour: random.int(2, Math.min(24, last)),
        end: peak * random.between(0.08, 0.7),
        noise,
      };
    }
    case "moonshot": {
      const peak = random.logBetween(10.5, 80);
      return {
        peak,
        peakHour: random.int(6, Math.max(6, last - 4)),
        end: peak * random.between(0.25, 0.8),
        noise,
      };
    }
    case "rug": {
      const peakHour = random.int(1, Math.min(8, last));
      return {
        peak: random.between(1, 3),
        peakHour,
        end: random.between(0.5, 1.2),
        pullHour: random.int(peakHour, Math.min(last, peakHour + 12)),
        noise,
      };
    }
    case "honeypot": {
      // Only buys go through, so the price climbs until the creator drains the pool.
      const pullHour = random.int(4, Math.min(30, last));
      return { peak: random.between(1.2, 3), peakHour: pullHour, end: 1, pullHour, noise: noise / 2 };
    }
  }
}

export type PathStart = {
  at: Date;
  priceUsd: number;
  supply: number;
  /** Pool depth at the observation; later depths keep its ratio to liquidityFor. Default liquidityFor. */
  liquidityUsd?: number;
};

/** Where generated and demo launches start unless told otherwise: fixed, so runs are equal. */
export const DEFAULT_START_ISO = "2026-03-01T00:00:00.000Z";

export function buildTimeline(
  shape: PathShape,
  start: PathStart,
  hours: number,
  random: Random,
): TimelinePoint[] {
  const last = Math.max(1, hours - 1);
  const points: TimelinePoint[] = [];
  const drain = random.between(0.001, 0.01);
  const collapse = random.between(0.001, 0.02);
  const marketCap0 = start.priceUsd * start.supply;
  const depth = start.liquidityUsd === undefined ? 1 : start.liquidityUsd / liquidityFor(marketCap0);
  for (let h = 0; h < hours; h++) {
    let multiple = h === 0 ? 1 : Math.exp(anchorLog(shape, h, last) + shape.noise * random.normal());
    const pulled = shape.pullHour !== undefined && h >= shape.pullHour && h > 0;
    if (pulled) multiple = Math.min(multiple, shape.peak) * collapse;
    const priceUsd = significant(start.priceUsd * multiple);
    const marketCap = round2(priceUsd * start.supply);
    const liquidityUsd = round2(
      depth * (pulled ? liquidityFor(marketCap0) * drain : liquidityFor(marketCap)),
    );
    points.push({
      at: new Date(start.at.getTime() + h * 3_600_000).toISOString(),
      priceUsd,
      marketCap,
      liquidityUsd,
    });
  }
  return points;
}

/** Log multiple on the line observation → peak → end. */
function anchorLog(shape: PathShape, h: number, last: number): number {
  const peak = Math.log(shape.peak);
  if (h <= shape.peakHour) return (peak * h) / Math.max(1, shape.peakHour);
  const t = (h - shape.peakHour) / Math.max(1, last - shape.peakHour);
  return peak + (Math.log(shape.end) - peak) * t;
}

/**
 * Pool depth for a market cap: young low caps keep a large share of their value in the
 * pool, bigger caps a smaller one.
 */
export function liquidityFor(marketCap: number): number {
  const ratio = Math.min(0.45, Math.max(0.04, 0.3 * (Math.max(marketCap, 1) / 30_000) ** -0.25));
  return marketCap * ratio;
}

export const significant = (n: number): number => Number(n.toPrecision(6));
export const round2 = (n: number): number => Math.round(n * 100) / 100;
