/**
 * Every kind of chart the review's Markdown can hold, rendered by the real Mermaid (the npm
 * package's browser build) in headless Chromium, as GitHub draws them in a comment: over time
 * per snapshot hour and per day, per multiple bucket, with and without a current version, and
 * titled with hostile strategy names. Each must draw an SVG with its series and no parse error,
 * and its title must be the one text the chart's string holds.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import MarkdownIt from "markdown-it";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { BacktestReport, StrategyBacktest } from "../../provider/review/backtest-results";
import { backtestSeries, type MatchedRow } from "../../provider/review/backtest-series";
import { renderReviewHtml } from "../../provider/review/html/page";
import { renderReview } from "../../provider/review/render";
import { type Browser, launchBrowser, providedBrowser } from "../support/browser";
import { HOSTILE_CHARACTERS, HOSTILE_SEQUENCES } from "../support/hostile-text";
import { REPO_ROOT } from "./harness";
import { checkHtmlReport } from "./html-report-check";

// The page's globals, inside page.evaluate (the project compiles without the DOM library).
// biome-ignore lint/suspicious/noExplicitAny: browser globals, typed by the browser.
declare const window: any;
// biome-ignore lint/suspicious/noExplicitAny: browser globals, typed by the browser.
declare const document: any;

const MERMAID = resolve(REPO_ROOT, "node_modules/mermaid/dist/mermaid.min.js");

/** Names that try to end a Mermaid string, statement, block or the Markdown fence around it. */
const HOSTILE_NAMES = [
  'x" ]\n  bar [99]\n  title "pwned',
  "%%{init: {'theme':'dark'}}%%",
  "```\n# heading",
  "<img src=x onerror=alert(1)><script>alert(2)</script>",
  "#quot; #35; &amp; &lt;b&gt;",
  "a --> b; click x call alert()",
  ...HOSTILE_SEQUENCES,
  HOSTILE_CHARACTERS.join(""),
  // Long names and emoji (a variation selector, a joined family) stay within the title.
  "L".repeat(200),
  "❤\ufe0f 👨\u200d👩\u200d👧 ".repeat(30),
];

/** Matched rows at these hours of the window (those past its end are left out), cycling through the multiples. */
const rows = (days: number, hours: number[], multiples: (number | null)[]): MatchedRow[] =>
  hours
    .filter((h) => h < days * 24)
    .map((h, i) => ({
      tokenAddress: `T${i}`,
      evaluationTimestamp: new Date(Date.parse("2030-01-05T00:00:00Z") + h * 3_600_000).toISOString(),
      currentMultiple: multiples[i % multiples.length] ?? null,
    }));

function measured(name: string, days: number, isNew: boolean): StrategyBacktest {
  const window = {
    from: "2030-01-05T00:00:00.000Z",
    to: new Date(Date.parse("2030-01-05") + days * 86_400_000).toISOString(),
  };
  const metrics = { tested: 10, positives: 3, precision: 0.5, recall: 0.5, f1: 0.5 };
  return {
    strategy: name,
    status: "measured",
    ...(isNew ? {} : { before: metrics }),
    after: metrics,
    newlyMatched: [],
    newlyMissed: [],
    newlyMatchedTotal: 0,
    newlyMissedTotal: 0,
    series: backtestSeries(
      window,
      isNew ? undefined : rows(days, [0, 5, 30, 70], [0.5, 3, 12]),
      rows(days, [1, 2, 40, 100], [1.1, 1.5, 6, null]),
    ),
  };
}

/** The report of every chart kind (hourly and daily windows, with and without a current version), and the hostile names. */
function reportMarkdown(): string {
  const strategies = [
    measured("Safety first", 6, false),
    measured("Fresh launches", 6, true),
    measured("Scalper (hourly)", 1, false),
    measured("New scalper (hourly)", 2, true),
    measured("Scalper over two days", 2, false),
    ...HOSTILE_NAMES.map((name, i) => measured(name, i % 2 === 0 ? 1 : 6, i % 3 === 0)),
  ];
  return renderReview(NO_CHANGE, { backtests: backtestsOf(strategies), maxLength: 10_000_000 }).markdown;
}

