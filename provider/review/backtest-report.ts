/**
 * The Markdown of the measured impact of a change (backtest-results.ts). Pure: the runner
 * (backtest-run.ts) does the I/O.
 */
import { type ChartWriter, strategyCharts } from "./backtest-charts";
import type { BacktestReport, StrategyBacktest, TokenImpact } from "./backtest-results";
import { message } from "./markdown";
import { code, joinMd, type Md, md, num, plural, quote, text } from "./words";

/** `2030-01-05 14:00` from an ISO timestamp (left as it is when it is not one). */
function utc(iso: string): Md {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(iso);
  return text(m ? `${m[1]} ${m[2]}` : iso);
}

const pct = (x: number) => md`${num(Math.round(x * 1000) / 10)}%`;

function cell(before: number | undefined, after: number | undefined, format: (x: number) => Md): Md {
  if (after === undefined) return md`–`;
  if (before === undefined) return format(after);
  return before === after ? format(after) : md`${format(before)} → ${format(after)}`;
}

function tokenLine(t: TokenImpact): Md {
  const multiple =
    t.currentMultiple === null ? md`no market cap` : md`${num(Math.round(t.currentMultiple * 100) / 100)}×`;
  return md`${code(t.tokenAddress)} ${multiple}${t.winner ? md` (winner)` : md``}`;
}

function tableLines(measured: StrategyBacktest[]): Md[] {
  if (measured.length === 0) return [];
  const out: Md[] = [
    md`| Strategy | tested | positives | precision | recall | f1 |`,
    md`|---|---|---|---|---|---|`,
  ];
  for (const s of measured) {
    const b = s.before;
    const a = s.after;
    // The name as text: its `|` is escaped, so it stays in its cell.
    out.push(
      md`| ${quote(s.strategy, 80)}${b ? md`` : md` (new)`} | ${cell(b?.tested, a?.tested, num)} | ${cell(b?.positives, a?.positives, num)} | ${cell(b?.precision, a?.precision, pct)} | ${cell(b?.recall, a?.recall, pct)} | ${cell(b?.f1, a?.f1, pct)} |`,
    );
  }
  out.push(md``);
  return out;
}

function tokenLines(measured: StrategyBacktest[]): Md[] {
  const out: Md[] = [];
  for (const s of measured) {
    if (!s.before) continue;
    const name = quote(s.strategy);
    if (s.newlyMatchedTotal === 0 && s.newlyMissedTotal === 0) {
      out.push(md`- ${name}: the same tokens match before and after.`);
      continue;
    }
    const top = (shown: TokenImpact[], total: number) =>
      md`${plural(total, "token")}${total > shown.length ? md` (top ${shown.length})` : md``}: ${joinMd(shown.map(tokenLine), ", ")}`;
    if (s.newlyMatchedTotal > 0)
      out.push(md`- ${name} newly matches ${top(s.newlyMatched, s.newlyMatchedTotal)}`);
    if (s.newlyMissedTotal > 0)
      out.push(md`- ${name} no longer matches ${top(s.newlyMissed, s.newlyMissedTotal)}`);
  }
  return out;
}

function temporaryLine(report: BacktestReport): Md[] {
  if (report.temporaryStrategies.length === 0) return [];
  const kept = report.temporaryStrategies.filter((t) => !t.deleted);
  const names = (items: { name: string }[]) =>
    joinMd(
      items.map((t) => quote(t.name, 120)),
      ", ",
    );
  const fate =
    kept.length === 0
      ? md`each was deleted afterwards.`
      : md`**${kept.length} could not be deleted** (${names(kept)}): delete ${kept.length === 1 ? md`it` : md`them`} in the app.`;
  return [
    md`Proposed versions were backtested through ${plural(report.temporaryStrategies.length, "temporary inactive strategy", "temporary inactive strategies")} made for this review (${names(report.temporaryStrategies)}); ${fate}`,
  ];
}

/**
 * The backtests section. `withTokens` lists the newly matched and missed tokens; `charts` draws
 * each strategy's charts (null leaves them out; the live records stay).
 */
export function renderBacktests(
  report: BacktestReport,
  withTokens: boolean,
  charts: ChartWriter | null,
): Md[] {
  const out: Md[] = [md`### Backtests`, md``];
  out.push(
    md`Window ${utc(report.from)} – ${utc(report.to)} UTC (hourly snapshots); a winner reaches ${num(report.threshold)}× its market cap at evaluation. Current version → proposed version.`,
    md``,
  );
  if (report.strategies.length === 0) {
    out.push(
      md`No strategy changes what it matches (rules, triggers, strict or matching): nothing to backtest.`,
      md``,
    );
    return out;
  }
  const measured = report.strategies.filter((s) => s.status === "measured");
  out.push(...tableLines(measured));
  if (withTokens) out.push(...tokenLines(measured));
  for (const s of report.strategies.filter((x) => x.status !== "measured"))
    out.push(md`- ${quote(s.strategy)} was **not measured**: ${message(s.reason ?? s.status)}`);
  const reused = measured.filter((s) => s.reusedCurrentJob).length;
  out.push(
    md``,
    md`Backtest jobs created: ${report.jobsCreated}${report.dailyQuota === null ? md`` : md` (daily quota ${report.dailyQuota})`}${reused > 0 ? md`; reused today's completed job of the current version for ${plural(reused, "strategy", "strategies")}` : md``}.`,
  );
  out.push(...temporaryLine(report));
  for (const s of report.strategies) {
    const detail = strategyCharts(s, charts);
    if (detail.length > 0) out.push(md``, ...detail.slice(0, -1));
  }
  return out;
}
