import { appendFileSync } from "node:fs";

/**
 * Where the provider appends one JSON line per resource operation (type, operation, duration),
 * when set. For benchmarks (npm run bench:pulumi) and diagnosis; holds no inputs, ids or keys.
 */
const TRACE_FILE_ENV = "STRATEGY_ALERTS_TRACE_FILE";

interface TraceLine {
  /** The resource type: the first word of the operation's label (Strategy, Webhook, …). */
  type: string;
  operation: string;
  ms: number;
  ok: boolean;
}

export function traceOperation(label: string, operation: string, startedAt: number, ok: boolean): void {
  const file = process.env[TRACE_FILE_ENV];
  if (!file) return;
  const line: TraceLine = {
    type: label.split(" ")[0] ?? label,
    operation,
    ms: Math.round((performance.now() - startedAt) * 1000) / 1000,
    ok,
  };
  try {
    appendFileSync(file, `${JSON.stringify(line)}\n`);
  } catch {
    // Tracing never fails an operation.
  }
}
