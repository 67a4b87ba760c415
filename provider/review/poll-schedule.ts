/**
 * When a review polls its backtest jobs: soon after they are queued, then less and less often up
 * to the longest interval (`--poll-interval`, default 5 s), so a job that finishes in a second is
 * seen within a fraction of one, while a job that takes half an hour costs a poll per interval.
 * A poll reads one page of `GET /backtests` whatever the number of jobs; the polls of a review
 * never take more than a fifth of the plan's rate (a bucket of a few polls refilled at that
 * share), so on PRO's 60 requests a minute the creates, reads and deletes keep the rest. Every
 * poll still goes through the client's rate limiter, which honours a 429's Retry-After and the
 * service's X-RateLimit-* headers (the spec shows no poll interval of its own to follow).
 */

const FIRST_POLL_MS = 150;
/** Each wait is this many times the one before, up to the longest interval. */
const POLL_GROWTH = 1.5;
/** The share of the plan's requests per minute that polling may take. */
const POLL_SHARE_OF_RATE = 0.2;
/** Polls that may follow each other at the backoff's pace before the share paces them. */
const POLL_BURST = 6;

export interface PollScheduleOptions {
  /** The longest wait between two polls. */
  maxMs: number;
  /** The plan's rate now (the client's limiter learns it from GET /me and the service's headers). */
  requestsPerMinute: () => number;
  now: () => number;
  firstMs?: number;
  growth?: number;
}

/** The backoff alone: the wait before poll `attempt` (0 for the first) of a run of polls. */
export function backoffDelayMs(attempt: number, firstMs: number, growth: number, maxMs: number): number {
  return Math.round(Math.min(maxMs, firstMs * growth ** Math.max(0, attempt)));
}

export class PollSchedule {
  #attempt = 0;
  #tokens: number | undefined;
  #refilledAt = 0;
  readonly #options: Required<PollScheduleOptions>;

  constructor(options: PollScheduleOptions) {
    this.#options = { firstMs: FIRST_POLL_MS, growth: POLL_GROWTH, ...options };
    this.#options.firstMs = Math.min(this.#options.firstMs, this.#options.maxMs);
  }

  /** Polls a minute that the plan's rate leaves to polling (at least one). */
  get pollsPerMinute(): number {
    return Math.max(1, Math.floor(this.#options.requestsPerMinute() * POLL_SHARE_OF_RATE));
  }

  /**
   * The wait before the next poll, which it books against the polling budget: the backoff's
   * next step, or longer when the polls of the last while spent the share of the rate.
   */
  nextDelayMs(): number {
    const { firstMs, growth, maxMs, now } = this.#options;
    const backoff = backoffDelayMs(this.#attempt, firstMs, growth, maxMs);
    this.#attempt += 1;
    const perMs = this.pollsPerMinute / 60_000;
    const capacity = Math.min(POLL_BURST, this.pollsPerMinute);
    const at = now() + backoff;
    const tokens = Math.min(capacity, (this.#tokens ?? capacity) + (at - this.#refilledAt) * perMs);
    if (tokens >= 1) {
      this.#tokens = tokens - 1;
      this.#refilledAt = at;
      return backoff;
    }
    const extra = Math.ceil((1 - tokens) / perMs);
    this.#tokens = 0;
    this.#refilledAt = at + extra;
    return backoff + extra;
  }

  /**
   * A job finished: the jobs queued with it often finish with it, so the next polls start soon
   * again (the budget still paces them).
   */
  restart(): void {
    this.#attempt = 0;
  }
}
