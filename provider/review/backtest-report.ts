/**
 * The measured impact of a change, as the backtest runner hands it to the renderer, and its
 * Markdown. Pure: the runner (backtest-run.ts) does the I/O.
 */
import { code, num, plural, quote } from "./words";

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

/** `2030-01-05 14:00` from an ISO timestamp (left as it is when it is not one). */
function utc(iso: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(iso);
  return m ? `${m[1]} ${m[2]}` : iso;
}

const pct = (x: number) => `${num(Math.round(x * 1000) / 10)}%`;

function cell(before: number | undefined, after: number | undefined, format: (x: number) => string): string {
  if (after === undefined) return "–";
  if (before === undefined) return format(after);
  return before === after ? format(after) : `${format(before)} → ${format(after)}`;
}

function tokenLine(t: TokenImpact): string {
  const multiple =
    t.currentMultiple === null ? "no market cap" : `${num(Math.round(t.currentMultiple * 100) / 100)}×`;
  return `${code(t.tokenAddress)} ${multiple}${t.winner ? " (winner)" : ""}`;
}

export function renderBacktests(report: BacktestReport, withTokens: boolean): string[] {
  const lines: string[] = ["### Backtests", ""];
  lines.push(
    `Window ${utc(report.from)} – ${utc(report.to)} UTC (hourly snapshots); a winner reaches ${num(report.threshold)}× its market cap at evaluation. ` +
      `Current version → proposed version.`,
    "",
  );
  if (report.strategies.length === 0) {
    lines.push(
      "No strategy changes what it matches (rules, triggers, strict or matching): nothing to backtest.",
      "",
    );
    return lines;
  }
  const measured = report.strategies.filter((s) => s.status === "measured");
  if (measured.length > 0) {
    lines.push("| Strategy | tested | positives | precision | recall | f1 |", "|---|---|---|---|---|---|");
    for (const s of measured) {
      const b = s.before;
      const a = s.after;
      lines.push(
        `| ${quote(s.strategy, 80)}${b ? "" : " (new)"} | ${cell(b?.tested, a?.tested, num)} | ${cell(b?.positives, a?.positives, num)} | ${cell(b?.precision, a?.precision, pct)} | ${cell(b?.recall, a?.recall, pct)} | ${cell(b?.f1, a?.f1, pct)} |`,
      );
    }
    lines.push("");
  }
  if (withTokens) {
    for (const s of measured) {
      if (!s.before) continue;
      if (s.newlyMatchedTotal === 0 && s.newlyMissedTotal === 0) {
        lines.push(`- ${quote(s.strategy)}: the same tokens match before and after.`);
        continue;
      }
      if (s.newlyMatchedTotal > 0) {
        lines.push(
          `- ${quote(s.strategy)} newly matches ${plural(s.newlyMatchedTotal, "token")}${s.newlyMatchedTotal > s.newlyMatched.length ? ` (top ${s.newlyMatched.length})` : ""}: ${s.newlyMatched.map(tokenLine).join(", ")}`,
        );
      }
      if (s.newlyMissedTotal > 0) {
        lines.push(
          `- ${quote(s.strategy)} no longer matches ${plural(s.newlyMissedTotal, "token")}${s.newlyMissedTotal > s.newlyMissed.length ? ` (top ${s.newlyMissed.length})` : ""}: ${s.newlyMissed.map(tokenLine).join(", ")}`,
        );
      }
    }
  }
  for (const s of report.strategies.filter((x) => x.status !== "measured")) {
    lines.push(`- ${quote(s.strategy)} was **not measured**: ${s.reason ?? s.status}`);
  }
  const reused = measured.filter((s) => s.reusedCurrentJob).length;
  lines.push(
    "",
    `Backtest jobs created: ${report.jobsCreated}${report.dailyQuota === null ? "" : ` (daily quota ${report.dailyQuota})`}${reused > 0 ? `; reused today's completed job of the current version for ${plural(reused, "strategy", "strategies")}` : ""}.`,
  );
  if (report.temporaryStrategies.length > 0) {
    const kept = report.temporaryStrategies.filter((t) => !t.deleted);
    lines.push(
      `Proposed versions were backtested through ${plural(report.temporaryStrategies.length, "temporary inactive strategy", "temporary inactive strategies")} made for this review ` +
        `(${report.temporaryStrategies.map((t) => quote(t.name, 120)).join(", ")}); ` +
        (kept.length === 0
          ? "each was deleted afterwards."
          : `**${kept.length} could not be deleted** (${kept.map((t) => quote(t.name, 120)).join(", ")}): delete ${kept.length === 1 ? "it" : "them"} in the app.`),
    );
  }
  return lines;
}
