/**
 * What one rule evaluator concludes about a token. "no_data" is kept apart from "fail" so
 * the strategy evaluator can apply `strict` (missing data fails, or skips the rule) without
 * the rule evaluators knowing about it.
 */
type OutcomeStatus = "pass" | "fail" | "no_data" | "skip";

export type Outcome = { status: OutcomeStatus; reason: string; actual?: unknown };

export const pass = (reason: string, actual?: unknown): Outcome => withActual("pass", reason, actual);
export const fail = (reason: string, actual?: unknown): Outcome => withActual("fail", reason, actual);
export const skip = (reason: string): Outcome => ({ status: "skip", reason });
/** The reason always starts with "no data", naming what was missing. */
export const noData = (what: string): Outcome => ({ status: "no_data", reason: `no data (${what})` });

/**
 * Combines the checks of one rule: any definite failure fails the rule (it would fail
 * whatever the missing values turn out to be); otherwise any missing value makes it
 * "no data"; otherwise it passes.
 */
export function combine(parts: readonly Outcome[], actual?: unknown): Outcome {
  const failed = parts.filter((p) => p.status === "fail");
  if (failed.length > 0) return fail(failed.map((p) => p.reason).join("; "), actual);
  const missing = parts.filter((p) => p.status === "no_data");
  if (missing.length > 0) return { status: "no_data", reason: missing.map((p) => p.reason).join("; ") };
  return pass(parts.map((p) => p.reason).join("; "), actual);
}

function withActual(status: OutcomeStatus, reason: string, actual: unknown): Outcome {
  return actual === undefined ? { status, reason } : { status, reason, actual };
}
