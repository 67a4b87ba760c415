/**
 * One run of `strategy-alerts review`: its id and start time (both written into the names of
 * its temporary strategies), the time limit within which it is done with them, and the stop
 * signal after which it sends no new create or backtest request.
 *
 * The time limit is what makes several reviews on one account safe together: a review sweeps
 * another run's temporary strategies only once that run started longer ago than the limit plus
 * a margin, when it cannot be using them any more.
 */
import { randomBytes } from "node:crypto";
import { ReviewInterruptedError } from "./errors";

/**
 * The longest a review uses its temporary strategies, counted from its start: it queues jobs,
 * waits for them and reads their results within this time, and reports what is left as not
 * measured. Covers the 30-minute wait for jobs plus planning, queueing and reading.
 */
export const REVIEW_TIME_LIMIT_MS = 45 * 60_000;

/**
 * Added to the time limit before another run's temporary strategies are swept: a request in
 * flight at the limit (its retries, a rate-limit pause) and the clocks of two CI machines
 * that disagree by a few minutes.
 */
const SWEEP_MARGIN_MS = 15 * 60_000;

/** A run that started longer ago than this cannot be using its temporary strategies. */
export const SWEEP_AFTER_MS = REVIEW_TIME_LIMIT_MS + SWEEP_MARGIN_MS;

/**
 * A proven temporary strategy whose start this machine's clock cannot judge (dated in the
 * future, by a machine whose clock was ahead, or a name without a start) is judged by the
 * service's `createdAt`, which its maker cannot choose. The service's clock is not this
 * machine's, so it is swept only once a day older than this review's start: clocks never
 * disagree by the day less the hour a review may still be running.
 */
export const CREATED_SWEEP_AFTER_MS = 24 * 3_600_000;

/** A review run's id: six hex digits, the form the temporary strategies' mark reads back. */
function newRunId(): string {
  return randomBytes(3).toString("hex");
}

export interface ReviewRunOptions {
  runId?: string;
  /** This machine's clock (ms); default Date.now. */
  clock?: () => number;
  /** Aborted by SIGINT/SIGTERM: from then on no new create or backtest request is sent. */
  signal?: AbortSignal;
}

export class ReviewRun {
  readonly runId: string;
  readonly startedAt: number;
  readonly clock: () => number;
  readonly signal: AbortSignal | undefined;

  constructor(options: ReviewRunOptions = {}) {
    this.clock = options.clock ?? Date.now;
    this.runId = options.runId ?? newRunId();
    this.startedAt = this.clock();
    this.signal = options.signal;
  }

  /** When the run must be done with its temporary strategies. */
  get deadline(): number {
    return this.startedAt + REVIEW_TIME_LIMIT_MS;
  }

  get pastDeadline(): boolean {
    return this.clock() >= this.deadline;
  }

  get stopped(): boolean {
    return this.signal?.aborted === true;
  }

  /** Throws when the run was stopped: called before every new create or backtest request. */
  throwIfStopped(): void {
    if (this.stopped) throw new ReviewInterruptedError(`the review was stopped (${this.stopReason()})`);
  }

  private stopReason(): string {
    const reason: unknown = this.signal?.reason;
    return typeof reason === "string" ? reason : "interrupted";
  }

  /** Sleeps `ms`, or less when the run is stopped meanwhile. */
  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      if (this.stopped) return resolve();
      const done = () => {
        clearTimeout(timer);
        this.signal?.removeEventListener("abort", done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.signal?.addEventListener("abort", done, { once: true });
    });
  }
}