/** A preview with no step: the report is its backtests alone. */
const NO_CHANGE = JSON.stringify({ steps: [], diagnostics: [], changeSummary: {} });

/** The week's backtests of `strategies`, two jobs each (before and after). */
function backtestsOf(strategies: BacktestReport["strategies"]): BacktestReport {
  return {
    from: "2030-01-05T00:00:00.000Z",
    to: "2030-01-11T00:00:00.000Z",
    threshold: 2,
    strategies,
    temporaryStrategies: [],
    jobsCreated: strategies.length * 2,
    dailyQuota: null,
  };
}

interface Drawn {
  error?: string;
  bars: number;
  barPlots: number;
  linePlots: number;
  title: string;
  /** The values' axis title, as drawn. */
  yTitle: string;
  /** How wide the title is drawn, and the chart. */
  titleWidth: number;
  width: number;
  categories: string[];
  foreign: number;
}

/** Renders one chart with Mermaid in the page and reads back what it drew. */
function draw(page: Page, source: string, id: string): Promise<Drawn> {
  return page.evaluate(
    async ({ source, id }) => {
      const mermaid = window.mermaid;
      const empty = {
        bars: 0,
        barPlots: 0,
        linePlots: 0,
        title: "",
        yTitle: "",
        titleWidth: 0,
        width: 0,
        categories: [],
        foreign: 0,
      };
      try {
        await mermaid.parse(source);
        const { svg } = await mermaid.render(id, source);
        const host = document.createElement("div");
        host.innerHTML = svg;
        document.body.append(host);
        const root = host.querySelector("svg");
        if (!root || root.getAttribute("aria-roledescription") === "error")
          return { ...empty, error: "error diagram" };
        const texts = (sel: string): string[] =>
          [...root.querySelectorAll(sel)].map((t: { textContent: string | null }) => t.textContent ?? "");
        return {
          bars: root.querySelectorAll('g[class^="bar-plot"] rect').length,
          barPlots: root.querySelectorAll('g[class^="bar-plot"]').length,
          linePlots: root.querySelectorAll('g[class^="line-plot"] path').length,
          title: texts(".chart-title text").join("|"),
          yTitle: texts(".left-axis .title text").join("|"),
          titleWidth: root.querySelector(".chart-title text")?.getBBox().width ?? 0,
          width: root.viewBox.baseVal.width,
          categories: texts(".bottom-axis .label text, .bottom-axis text").filter((t) => t !== ""),
          foreign: root.querySelectorAll("foreignObject, script, img, a").length,
        };
      } catch (e) {
        return { ...empty, error: String(e) };
      }
    },
    { source, id },
  );
}

