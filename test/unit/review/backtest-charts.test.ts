import { describe, expect, it } from "vitest";
import { chartTitle } from "../../../provider/review/backtest-charts";
import type { BacktestReport } from "../../../provider/review/backtest-results";
import { renderReview } from "../../../provider/review/render";
import { report } from "../../support/backtest-report";
import { digest } from "../../support/preview-fixtures";

const preview = digest([]);
const fences = (markdown: string) => [...markdown.matchAll(/```mermaid\n([\s\S]*?)```/g)].map((m) => m[1]!);
const titleOf = (chart: string) => /^ {2}title "(.*)"$/m.exec(chart)?.[1];

/** The report of a new strategy (no current version). */
function newStrategy(name: string): BacktestReport {
  const r = report(name);
  const [s] = r.strategies;
  return {
    ...r,
    strategies: [
      {
        ...s!,
        before: undefined,
        series: {
          ...s!.series!,
          overTime: { ...s!.series!.overTime, before: undefined },
          byMultiple: { ...s!.series!.byMultiple, before: undefined },
        },
      } as never,
    ],
  };
}

describe("charts and the live record in the Markdown report", () => {
  it("puts the live record, two Mermaid charts and their tables in the Markdown", () => {
    const { markdown } = renderReview(preview, { backtests: report("Safety first") });
    expect(markdown).toContain(
      "Live record of the current version (last 7 days, the service's performance summary): 5 alerts, 2 winners (win rate 40%), best 3.25×.",
    );
    expect(markdown.match(/```mermaid\nxychart-beta\n/g)).toHaveLength(2);
    expect(markdown).toContain('  title "Matches per hourly snapshot — Safety first"');
    expect(markdown).toContain("  bar [1, 0]\n  line [0, 1]");
    expect(markdown).toContain("| current version | 0 | 0 | 0 | 1 | 0 | 0 |");
  });

  it("titles the values' axis with its unit", () => {
    const [overTime, byMultiple] = fences(
      renderReview(preview, { backtests: report("Safety first") }).markdown,
    );
    expect(overTime).toMatch(/^ {2}y-axis "matched tokens per snapshot" 0 --> 1$/m);
    expect(byMultiple).toMatch(/^ {2}y-axis "matched tokens per bucket" 0 --> 1$/m);
  });

  it("draws the multiple buckets as bars side by side, never a line", () => {
    const [, byMultiple] = fences(renderReview(preview, { backtests: report("Safety first") }).markdown);
    expect(byMultiple).not.toMatch(/^ {2}line /m);
    expect(byMultiple).toContain(
      '  x-axis "highest multiple in the window" ["under 1x current", "under 1x proposed", "1-1.2x current", "1-1.2x proposed",',
    );
    // Each series zero in the other's place: the current version's 2-5x token, the proposed one's 1.2-2x.
    expect(byMultiple).toContain(
      "  bar [0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0]\n  bar [0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0]",
    );
    const { markdown } = renderReview(preview, { backtests: newStrategy("Fresh") });
    const [newOverTime, newByMultiple] = fences(markdown);
    expect(newOverTime).toMatch(/^ {2}line \[/m);
    expect(newByMultiple).toContain("  bar [0, 0, 1, 0, 0, 0]");
    expect(newByMultiple).not.toMatch(/^ {2}line /m);
    expect(markdown).toContain("Bars: proposed version (a new strategy has no current version).");
  });

  it("keeps each title's subject whole and cuts a long name, so the two charts never read the same", () => {
    const long = "L".repeat(300);
    const { markdown } = renderReview(preview, { backtests: report(long) });
    const titles = fences(markdown).map(titleOf);
    expect(titles[0]).toMatch(/^Matches per hourly snapshot — L+…$/);
    expect(titles[1]).toMatch(/^Matches per multiple — L+…$/);
    expect(titles[0]).not.toBe(titles[1]);
    for (const title of titles) expect([...title!].length).toBeLessThanOrEqual(64);
  });

  it("keeps emoji as the name holds them: variation selectors and joined sequences stay whole", () => {
    const names = ["❤\ufe0f Love", "👨\u200d👩\u200d👧 Family", "🚀🚀 Moon 👍🏽", "🇺🇸 flag 1\ufe0f\u20e3"];
    for (const name of names) {
      const { markdown } = renderReview(preview, { backtests: report(name) });
      expect(markdown).toContain(`#### “${name}”`);
      expect(markdown).not.toContain("\\ufe0f");
      expect(markdown).not.toContain("\\u200d");
      for (const title of fences(markdown).map(titleOf))
        expect(title).toMatch(new RegExp(` — ${name}$`, "u"));
    }
  });

  it("still shows a joiner or selector outside an emoji, and an emoji cut short, as escapes", () => {
    const { markdown } = renderReview(preview, { backtests: report("a\u200db\ufe0f ❤\ufe0f\u200d") });
    // Markdown doubles the escapes' backslashes: `\\u200d` reads `\u200d`.
    expect(markdown).toContain("#### “a\\\\u200db\\\\ufe0f ❤\\\\ufe0f\\\\u200d”");
    for (const title of fences(markdown).map(titleOf)) expect(title).toMatch(/ — \?\? \?$/);
  });

  it("cuts a long emoji name between emoji, never inside one", () => {
    const family = "👨\u200d👩\u200d👧";
    const { markdown } = renderReview(preview, { backtests: report(family.repeat(80)) });
    for (const title of fences(markdown).map(titleOf))
      expect(title).toMatch(new RegExp(`— (${family})+…$`, "u"));
  });
});

describe("chartTitle", () => {
  const chart = { subject: "Matches per day", strategy: "Safety first for every launch" } as Parameters<
    typeof chartTitle
  >[0];

  it("keeps the subject whole and cuts the strategy's name to its width with an ellipsis", () => {
    expect(chartTitle(chart, 12)).toBe("Matches per day — Safety firs…");
    expect(chartTitle(chart, 100)).toBe("Matches per day — Safety first for every launch");
  });

  it("names a chart of a strategy without a name, and shows the name as the caller writes it", () => {
    expect(chartTitle({ ...chart, strategy: "  " }, 12)).toBe("Matches per day — (no name)");
    expect(chartTitle(chart, 100, (name) => name.toUpperCase())).toBe(
      "Matches per day — SAFETY FIRST FOR EVERY LAUNCH",
    );
  });
});
