import type { EmulatorContext } from "../context";
import type { BacktestJobRecord, PerformanceJobRecord } from "../store/records";
import { replay } from "./backtest";
import { commitOutcome, replayInput } from "./backtest-runner";
import { type PerformanceRange, performanceSummary } from "./performance";

/**
 * A queued backtest starts running this long after creation (emulator clock)… Seconds, not
 * minutes: a review waits for its jobs, and its wait against the emulator should be the few
 * seconds of a quick job on the service (the spec shows no timing; backtest-slow models a slow one).
 */
const BACKTEST_RUNNING_AFTER_MS = 1_000;
/** …and completes (or fails) this long after creation, once its replay (in the background) is done. */
const BACKTEST_DONE_AFTER_MS = 3_000;
/** A performance job is picked up (rawState active) after this, and completes after twice it. */
const PERFORMANCE_STEP_MS = 30_000;

/** Variant backtest-slow: RUNNING after 3 minutes, done after 8 (emulator clock). */
const SLOW_BACKTEST_RUNNING_AFTER_MS = 3 * 60_000;
const SLOW_BACKTEST_DONE_AFTER_MS = 8 * 60_000;

type Ctx = Pick<EmulatorContext, "store" | "clock" | "history" | "backtests" | "variants">;

/**
 * Moves a backtest along QUEUED → RUNNING → COMPLETED | FAILED as far as the emulator clock
 * allows (or all the way with `force`, for POST /_emulator/jobs/run). Jobs progress lazily,
 * whenever they are read, so the result does not depend on timers; updatedAt is the moment
 * the clock reached the transition (or now when forced). A replay is only scheduled here
 * (BacktestRunner), from the first read of the RUNNING job; a read once it is due commits a
 * replay already done; only `force` replays inside the call.
 */
export function advanceBacktest(ctx: Ctx, job: BacktestJobRecord, force = false): BacktestJobRecord {
  const nowMs = ctx.clock.nowMs();
  const created = Date.parse(job.createdAt);
  const slow = ctx.variants.has("backtest-slow");
  const runningAfter = slow ? SLOW_BACKTEST_RUNNING_AFTER_MS : BACKTEST_RUNNING_AFTER_MS;
  const doneAfter = slow ? SLOW_BACKTEST_DONE_AFTER_MS : BACKTEST_DONE_AFTER_MS;
  let next = job;
  if (next.status === "QUEUED" && (force || nowMs >= created + runningAfter)) {
    next = {
      ...next,
      status: "RUNNING",
      updatedAt: stamp(force, nowMs, created + runningAfter),
    };
  }
  if (next !== job) ctx.store.putBacktest(next);
  if (next.status !== "RUNNING") return next;
  const due = nowMs >= created + doneAfter;
  const at = stamp(force, nowMs, created + doneAfter);
  if (force) {
    ctx.backtests.discard(next.id);
    next = finishNow(ctx, next, at);
    ctx.store.putBacktest(next);
    return next;
  }
  // Due and replayed ahead of time: completed by this read.
  const ready = due ? ctx.backtests.commitReady(next, at) : undefined;
  if (ready) return ready;
  // The replay runs in the background (it may take far longer than a request may hold the
  // event loop every user shares), from the first read that finds the job RUNNING; the job
  // reads RUNNING until it is due and its replay is done.
  ctx.backtests.schedule(next, at);
  return next;
}

const stamp = (force: boolean, nowMs: number, dueMs: number) => new Date(force ? nowMs : dueMs).toISOString();

/** The replay done at once, inside the caller (POST /_emulator/jobs/run only). */
function finishNow(ctx: Ctx, job: BacktestJobRecord, at: string): BacktestJobRecord {
  let outcome: ReturnType<typeof replay> | Error;
  try {
    outcome = replay(replayInput(ctx, job, at));
  } catch (e) {
    outcome = e instanceof Error ? e : new Error(String(e));
  }
  return commitOutcome(ctx, job, outcome, at);
}

/** waiting → active → completed on the emulator clock (or at once with `force`). */
export function advancePerformanceJob(
  ctx: Ctx,
  job: PerformanceJobRecord,
  force = false,
): PerformanceJobRecord {
  if (job.rawState === "completed") return job;
  const nowMs = ctx.clock.nowMs();
  const elapsed = nowMs - Date.parse(job.createdAt);
  let next = job;
  if (force || elapsed >= 2 * PERFORMANCE_STEP_MS) {
    const notifications = ctx.store.listNotificationsOfStrategy(job.strategyId);
    next = {
      ...job,
      rawState: "completed",
      completedAt: new Date(nowMs).toISOString(),
      result: performanceSummary(
        ctx.history,
        notifications,
        job.range as PerformanceRange,
        Date.parse(job.createdAt),
      ),
    };
  } else if (elapsed >= PERFORMANCE_STEP_MS && job.rawState === "waiting") {
    next = { ...job, rawState: "active" };
  }
  if (next !== job) ctx.store.putPerformanceJob(next);
  return next;
}

/**
 * Progress of a performance job (service-api.md#performance): tokens are the calls in range; processed
 * grows with the clock.
 */
export function performanceProgress(job: PerformanceJobRecord, nowMs: number) {
  const total = job.totalTokens;
  const fraction =
    job.rawState === "completed"
      ? 1
      : Math.min(
          1,
          Math.max(0, (nowMs - Date.parse(job.createdAt) - PERFORMANCE_STEP_MS) / PERFORMANCE_STEP_MS),
        );
  const processed = job.rawState === "completed" ? total : Math.floor(total * fraction);
  return {
    totalTokens: total,
    processedTokens: processed,
    remainingTokens: total - processed,
    progressPercent:
      total === 0 ? (job.rawState === "completed" ? 100 : 0) : Math.round((processed / total) * 100),
  };
}

/** POST /_emulator/jobs/run: every unfinished job to completion now. */
export function runAllJobs(ctx: Ctx) {
  const backtests = ctx.store
    .listBacktests()
    .filter((j) => j.status === "QUEUED" || j.status === "RUNNING")
    .map((j) => advanceBacktest(ctx, j, true));
  const performanceJobs = ctx.store
    .listPerformanceJobs()
    .filter((j) => j.rawState !== "completed")
    .map((j) => advancePerformanceJob(ctx, j, true));
  return {
    backtests: backtests.map((j) => ({ id: j.id, status: j.status, error: j.error })),
    performanceJobs: performanceJobs.map((j) => ({
      jobId: j.jobId,
      status: "completed",
      rawState: j.rawState,
    })),
  };
}
