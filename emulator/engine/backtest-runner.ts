import { setImmediate as nextTurn } from "node:timers/promises";
import type { Clock } from "../clock";
import { newId } from "../ids";
import type { BacktestJobRecord } from "../store/records";
import type { Store } from "../store/store";
import { type ReplayOutput, replaySteps } from "./backtest";
import type { TokenHistory } from "./history";
import { triggerFires } from "./triggers";

/** What a replay reads and writes: the store, the token history and the clock (the emulator's context has them). */
interface Ctx {
  store: Store;
  history: TokenHistory;
  clock: Clock;
}

/** A replay finished before its job was due, kept until a read finds the job due. */
interface Held {
  outcome: ReplayOutput | Error;
  /** The history's version the replay read: a later upsert makes it stale. */
  version: number;
}

/** Longest stretch a replay holds the event loop before it lets other requests in. */
const SLICE_MS = 5;

/**
 * Runs the replays of backtests off the request path. A replay evaluates the strategy on every
 * hourly snapshot of every token and can take far longer than a request may hold the one event
 * loop every user shares; so reads only schedule it and answer RUNNING, and the replay runs here
 * in slices of a few milliseconds. It starts as soon as a read finds the job RUNNING, replaying
 * the history as of the job's due moment `at`: done before then, its outcome is held, and the
 * first read at or after `at` commits it (`commitReady`), so a poller sees the job COMPLETED at
 * its due moment instead of one read later. Done after then, it commits at once. The outcome is
 * committed only if the job is still RUNNING (a reset or POST /_emulator/jobs/run may have come
 * first) and the history unchanged since the replay read it (else the job replays again).
 */
export class BacktestRunner {
  private readonly running = new Map<string, Promise<void>>();
  private readonly held = new Map<string, Held>();
  private stopped = false;

  constructor(private readonly ctx: Ctx) {}

  /** Starts the replay of a RUNNING job due at `at`, unless it is under way or held. */
  schedule(job: BacktestJobRecord, at: string): void {
    if (this.stopped || this.running.has(job.id) || this.held.has(job.id)) return;
    const run = this.replayInSlices(job, at).finally(() => this.running.delete(job.id));
    this.running.set(job.id, run);
  }

  /** Waits for every scheduled replay. */
  async settle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running.values()]);
  }

  stop(): void {
    this.stopped = true;
  }

  /**
   * The job COMPLETED (or FAILED) from the outcome replayed ahead of its due moment, stored; or
   * undefined when none is held or the history changed since (then `schedule` replays again).
   */
  commitReady(job: BacktestJobRecord, at: string): BacktestJobRecord | undefined {
    const held = this.held.get(job.id);
    if (!held) return undefined;
    this.held.delete(job.id);
    if (held.version !== this.ctx.history.version || job.status !== "RUNNING") return undefined;
    const done = commitOutcome(this.ctx, job, held.outcome, at);
    this.ctx.store.putBacktest(done);
    return done;
  }

  /** Forgets a held outcome (the job was finished another way). */
  discard(jobId: string): void {
    this.held.delete(jobId);
  }

  private async replayInSlices(job: BacktestJobRecord, at: string): Promise<void> {
    // Not one step inside the request that scheduled it: the first slice starts on a later turn.
    await nextTurn();
    if (this.stopped) return;
    const version = this.ctx.history.version;
    let outcome: ReplayOutput | Error;
    try {
      const steps = replaySteps(replayInput(this.ctx, job, at));
      let sliceStart = performance.now();
      for (;;) {
        const step = steps.next();
        if (step.done) {
          outcome = step.value;
          break;
        }
        if (performance.now() - sliceStart >= SLICE_MS) {
          await nextTurn();
          if (this.stopped) return;
          sliceStart = performance.now();
        }
      }
    } catch (e) {
      outcome = e instanceof Error ? e : new Error(String(e));
    }
    if (this.stopped) return;
    const current = this.ctx.store.getBacktest(job.id);
    // Finished another way, or the history changed while replaying: the next read starts anew.
    if (current?.status !== "RUNNING" || this.ctx.history.version !== version) return;
    if (this.ctx.clock.nowMs() < Date.parse(at)) this.held.set(job.id, { outcome, version });
    else this.ctx.store.putBacktest(commitOutcome(this.ctx, current, outcome, at));
  }
}

/** What a replay of the job's strategy copy reads, as of `at` (the moment the job completes). */
export function replayInput(ctx: Ctx, job: BacktestJobRecord, at: string) {
  const strategy = job.strategySnapshot;
  const doneMs = Date.parse(at);
  const eventType = job.options.eventType;
  const history = ctx.history;
  return {
    strategy,
    timelines: (function* () {
      for (const address of history.addresses())
        yield { address, snapshots: history.snapshots(address, doneMs) };
    })(),
    fromMs: Date.parse(job.from),
    toMs: Date.parse(job.to),
    threshold: job.labelDefinition.threshold,
    strictOverride: job.options.strictOverride,
    accepts:
      eventType === undefined
        ? undefined
        : (first: Parameters<typeof triggerFires>[3]) =>
            triggerFires(
              ctx.store,
              strategy,
              { eventType, tokenAddress: first.address, correlationId: job.id, origin: "backtest" },
              first,
            ),
  };
}

/**
 * The finished job: COMPLETED with its rows stored, or FAILED with the error when the replay
 * itself broke (the only way a job fails: a strategy without rules is replayed like any other
 * and matches every tested token, as it would live).
 */
export function commitOutcome(
  ctx: Ctx,
  job: BacktestJobRecord,
  outcome: ReplayOutput | Error,
  at: string,
): BacktestJobRecord {
  if (outcome instanceof Error) {
    return { ...job, status: "FAILED", error: `The replay failed: ${outcome.message}`, updatedAt: at };
  }
  ctx.store.transaction(() => {
    for (const row of outcome.rows) ctx.store.putBacktestRow({ id: newId(), jobId: job.id, ...row });
  });
  return { ...job, status: "COMPLETED", metrics: outcome.metrics, error: null, updatedAt: at };
}
