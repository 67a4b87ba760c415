import type { TokenObservation } from "../model";
import { demoTokens, type GeneratedToken, generateTokens } from "../tokens";

export const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** A token observation that carries its time (the history's key). */
export type TimedObservation = TokenObservation & { observedAt: string };

/** The last observation of one completed UTC hour: what a backtest replays (spec 4.4 rule 2). */
export interface HourlySnapshot {
  /** Start of the UTC hour, in ms; the snapshot's timestamp. */
  hourMs: number;
  observation: TimedObservation;
}

export interface HistorySeed {
  /** Generator seed; the same seed and start give the same history. */
  seed: string;
  /** Generated launches (the demo tokens are added on top). */
  tokens: number;
  /** Launches are spread over this many days before the start-up day. */
  days: number;
}

export const DEFAULT_HISTORY: HistorySeed = { seed: "emulator-history", tokens: 120, days: 8 };

/**
 * Every token observation the emulator knows, per address and in time order: the seeded
 * history (generated timelines) plus what the control plane upserted. The emulator clock
 * decides what is visible: events read the latest observation at or before "now", and
 * backtests replay only completed hours. Kept in memory: the seeded part is regenerated
 * deterministically at start-up and the upserted part is restored from the store.
 */
export class TokenHistory {
  private readonly byAddress = new Map<string, TimedObservation[]>();

  /** Inserts or replaces the observation of (address, observedAt). */
  upsert(obs: TimedObservation): void {
    const t = Date.parse(obs.observedAt);
    const list = this.byAddress.get(obs.address) ?? [];
    const i = list.findIndex((o) => Date.parse(o.observedAt) >= t);
    if (i === -1) list.push(obs);
    else if (Date.parse(list[i]!.observedAt) === t) list[i] = obs;
    else list.splice(i, 0, obs);
    this.byAddress.set(obs.address, list);
  }

  clear(): void {
    this.byAddress.clear();
  }

  has(address: string): boolean {
    return this.byAddress.has(address);
  }

  addresses(): string[] {
    return [...this.byAddress.keys()];
  }

  /** The newest observation at or before `atMs`. */
  latest(address: string, atMs: number): TimedObservation | undefined {
    const list = this.byAddress.get(address) ?? [];
    let found: TimedObservation | undefined;
    for (const o of list) {
      if (Date.parse(o.observedAt) > atMs) break;
      found = o;
    }
    return found;
  }

  /** Observations with fromMs ≤ observedAt ≤ toMs, in time order. */
  between(address: string, fromMs: number, toMs: number): TimedObservation[] {
    return (this.byAddress.get(address) ?? []).filter((o) => {
      const t = Date.parse(o.observedAt);
      return t >= fromMs && t <= toMs;
    });
  }

  /**
   * Hourly snapshots of one token: for each UTC hour that is complete at `nowMs` (its end is
   * at or before now), the last observation inside it. Hours without observations have none.
   */
  snapshots(address: string, nowMs: number): HourlySnapshot[] {
    const out: HourlySnapshot[] = [];
    for (const o of this.byAddress.get(address) ?? []) {
      const hourMs = Math.floor(Date.parse(o.observedAt) / HOUR_MS) * HOUR_MS;
      if (hourMs + HOUR_MS > nowMs) break;
      const last = out[out.length - 1];
      if (last && last.hourMs === hourMs) last.observation = o;
      else out.push({ hourMs, observation: o });
    }
    return out;
  }

  /** First and last snapshot hour over every token, or null when no hour is complete yet. */
  coverage(nowMs: number): { fromMs: number; toMs: number } | null {
    let fromMs = Number.POSITIVE_INFINITY;
    let toMs = Number.NEGATIVE_INFINITY;
    for (const address of this.byAddress.keys()) {
      const snaps = this.snapshots(address, nowMs);
      if (snaps.length === 0) continue;
      fromMs = Math.min(fromMs, snaps[0]!.hourMs);
      toMs = Math.max(toMs, snaps[snaps.length - 1]!.hourMs);
    }
    return Number.isFinite(fromMs) ? { fromMs, toMs } : null;
  }
}

/** A generated launch as a series of full observations, one per hourly timeline point. */
export function expandGenerated(t: GeneratedToken): TimedObservation[] {
  const first = Date.parse(t.timeline[0]?.at ?? t.observation.observedAt ?? "");
  return t.timeline.map((p) => {
    const minutes = (Date.parse(p.at) - first) / 60_000;
    const obs: TimedObservation = {
      ...t.observation,
      observedAt: p.at,
      priceUsd: p.priceUsd,
      marketCap: p.marketCap,
      liquidityUsd: p.liquidityUsd,
    };
    if (t.observation.ageMinutes !== undefined) obs.ageMinutes = t.observation.ageMinutes + minutes;
    return obs;
  });
}

/**
 * Seeds the history: `seed.tokens` generated launches spread over the `seed.days` days before
 * the start-up UTC day, plus the demo tokens launched at the start of the previous day. The
 * start is the clock's day, so one day's runs see the same history; timelines reaching past
 * "now" stay invisible until the clock passes them.
 */
export function seedHistory(history: TokenHistory, seed: HistorySeed, nowMs: number): void {
  const dayStart = Math.floor(nowMs / DAY_MS) * DAY_MS;
  const start = new Date(dayStart - seed.days * DAY_MS);
  const generated = generateTokens(seed.seed, seed.tokens, {
    start,
    hours: 48,
    spreadHours: Math.max(1, seed.days * 24),
  });
  for (const t of [...generated, ...demoTokens(new Date(dayStart - DAY_MS))]) {
    for (const obs of expandGenerated(t)) history.upsert(obs);
  }
}
