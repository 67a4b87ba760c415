import { describe, expect, it } from "vitest";
import { renderReview } from "../../../provider/index";
import type { BacktestReport } from "../../../provider/review";
import { renderBacktests } from "../../../provider/review/backtest-report";
import { digest, type StepSpec } from "../../support/preview-fixtures";

function render(specs: StepSpec[], context = {}) {
  return renderReview(digest(specs), context);
}

describe("renderReview: backtests and size", () => {
  const report: BacktestReport = {
    from: "2026-11-20T00:00:00.000Z",
    to: "2026-11-26T00:00:00.000Z",
    threshold: 2,
    strategies: [
      {
        strategy: "Safety first",
        status: "measured",
        before: { tested: 120, positives: 40, precision: 0.25, recall: 0.5, f1: 1 / 3 },
        after: { tested: 120, positives: 20, precision: 0.4, recall: 0.4, f1: 0.4 },
        newlyMatched: [],
        newlyMissed: [{ tokenAddress: "TokMissed1", currentMultiple: 3.5, winner: true }],
        newlyMatchedTotal: 0,
        newlyMissedTotal: 1,
        reusedCurrentJob: true,
      },
      {
        strategy: "Fresh",
        status: "unmeasured",
        reason: "the daily backtest quota does not cover it",
        newlyMatched: [],
        newlyMissed: [],
        newlyMatchedTotal: 0,
        newlyMissedTotal: 0,
      },
    ],
    temporaryStrategies: [{ name: "[review-tmp abc123] Safety first", deleted: true }],
    jobsCreated: 1,
    dailyQuota: 25,
  };

  it("shows metrics before → after, the tokens that changed, what was not measured and the temporary strategies", () => {
    const md = render([], { backtests: report }).markdown;
    expect(md).toContain(
      "Window 2026-11-20 00:00 – 2026-11-26 00:00 UTC (hourly snapshots); a winner reaches 2×",
    );
    expect(md).toContain("| “Safety first” | 120 | 40 → 20 | 25% → 40% | 50% → 40% | 33.3% → 40% |");
    expect(md).toContain("no longer matches 1 token: `TokMissed1` 3.5× (winner)");
    expect(md).toContain("“Fresh” was **not measured**: the daily backtest quota does not cover it");
    expect(md).toContain("reused today's completed job of the current version for 1 strategy");
    expect(md).toContain("1 temporary inactive strategy made for this review");
    expect(md).toContain("each was deleted afterwards");
  });

  it("says when no strategy changes what it matches", () => {
    const md = render([], {
      backtests: { ...report, strategies: [], temporaryStrategies: [], jobsCreated: 0 },
    }).markdown;
    expect(md).toContain("nothing to backtest");
    expect(md).not.toContain("| Strategy | tested |");
  });
  it("has renderBacktests say there is nothing to backtest when no strategy changes what it matches", () => {
    const lines = renderBacktests({ ...report, strategies: [] }, true, null);
    expect(lines[0]).toBe("### Backtests");
    expect(lines.join("\n")).toContain("No strategy changes what it matches");
  });
});
