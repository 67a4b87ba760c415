/**
 * The numbers behind a backtest's charts, from its result rows: matched tokens per day of the
 * window (per hourly snapshot when the window is shorter than three days, where days would be
 * one or two bars), and matched tokens per multiple bucket of the service's performance summary.
 * Pure: the runner (backtest-run.ts) reads the rows.
 */
import { countByBucket, MULTIPLE_BUCKETS } from "../model/multiple-buckets";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Windows shorter than this are drawn per snapshot hour. */
const HOURLY_BELOW_MS = 3 * DAY_MS;

/** A matched token of a backtest: when it matched, and how far it went. */
export interface MatchedRow {
  tokenAddress: string;
  evaluationTimestamp: string;
  currentMultiple: number | null;
}

/** Two series over the same labels: the current version (absent for a new strategy) and the proposed one. */
export interface SeriesPair {
  labels: string[];
  before?: number[];
  after: number[];
}

export interface BacktestSeries {
  /** The time buckets: UTC days, or hourly snapshots for a window under three days. */
  unit: "day" | "hour";
  overTime: SeriesPair;
  byMultiple: SeriesPair;
  /** Matched tokens without a multiple (no market cap at evaluation), left out of `byMultiple`. */
  withoutMultiple: { before?: number; after: number };
}

const pad = (n: number) => String(n).padStart(2, "0");
const dayLabel = (d: Date) => `${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/** The bucket starts of the window, each bucket `size` long, covering every row too. */
function bucketStarts(fromMs: number, toMs: number, size: number, rows: MatchedRow[]): number[] {
  const times = rows.map((r) => Date.parse(r.evaluationTimestamp)).filter((t) => !Number.isNaN(t));
  const first = Math.floor(fromMs / size) * size;
  // A window's end is exclusive unless a row sits on it (the replay includes the last snapshot).
  const last = Math.max(
    Math.floor((toMs - 1) / size) * size,
    ...times.map((t) => Math.floor(t / size) * size),
  );
  const starts: number[] = [];
  for (let t = first; t <= last; t += size) starts.push(t);
  return starts.length > 0 ? starts : [first];
}

function timeLabels(starts: number[], unit: "day" | "hour"): string[] {
  if (unit === "day") return starts.map((t) => dayLabel(new Date(t)));
  const oneDay = new Set(starts.map((t) => Math.floor(t / DAY_MS))).size === 1;
  return starts.map((t) => {
    const d = new Date(t);
    return oneDay ? `${pad(d.getUTCHours())}:00` : `${dayLabel(d)} ${pad(d.getUTCHours())}h`;
  });
}

function countPerBucket(rows: MatchedRow[], starts: number[], size: number): number[] {
  const counts = starts.map(() => 0);
  for (const row of rows) {
    const t = Date.parse(row.evaluationTimestamp);
    if (Number.isNaN(t)) continue;
    const i = Math.min(starts.length - 1, Math.max(0, Math.floor((t - starts[0]!) / size)));
    counts[i]!++;
  }
  return counts;
}

const multiplesOf = (rows: MatchedRow[]) =>
  rows.map((r) => r.currentMultiple).filter((m): m is number => m !== null);

export function backtestSeries(
  window: { from: string; to: string },
  before: MatchedRow[] | undefined,
  after: MatchedRow[],
): BacktestSeries {
  const fromMs = Date.parse(window.from);
  const toMs = Date.parse(window.to);
  const unit = toMs - fromMs < HOURLY_BELOW_MS ? "hour" : "day";
  const size = unit === "hour" ? HOUR_MS : DAY_MS;
  const starts = bucketStarts(fromMs, toMs, size, [...(before ?? []), ...after]);
  const labels = timeLabels(starts, unit);
  const noMultiple = (rows: MatchedRow[]) => rows.filter((r) => r.currentMultiple === null).length;
  return {
    unit,
    overTime: {
      labels,
      ...(before ? { before: countPerBucket(before, starts, size) } : {}),
      after: countPerBucket(after, starts, size),
    },
    byMultiple: {
      labels: MULTIPLE_BUCKETS.map((b) => b.label),
      ...(before ? { before: countByBucket(multiplesOf(before)) } : {}),
      after: countByBucket(multiplesOf(after)),
    },
    withoutMultiple: { ...(before ? { before: noMultiple(before) } : {}), after: noMultiple(after) },
  };
}
