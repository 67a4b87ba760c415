/**
 * Strategies that a tool of this package makes for a moment and deletes again (the review's
 * backtest copies, the doctor's write probe) carry a mark in their name, so that a later run can
 * recognise one left behind by a killed process, sweep it, and `import` never adopts it.
 * `[review-tmp 1a2b3c 20300110T120000Z] Safety first`: the tool, the run id that makes each
 * run's own, and (reviews) when the run started, so that another run can tell whether the one
 * that made it may still be running. Names made before the start time was added
 * (`[review-tmp 1a2b3c] Safety first`) are still recognised.
 */
import { STRATEGY_LIMITS } from "./strategy-limits";

const TEMPORARY_TOOLS = ["review", "doctor"] as const;
export type TemporaryTool = (typeof TEMPORARY_TOOLS)[number];

/** The opening of every name a tool gives its temporary strategy: `[review-tmp`. */
export function temporaryMark(tool: TemporaryTool): string {
  return `[${tool}-tmp`;
}

/** `20300110T120000Z`: the run's start to the second, short enough to leave room for the name. */
function compactTime(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(/[-:]/g, "").replace(".000Z", "Z");
}

function parseCompactTime(text: string): number | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text);
  if (!m) return undefined;
  const ms = Date.parse(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`);
  return Number.isFinite(ms) ? ms : undefined;
}

/**
 * `[review-tmp 1a2b3c 20300110T120000Z] Safety first` (with the run's start in ms), or
 * `[doctor-tmp 1a2b3c] write probe` without it; cut to the name limit.
 */
export function temporaryStrategyName(
  tool: TemporaryTool,
  runId: string,
  name: string,
  startedAt?: number,
): string {
  const started = startedAt === undefined ? "" : ` ${compactTime(startedAt)}`;
  return `${temporaryMark(tool)} ${runId}${started}] ${name}`.slice(0, STRATEGY_LIMITS.nameMaxLength);
}

const MARKED = /^\[(review|doctor)-tmp ([0-9a-f]+)(?: (\d{8}T\d{6}Z))?\]/;

export interface TemporaryMarkInfo {
  tool: TemporaryTool;
  runId: string;
  /** When the run that made it started (ms); absent in names made before it was recorded. */
  startedAt?: number;
}

/** The tool and run that made a temporary strategy, or undefined for a user's own strategy. */
export function parseTemporaryStrategyName(name: string): TemporaryMarkInfo | undefined {
  const m = MARKED.exec(name);
  if (!m) return undefined;
  // An impossible time (month 13) reads as none: the sweep then judges it by its age alone.
  const startedAt = m[3] === undefined ? undefined : parseCompactTime(m[3]);
  return {
    tool: m[1] as TemporaryTool,
    runId: m[2] as string,
    ...(startedAt === undefined ? {} : { startedAt }),
  };
}
