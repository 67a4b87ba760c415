/**
 * A small, bounded benchmark harness: every measurement stops at a time budget or an
 * iteration cap, whichever comes first, so a run always ends by itself.
 *
 * Synchronous work is timed in batches (a batch lasts at least ~1 ms, so the timer's own cost
 * does not dominate a microsecond operation); a sample is the mean time per operation of one
 * batch. Asynchronous work (HTTP) is timed one operation per sample.
 */

export interface Stats {
  name: string;
  /** Operations timed (warm-up excluded). */
  operations: number;
  /** Timing samples (batches for synchronous work, single operations for asynchronous work). */
  samples: number;
  /** Operations per timed sample. */
  batchSize: number;
  /** Wall time of the timed part. */
  elapsedMs: number;
  opsPerSec: number;
  /** Milliseconds per operation. */
  meanMs: number;
  p50Ms: number;
  p95Ms: number;
  minMs: number;
  maxMs: number;
  /** Requests in flight at once (throughput measurements only). */
  concurrency?: number;
}

export interface Budget {
  /** Time budget of the timed part. */
  timeMs: number;
  /** Hard cap on timed operations. */
  maxOperations: number;
  /** Time spent running the operation before timing starts (JIT, connection set-up). */
  warmupMs: number;
}

const nowMs = (): number => Number(process.hrtime.bigint()) / 1e6;

/** Keeps results alive so the optimiser cannot drop the measured work. */
let sink = 0;
function consume(value: unknown): void {
  if (value !== undefined && value !== null) sink = (sink + 1) | 0;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

function summarise(
  name: string,
  perOpSamples: number[],
  operations: number,
  batchSize: number,
  elapsedMs: number,
): Stats {
  const sorted = [...perOpSamples].sort((a, b) => a - b);
  const meanMs = elapsedMs / Math.max(1, operations);
  return {
    name,
    operations,
    samples: sorted.length,
    batchSize,
    elapsedMs: round(elapsedMs),
    opsPerSec: round(operations / (elapsedMs / 1000)),
    meanMs: round(meanMs, 6),
    p50Ms: round(percentile(sorted, 50), 6),
    p95Ms: round(percentile(sorted, 95), 6),
    minMs: round(sorted[0] ?? Number.NaN, 6),
    maxMs: round(sorted[sorted.length - 1] ?? Number.NaN, 6),
  };
}

export function round(value: number, digits = 3): number {
  if (!Number.isFinite(value)) return value;
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** Times a synchronous operation. */
export function measureSync(name: string, fn: () => unknown, budget: Budget): Stats {
  // Warm up, and size a batch so that it lasts at least ~1 ms.
  const warmEnd = nowMs() + budget.warmupMs;
  let warmOps = 0;
  const warmStart = nowMs();
  do {
    consume(fn());
    warmOps++;
  } while (nowMs() < warmEnd && warmOps < budget.maxOperations);
  const perOp = (nowMs() - warmStart) / warmOps;
  const batchSize = Math.max(1, Math.min(10_000, Math.ceil(1 / Math.max(perOp, 1e-6))));

  const samples: number[] = [];
  let operations = 0;
  const start = nowMs();
  const end = start + budget.timeMs;
  while (operations < budget.maxOperations) {
    const n = Math.min(batchSize, budget.maxOperations - operations);
    const t0 = nowMs();
    for (let i = 0; i < n; i++) consume(fn());
    const t1 = nowMs();
    samples.push((t1 - t0) / n);
    operations += n;
    if (t1 >= end) break;
  }
  return summarise(name, samples, operations, batchSize, nowMs() - start);
}

/** Times an asynchronous operation, one at a time. */
export async function measureAsync(name: string, fn: () => Promise<unknown>, budget: Budget): Promise<Stats> {
  const warmEnd = nowMs() + budget.warmupMs;
  let warmOps = 0;
  do {
    consume(await fn());
    warmOps++;
  } while (nowMs() < warmEnd && warmOps < budget.maxOperations);

  const samples: number[] = [];
  const start = nowMs();
  const end = start + budget.timeMs;
  while (samples.length < budget.maxOperations) {
    const t0 = nowMs();
    consume(await fn());
    const t1 = nowMs();
    samples.push(t1 - t0);
    if (t1 >= end) break;
  }
  return summarise(name, samples, samples.length, 1, nowMs() - start);
}

/**
 * Runs `concurrency` workers that each repeat an asynchronous operation until the budget is
 * spent; ops/s is completed operations over wall time, latencies are per operation.
 */
export async function measureThroughput(
  name: string,
  fn: () => Promise<unknown>,
  budget: Budget & { concurrency: number },
): Promise<Stats> {
  const warmEnd = nowMs() + budget.warmupMs;
  await Promise.all(
    Array.from({ length: budget.concurrency }, async () => {
      do consume(await fn());
      while (nowMs() < warmEnd);
    }),
  );

  const samples: number[] = [];
  let started = 0;
  const start = nowMs();
  const end = start + budget.timeMs;
  await Promise.all(
    Array.from({ length: budget.concurrency }, async () => {
      while (started < budget.maxOperations && nowMs() < end) {
        started++;
        const t0 = nowMs();
        consume(await fn());
        samples.push(nowMs() - t0);
      }
    }),
  );
  const elapsed = nowMs() - start;
  const stats = summarise(name, samples, samples.length, 1, elapsed);
  // With several requests in flight the mean latency is not elapsed / operations.
  const mean = samples.reduce((a, b) => a + b, 0) / Math.max(1, samples.length);
  return { ...stats, meanMs: round(mean, 6), concurrency: budget.concurrency };
}