describe("the review's Mermaid charts, rendered by Mermaid in Chromium", () => {
  let browser: Browser;
  let page: Page;
  const requests: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser(providedBrowser(inject("chromium")));
    await browser.context.route("**/*", (route) => {
      requests.push(route.request().url());
      return route.abort();
    });
    page = await browser.context.newPage();
    await page.setContent("<!DOCTYPE html><html><body></body></html>");
    await page.addScriptTag({ path: MERMAID });
    await page.evaluate(() => {
      window.mermaid.initialize({ startOnLoad: false, securityLevel: "strict" });
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("draws every chart with its series, its categories and its title, hostile names included", async () => {
    const fences = new MarkdownIt().parse(reportMarkdown(), {}).filter((t) => t.type === "fence");
    // Two charts per strategy, and nothing left a fence.
    expect(fences.map((f) => f.info)).toEqual(Array(2 * (5 + HOSTILE_NAMES.length)).fill("mermaid"));
    const kinds = new Set<string>();
    for (const [i, fence] of fences.entries()) {
      const source = fence.content;
      const labels = /x-axis "[^"]*" \[(.*)\]/.exec(source)![1]!.split(", ");
      const barSeries = source.match(/^ {2}bar \[/gm)?.length ?? 0;
      const byMultiple = labels[0]!.startsWith('"under 1x');
      const drawn = await draw(page, source, `chart${i}`);
      expect(drawn.error, source).toBeUndefined();
      expect(drawn.foreign, source).toBe(0);
      // Over time: the proposed version is a line; the multiple buckets are categories, only bars.
      expect(drawn.linePlots, source).toBe(byMultiple ? 0 : 1);
      expect(barSeries, source).toBe(byMultiple ? (labels.length === 12 ? 2 : 1) : barSeries);
      expect(drawn.barPlots, source).toBe(barSeries);
      expect(drawn.bars, source).toBe(barSeries * labels.length);
      // The title is exactly the chart's one string: nothing of the name became a statement.
      const title = /^ {2}title "(.*)"$/m.exec(source)![1]!;
      expect(drawn.title, source).toBe(title);
      // Its subject is whole, the name after it; the values' axis is titled with its unit.
      expect(title, source).toMatch(/^Matches per (day|hourly snapshot|multiple) — ./u);
      expect(drawn.yTitle, source).toMatch(/^matched tokens per (day|snapshot|bucket)$/);
      expect(drawn.titleWidth, source).toBeLessThanOrEqual(drawn.width);
      const axis = /x-axis "([^"]*)"/.exec(source)![1]!;
      expect(drawn.categories, source).toEqual([...labels.map((l) => l.slice(1, -1)), axis]);
      kinds.add(`${labels[0]}|${barSeries}`);
    }
    // Hourly (within a day, over two), daily and multiple charts, each with and without a current version.
    expect([...kinds].sort()).toEqual(
      [
        '"00:00"|0',
        '"00:00"|1',
        '"01-05 00h"|0',
        '"01-05 00h"|1',
        '"01-05"|0',
        '"01-05"|1',
        '"under 1x"|1',
        '"under 1x current"|2',
      ].sort(),
    );
    expect(requests).toEqual([]);
  });
});

describe("the review's SVG charts with long and emoji names, drawn in Chromium", () => {
  it("keeps each heading's subject whole within the chart, and titles the values' axis with its unit", async () => {
    const names = [
      "L".repeat(200),
      "W".repeat(120),
      "❤\ufe0f 👨\u200d👩\u200d👧 ".repeat(30),
      "Safety first 🚀",
    ];
    const strategies = names.map((name, i) => measured(name, i % 2 === 0 ? 1 : 6, i === 3));
    const dir = await mkdtemp(join(tmpdir(), "review-charts-"));
    try {
      const file = join(dir, "review.html");
      await writeFile(file, renderReviewHtml(NO_CHANGE, { backtests: backtestsOf(strategies) }).html);
      const page = await checkHtmlReport(providedBrowser(inject("chromium")), file);
      expect(page.requests).toEqual([]);
      expect(page.console).toEqual([]);
      expect(page.charts).toHaveLength(2 * names.length);
      for (const chart of page.charts) {
        const subject =
          chart.kind === "overTime" ? /^Matches per (hourly snapshot|day) — / : /^Matches per multiple — /;
        expect(chart.heading).toMatch(subject);
        expect(chart.headingWidth, chart.heading).toBeLessThanOrEqual(chart.width - 16);
        expect(chart.title.startsWith(chart.heading.replace(/…$/, ""))).toBe(true);
        expect(chart.yAxisLabel).toMatch(/^matched tokens per (snapshot|day|bucket)$/);
        expect(chart.yAxisLabelRotated).toBe(true);
        if (chart.kind === "byMultiple") {
          expect(chart.proposedPoints).toBe(0);
          expect(chart.proposedBars).toBe(6);
        }
      }
      // The two charts of one long name never read the same.
      expect(page.charts[0]!.heading).not.toBe(page.charts[1]!.heading);
      expect(page.charts[0]!.heading).toMatch(/L…$/);
      // The short name is whole, its emoji too.
      expect(page.charts[6]!.heading).toBe(page.charts[6]!.title);
      expect(page.charts[6]!.heading).toMatch(/— Safety first 🚀$/u);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
