import { describe, expect, it } from "vitest";
import type { BacktestReport } from "../../../provider/review/backtest-report";
import { backtestSeries, type MatchedRow } from "../../../provider/review/backtest-series";
import { renderReviewHtml } from "../../../provider/review/html/page";
import { liveRange } from "../../../provider/review/live-performance";
import { renderReview } from "../../../provider/review/render";
import { HOSTILE_SEQUENCES, RAW_HIDDEN } from "../../support/hostile-text";
import { digest } from "./preview-fixtures";

const row = (at: string, multiple: number | null, n = 0): MatchedRow => ({
  tokenAddress: `T${n}`,
  evaluationTimestamp: at,
  currentMultiple: multiple,
});

describe("backtest chart series", () => {
  it("counts matches per snapshot hour when the window is under three days, per multiple bucket of the service", () => {
    const s = backtestSeries(
      { from: "2030-01-05T00:00:00.000Z", to: "2030-01-05T03:00:00.000Z" },
      [row("2030-01-05T00:00:00.000Z", 0.5), row("2030-01-05T02:00:00.000Z", 12)],
      [
        row("2030-01-05T01:00:00.000Z", 1.1),
        row("2030-01-05T03:00:00.000Z", 2),
        row("2030-01-05T01:00:00.000Z", null),
      ],
    );
    expect(s.unit).toBe("hour");
    // The replay's last snapshot sits on the window's end: it gets its own bucket.
    expect(s.overTime).toEqual({
      labels: ["00:00", "01:00", "02:00", "03:00"],
      before: [1, 0, 1, 0],
      after: [0, 2, 0, 1],
    });
    expect(s.byMultiple).toEqual({
      labels: ["<1x", "1-1.2x", "1.2-2x", "2-5x", "5-10x", "10x+"],
      before: [1, 0, 0, 0, 0, 1],
      after: [0, 1, 0, 1, 0, 0],
    });
    expect(s.withoutMultiple).toEqual({ before: 0, after: 1 });
  });

  it("counts per UTC day over three days or more, and a new strategy has no current series", () => {
    const s = backtestSeries(
      { from: "2030-01-04T00:00:00.000Z", to: "2030-01-10T00:00:00.000Z" },
      undefined,
      [row("2030-01-04T23:00:00.000Z", 3), row("2030-01-09T01:00:00.000Z", 3)],
    );
    expect(s.unit).toBe("day");
    expect(s.overTime).toEqual({
      labels: ["01-04", "01-05", "01-06", "01-07", "01-08", "01-09"],
      after: [1, 0, 0, 0, 0, 1],
    });
    expect(s.byMultiple.before).toBeUndefined();
  });

  it("asks the performance summary for the shortest range that covers the window", () => {
    expect([1, 2, 6, 7, 8, 30, 31, 400].map((d) => liveRange(d).range)).toEqual([
      "daily",
      "weekly",
      "weekly",
      "weekly",
      "monthly",
      "monthly",
      "quarterly",
      "quarterly",
    ]);
  });
});

function report(name: string): BacktestReport {
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

describe("charts and the live record in the report", () => {
  const preview = digest([]);

  it("puts the live record, two Mermaid charts and their tables in the Markdown", () => {
    const { markdown } = renderReview(preview, { backtests: report("Safety first") });
    expect(markdown).toContain(
      "Live record of the current version (last 7 days, the service's performance summary): 5 alerts, 2 winners (win rate 40%), best 3.25×.",
    );
    expect(markdown.match(/```mermaid\nxychart-beta\n/g)).toHaveLength(2);
    expect(markdown).toContain('  title "Safety first: matched tokens per hourly snapshot"');
    expect(markdown).toContain("  bar [1, 0]\n  line [0, 1]");
    expect(markdown).toContain("| current version | 0 | 0 | 0 | 1 | 0 | 0 |");
  });

  it("writes one self-contained page: a strict CSP, no script or external reference, names escaped, one SVG per chart", () => {
    for (const name of ['<script>alert(1)</script>"', ...HOSTILE_SEQUENCES, "a</title><img src=x>"]) {
      const { html } = renderReviewHtml(preview, { backtests: report(name), title: name });
      expect(html).toMatch(
        /<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'sha256-[^']+'; base-uri 'none'; form-action 'none'">/,
      );
      expect(html).not.toMatch(/<script|<img|<iframe|<link|\son\w+=|javascript:|url\(/i);
      // The only URL is the SVG namespace (a name, never fetched).
      expect(html.match(/https?:\/\/[^\s"<]+/g) ?? []).toEqual([
        "http://www.w3.org/2000/svg",
        "http://www.w3.org/2000/svg",
      ]);
      expect(html.match(/<svg /g)).toHaveLength(2);
      expect(html).toMatch(/<title id="chart-0-title">/);
      // The page's own line breaks aside, nothing hidden reaches it raw.
      expect(html.replaceAll("\n", "")).not.toMatch(RAW_HIDDEN);
    }
  });
});
