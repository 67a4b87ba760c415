import type { BacktestReport } from "../../provider/review/backtest-results";
import { backtestSeries, type MatchedRow } from "../../provider/review/backtest-series";

/** A matched result row of a backtest: when it was evaluated and the multiple it reached. */
export const row = (at: string, multiple: number | null, n = 0): MatchedRow => ({
  tokenAddress: `T${n}`,
  evaluationTimestamp: at,
  currentMultiple: multiple,
});

/** A measured backtest report of one strategy named `name`, with its series and live record. */
export function report(name: string): BacktestReport {
  const series = backtestSeries(
    { from: "2030-01-05T00:00:00.000Z", to: "2030-01-05T02:00:00.000Z" },
    [row("2030-01-05T00:00:00.000Z", 3)],
    [row("2030-01-05T01:00:00.000Z", 1.5)],
  );
  const metrics = { tested: 4, positives: 1, precision: 1, recall: 0.5, f1: 0.67 };
  return {
    from: "2030-01-05T00:00:00.000Z",
    to: "2030-01-05T02:00:00.000Z",
    threshold: 2,
    strategies: [
      {
        strategy: name,
        status: "measured",
        before: metrics,
        after: metrics,
        newlyMatched: [],
        newlyMissed: [],
        newlyMatchedTotal: 0,
        newlyMissedTotal: 0,
        series,
        live: { range: "weekly", days: 7, calls: 5, winners: 2, winRate: 0.4, bestMultiple: 3.25 },
      },
    ],
    temporaryStrategies: [],
    jobsCreated: 2,
    dailyQuota: 25,
  };
}
