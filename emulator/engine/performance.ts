import { MULTIPLE_BUCKETS } from "../model";
import type { NotificationRecord } from "../store/records";
import type { TokenHistory } from "./history";
import { numberOr0, textOrEmpty } from "./missing-values";

export const PERFORMANCE_RANGES = ["daily", "weekly", "monthly", "quarterly"] as const;
export type PerformanceRange = (typeof PERFORMANCE_RANGES)[number];

const DAY_MS = 86_400_000;
/** How far back each range reaches from now (emulator clock). */
const RANGE_MS: Record<PerformanceRange, number> = {
  daily: DAY_MS,
  weekly: 7 * DAY_MS,
  monthly: 30 * DAY_MS,
  quarterly: 90 * DAY_MS,
};

/** A call counts as a winner from this ATH multiple on. */
const WINNER_MULTIPLE = 2;

const TOP_TOKENS = 10;

interface CallPerformance {
  notification: NotificationRecord;
  alertMcap: number;
  currentMcap: number;
  athMcap: number;
  athMultiple: number;
}

/**
 * How one alert ("call") did, from the token history on the emulator clock: alertMcap is the
 * market cap the alert carried; athMcap the highest market cap observed strictly after the
 * alert's observation up to now (the alert's own value when nothing was observed since, so a
 * token that only fell lands below 1x); currentMcap the latest observation at or before now.
 */
function callPerformance(history: TokenHistory, n: NotificationRecord, nowMs: number): CallPerformance {
  const address = n.triggerContext.tokenAddress;
  const alertMcap = numberOr0(n.triggerContext.tokenData.market.mcap);
  const since = history.between(address, Date.parse(n.baselineAt) + 1, nowMs);
  const mcaps = since.map((o) => o.marketCap).filter((m): m is number => m !== undefined);
  const athMcap = mcaps.length > 0 ? Math.max(...mcaps) : alertMcap;
  const currentMcap = history.latest(address, nowMs)?.marketCap ?? alertMcap;
  return {
    notification: n,
    alertMcap,
    currentMcap,
    athMcap,
    athMultiple: alertMcap > 0 ? athMcap / alertMcap : 0,
  };
}

const round = (n: number) => Math.round(n * 10_000) / 10_000;

/**
 * The performance summary of service-api.md#performance over the alerts of one strategy created within the
 * range (now − range, now]: every alert is a call; winners reach WINNER_MULTIPLE; buckets
 * count calls by ATH multiple; topTokens are the best call per token, best first, at most 10.
 */
export function performanceSummary(
  history: TokenHistory,
  notifications: NotificationRecord[],
  range: PerformanceRange,
  nowMs: number,
) {
  const calls = callsInRange(notifications, range, nowMs).map((n) => callPerformance(history, n, nowMs));
  const winners = calls.filter((c) => c.athMultiple >= WINNER_MULTIPLE).length;
  const multiples = calls.map((c) => c.athMultiple);
  const best = new Map<string, CallPerformance>();
  for (const c of calls) {
    const address = c.notification.triggerContext.tokenAddress;
    const prev = best.get(address);
    if (!prev || c.athMultiple > prev.athMultiple) best.set(address, c);
  }
  return {
    overall: {
      totalCalls: calls.length,
      winners,
      winRate: calls.length === 0 ? 0 : round(winners / calls.length),
      avgAthMultiple: calls.length === 0 ? 0 : round(multiples.reduce((a, b) => a + b, 0) / calls.length),
      bestAthMultiple: calls.length === 0 ? 0 : round(Math.max(...multiples)),
    },
    buckets: MULTIPLE_BUCKETS.map((b) => ({
      ...b,
      count: multiples.filter((m) => m >= b.min && (b.max === null || m < b.max)).length,
    })),
    topTokens: [...best.values()]
      .sort((a, b) => b.athMultiple - a.athMultiple)
      .slice(0, TOP_TOKENS)
      .map((c) => ({
        tokenAddress: c.notification.triggerContext.tokenAddress,
        tokenSymbol: textOrEmpty(c.notification.triggerContext.tokenData.tokenSymbol),
        tokenName: textOrEmpty(c.notification.triggerContext.tokenData.tokenName),
        alertMcap: c.alertMcap,
        currentMcap: c.currentMcap,
        athMcap: c.athMcap,
        athMultiple: round(c.athMultiple),
      })),
  };
}

export function callsInRange(
  notifications: NotificationRecord[],
  range: PerformanceRange,
  nowMs: number,
): NotificationRecord[] {
  const fromMs = nowMs - RANGE_MS[range];
  return notifications.filter((n) => {
    const t = Date.parse(n.createdAt);
    return t > fromMs && t <= nowMs;
  });
}

/** livePerformance of GET /notifications/:id (view full): now, peak since the alert, all-time high. */
export function livePerformance(history: TokenHistory, n: NotificationRecord, nowMs: number) {
  const address = n.triggerContext.tokenAddress;
  const latest = history.latest(address, nowMs);
  const prices = (from: number) =>
    history
      .between(address, from, nowMs)
      .map((o) => o.priceUsd)
      .filter((p): p is number => p !== undefined);
  const sinceAlert = prices(Date.parse(n.baselineAt));
  const allTime = prices(Number.NEGATIVE_INFINITY);
  const alertPrice = numberOr0(n.triggerContext.tokenData.market.priceUSD);
  return {
    priceNow: numberOr0(latest?.priceUsd),
    marketCapNow: numberOr0(latest?.marketCap),
    peakPrice: sinceAlert.length > 0 ? Math.max(...sinceAlert) : alertPrice,
    athPrice: allTime.length > 0 ? Math.max(...allTime) : alertPrice,
  };
}
