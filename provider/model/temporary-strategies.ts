/**
 * Strategies that a tool of this package makes for a moment and deletes again (the review's
 * backtest copies, the doctor's write probe) carry a mark in their name, so that a later run can
 * recognise one left behind by a killed process, sweep it, and `import` never adopts it.
 * `[review-tmp 1a2b3c] Safety first`: the tool, then the run id that makes each run's own.
 */
import { STRATEGY_LIMITS } from "./strategy-limits";

const TEMPORARY_TOOLS = ["review", "doctor"] as const;
export type TemporaryTool = (typeof TEMPORARY_TOOLS)[number];

/** The opening of every name a tool gives its temporary strategy: `[review-tmp`. */
export function temporaryMark(tool: TemporaryTool): string {
  return `[${tool}-tmp`;
}

/** `[review-tmp 1a2b3c] Safety first`, cut to the name limit. */
export function temporaryStrategyName(tool: TemporaryTool, runId: string, name: string): string {
  return `${temporaryMark(tool)} ${runId}] ${name}`.slice(0, STRATEGY_LIMITS.nameMaxLength);
}

const MARKED = /^\[(review|doctor)-tmp ([0-9a-f]+)\]/;

/** The tool and run that made a temporary strategy, or undefined for a user's own strategy. */
export function parseTemporaryStrategyName(name: string): { tool: TemporaryTool; runId: string } | undefined {
  const m = MARKED.exec(name);
  return m ? { tool: m[1] as TemporaryTool, runId: m[2] as string } : undefined;
}
