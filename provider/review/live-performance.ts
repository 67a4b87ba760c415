/**
 * The live record of a changed strategy that already exists, beside its backtest: calls,
 * winners, win rate and best multiple from the service's performance summary
 * (`GET /notifications/performance`), one request per strategy through the review's one client,
 * so the key's rate limiter paces it with the backtests. The summary counts back from now over
 * a fixed range; the review asks for the shortest range that covers its backtest window.
 */
import type { ApiClient } from "../api/client";
import type { PerformanceRange } from "../model/plain-types";

const RANGE_DAYS: readonly [PerformanceRange, number][] = [
  ["daily", 1],
  ["weekly", 7],
  ["monthly", 30],
  ["quarterly", 90],
];

export type LiveRecord =
  | {
      range: PerformanceRange;
      /** Days the range reaches back from now. */
      days: number;
      calls: number;
      winners: number;
      /** 0 to 1. */
      winRate: number;
      bestMultiple: number;
    }
  | { range: PerformanceRange; days: number; unavailable: string };

/** The shortest range of the summary that covers `windowDays` (the longest one past 90 days). */
export function liveRange(windowDays: number): { range: PerformanceRange; days: number } {
  const [range, days] = RANGE_DAYS.find(([, d]) => d >= windowDays) ?? RANGE_DAYS[RANGE_DAYS.length - 1]!;
  return { range, days };
}

/** The current version's live record; a failed read is reported in the record, never thrown. */
export async function readLiveRecord(
  client: ApiClient,
  strategyId: string,
  windowDays: number,
): Promise<LiveRecord> {
  const { range, days } = liveRange(windowDays);
  try {
    const { overall } = await client.notifications.performance({ strategyId, range });
    return {
      range,
      days,
      calls: overall.totalCalls,
      winners: overall.winners,
      winRate: overall.winRate,
      bestMultiple: overall.bestAthMultiple,
    };
  } catch (err) {
    return { range, days, unavailable: err instanceof Error ? err.message : String(err) };
  }
}
