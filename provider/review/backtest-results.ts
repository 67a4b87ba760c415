/**
 * The measured impact of a change, as the backtest runner (backtest-run.ts) hands it to the
 * renderers (backtest-report.ts, backtest-charts.ts, the HTML page).
 */
import type { BacktestSeries } from "./backtest-series";
import type { LiveRecord } from "./live-performance";

export interface Metrics {
  tested: number;
  positives: number;
  precision: number;
  recall: number;
  f1: number;
}

export interface TokenImpact {
  tokenAddress: string;
  /** Highest market cap in the window divided by the market cap at evaluation. */
  currentMultiple: number | null;
  winner: boolean;
}

export interface StrategyBacktest {
  /** Strategy name (as declared in the new code). */
  strategy: string;
  status: "measured" | "unmeasured" | "failed";
  /** Why it was not measured, or how it failed. */
  reason?: string;
  /** The current version's metrics; absent for a new strategy. */
  before?: Metrics;
  after?: Metrics;
  /** Tokens the proposed version matches and the current one does not (top 10 by multiple). */
  newlyMatched: TokenImpact[];
  /** Tokens the current version matches and the proposed one does not (top 10 by multiple). */
  newlyMissed: TokenImpact[];
  /** Counts before the top-10 cut. */
  newlyMatchedTotal: number;
  newlyMissedTotal: number;
  /** The current version's job was a completed job of today with the same window. */
  reusedCurrentJob?: boolean;
  /** Matched tokens over time and per multiple bucket, before and after: the charts' numbers. */
  series?: BacktestSeries;
  /** The current version's live record from the service's performance summary (existing strategies). */
  live?: LiveRecord;
}

export interface BacktestReport {
  from: string;
  to: string;
  /** Winner multiple (labelDefinition.threshold). */
  threshold: number;
  strategies: StrategyBacktest[];
  /** Temporary strategies made to backtest proposed versions, and whether each was deleted. */
  temporaryStrategies: { name: string; deleted: boolean }[];
  /** Jobs created by this review and the quota they came from (null: no daily cap). */
  jobsCreated: number;
  dailyQuota: number | null;
}
