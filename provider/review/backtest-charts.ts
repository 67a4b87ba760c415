/**
 * The per-strategy part of a review's backtests: the live record of the current version, and
 * two charts (matched tokens over the window, matched tokens per multiple bucket), each with a
 * table of its numbers beside it, so the text never depends on the picture. How a chart is
 * drawn is the writer's job: Mermaid for the Markdown comment (mermaid-chart.ts), inline SVG
 * for the HTML page (html/).
 */
import type { StrategyBacktest } from "./backtest-results";
import type { SeriesPair } from "./backtest-series";
import type { LiveRecord } from "./live-performance";
import { cutGraphemes, joinMd, type Md, md, message } from "./markdown";
import { num, plural, quote, text } from "./words";

/** One chart: what it shows (the code's words), whose (untrusted), and its two series. */
export interface ChartSpec {
  kind: "overTime" | "byMultiple";
  /** The strategy's name, as declared: untrusted. */
  strategy: string;
  /** What is counted per category, in the code's words: `Matches per day`; a title keeps it whole. */
  subject: string;
  /** The categories' axis, in the code's words: `hour (UTC)`. */
  axis: string;
  /** The values' axis with its unit, in the code's words: `matched tokens per day`. */
  valueAxis: string;
  series: SeriesPair;
}

/**
 * A chart's title: its subject whole, then the strategy's name cut to `nameMax` user-perceived
 * characters (`Matches per day — Safety fi…`), so two charts of one long name never read the same.
 */
export function chartTitle(
  chart: ChartSpec,
  nameMax: number,
  shown: (name: string) => string = (n) => n,
): string {
  const name = shown(chart.strategy);
  return `${chart.subject} — ${name.trim() === "" ? "(no name)" : cutGraphemes(name, nameMax)}`;
}

/** Draws a chart as lines of the report (Mermaid fence, or a placeholder the HTML page replaces). */
export type ChartWriter = (chart: ChartSpec) => Md[];

export const SERIES_WORDS = { before: "current version", after: "proposed version" } as const;

function chartSpecs(s: StrategyBacktest): ChartSpec[] {
  if (!s.series) return [];
  const hourly = s.series.unit === "hour";
  return [
    {
      kind: "overTime",
      strategy: s.strategy,
      subject: hourly ? "Matches per hourly snapshot" : "Matches per day",
      axis: hourly ? "snapshot hour (UTC)" : "day (UTC)",
      valueAxis: hourly ? "matched tokens per snapshot" : "matched tokens per day",
      series: s.series.overTime,
    },
    {
      kind: "byMultiple",
      strategy: s.strategy,
      subject: "Matches per multiple",
      axis: "highest multiple in the window",
      valueAxis: "matched tokens per bucket",
      series: s.series.byMultiple,
    },
  ];
}

/** The numbers of a chart as a table: one column per category, one row per version. */
function chartTable(chart: ChartSpec): Md[] {
  const { labels, before, after } = chart.series;
  const row = (name: string, values: number[]) =>
    md`| ${text(name)} | ${joinMd(
      values.map((v) => num(v)),
      " | ",
    )} |`;
  return [
    md`| ${text(chart.axis)} | ${joinMd(
      labels.map((l) => text(l)),
      " | ",
    )} |`,
    md`|---|${joinMd(
      labels.map(() => md`---|`),
      "",
    )}`,
    ...(before ? [row(SERIES_WORDS.before, before)] : []),
    row(SERIES_WORDS.after, after),
  ];
}

const pct = (x: number) => md`${num(Math.round(x * 1000) / 10)}%`;

/** One line of the current version's live record, or why it is missing. */
function liveLine(live: LiveRecord): Md {
  const span = md`last ${plural(live.days, "day")}, the service's performance summary`;
  if ("unavailable" in live) return md`Live record (${span}): not available: ${message(live.unavailable)}`;
  if (live.calls === 0) return md`Live record of the current version (${span}): no alerts.`;
  return md`Live record of the current version (${span}): ${plural(live.calls, "alert")}, ${plural(live.winners, "winner")} (win rate ${pct(live.winRate)}), best ${num(Math.round(live.bestMultiple * 100) / 100)}×.`;
}

/** A strategy's subsection: its live record, then each chart drawn by `writer` with its table. */
export function strategyCharts(s: StrategyBacktest, writer: ChartWriter | null): Md[] {
  const charts = writer ? chartSpecs(s) : [];
  if (charts.length === 0 && !s.live) return [];
  const out: Md[] = [md`#### ${quote(s.strategy, 80)}`, md``];
  if (s.live) out.push(liveLine(s.live), md``);
  for (const chart of charts) {
    out.push(...writer!(chart), md``, ...chartTable(chart), md``);
  }
  const missing = s.series?.withoutMultiple;
  if (writer && missing && (missing.after > 0 || (missing.before ?? 0) > 0))
    out.push(
      md`Matched tokens without a market cap at evaluation (no multiple, not in the multiple chart): ${missing.before === undefined ? md`` : md`${num(missing.before)} → `}${num(missing.after)}.`,
      md``,
    );
  return out;
}
