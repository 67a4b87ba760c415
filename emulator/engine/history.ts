import type { TokenObservation } from "../model";
import { demoTokens, type GeneratedToken, generateTokens } from "../tokens";

export const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** A token observation that carries its time (the history's key). */
export type TimedObservation = TokenObservation & { observedAt: string };

/**
 * The last observation of one completed UTC hour: what a backtest replays (service-api.md#backtest-window).
 */
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
  /** Per address, entries in time order; `ms` is observedAt parsed once. */
  private readonly byAddress = new Map<string, { ms: number; obs: TimedObservation }[]>();
  #version = 0;

  /** Changes with every upsert and clear: a replay made ahead of time is valid while it stays. */
  get version(): number {
    return this.#version;
  }

  /** Inserts or replaces the observation of (address, observedAt). */
  upsert(obs: TimedObservation): void {
    this.#version += 1;
    const ms = Date.parse(obs.observedAt);
    let list = this.byAddress.get(obs.address);
    if (!list) {
      list = [];
      this.byAddress.set(obs.address, list);
    }
    const last = list[list.length - 1];
    if (!last || last.ms < ms) {
      list.push({ ms, obs });
      return;
    }
    const i = list.findIndex((e) => e.ms >= ms);
    if (list[i]!.ms === ms) list[i] = { ms, obs };
    else list.splice(i, 0, { ms, obs });
  }

  clear(): void {
    this.#version += 1;
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
    let found: TimedObservation | undefined;
    for (const e of this.byAddress.get(address) ?? []) {
      if (e.ms > atMs) break;
      found = e.obs;
    }
    return found;
  }

  /** Observations with fromMs ≤ observedAt ≤ toMs, in time order. */
  between(address: string, fromMs: number, toMs: number): TimedObservation[] {
    return (this.byAddress.get(address) ?? [])
      .filter((e) => e.ms >= fromMs && e.ms <= toMs)
      .map((e) => e.obs);
  }

  /**
   * Hourly snapshots of one token: for each UTC hour that is complete at `nowMs` (its end is
   * at or before now), the last observation inside it. Hours without observations have none.
   */
  snapshots(address: string, nowMs: number): HourlySnapshot[] {
    const out: HourlySnapshot[] = [];
    for (const e of this.byAddress.get(address) ?? []) {
      const hourMs = Math.floor(e.ms / HOUR_MS) * HOUR_MS;
      if (hourMs + HOUR_MS > nowMs) break;
      const last = out[out.length - 1];
      if (last && last.hourMs === hourMs) last.observation = e.obs;
      else out.push({ hourMs, observation: e.obs });
    }
    return out;
  }

  /** First and last snapshot hour over every token, or null when no hour is complete yet. */
  coverage(nowMs: number): { fromMs: number; toMs: number } | null {
    let fromMs = Number.POSITIVE_INFINITY;
    let toMs = Number.NEGATIVE_INFINITY;
    for (const list of this.byAddress.values()) {
      const first = list[0];
      if (!first) continue;
      const firstHour = Math.floor(first.ms / HOUR_MS) * HOUR_MS;
      if (firstHour + HOUR_MS > nowMs) continue;
      fromMs = Math.min(fromMs, firstHour);
      let lastHour = firstHour;
      for (const e of list) {
        const h = Math.floor(e.ms / HOUR_MS) * HOUR_MS;
        if (h + HOUR_MS > nowMs) break;
        lastHour = h;
      }
      toMs = Math.max(toMs, lastHour);
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
