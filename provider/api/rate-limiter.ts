import { createHash } from "node:crypto";

/** Before `GET /me` tells the real size, assume the stricter plan (PRO: 60 per minute). */
export const DEFAULT_REQUESTS_PER_MINUTE = 60;
export const RATE_LIMIT_WINDOW_MS = 60_000;
/** How much later than our send the service may count a request against its window. */
export const ARRIVAL_MARGIN_MS = 1_000;

export type WaitReason =
  /** The local sliding window is full: sending now would exceed the plan's rate. */
  | "rate-limit-window"
  /** The service answered 429 with Retry-After. */
  | "retry-after"
  /** The service answered 429 without Retry-After: waiting until the window frees a slot. */
  | "rate-limited"
  /** A transient failure (5xx, timeout, connection) is retried after a backoff. */
  | "retry-backoff";

export interface WaitEvent {
  reason: WaitReason;
  waitMs: number;
  requestsPerMinute: number;
  method?: string;
  route?: string;
}

export type WaitListener = (event: WaitEvent) => void;

export interface RateLimiterOptions {
  requestsPerMinute?: number;
  windowMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export const realSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sliding one-minute window of send times, shared by every request made with one API key.
 * Callers are served in arrival order, so a burst from many parallel resources drains evenly
 * instead of starving some of them. Every delay goes through the injected `sleep` / `now`.
 */
export class RateLimiter {
  #requestsPerMinute: number;
  readonly #windowMs: number;
  readonly #now: () => number;
  readonly #sleep: (ms: number) => Promise<void>;
  #sent: number[] = [];
  #blockedUntil = 0;
  #blockReason: WaitReason = "rate-limited";
  #queue: Promise<void> = Promise.resolve();

  constructor(options: RateLimiterOptions = {}) {
    this.#requestsPerMinute = options.requestsPerMinute ?? DEFAULT_REQUESTS_PER_MINUTE;
    this.#windowMs = options.windowMs ?? RATE_LIMIT_WINDOW_MS;
    this.#now = options.now ?? Date.now;
    this.#sleep = options.sleep ?? realSleep;
  }

  get requestsPerMinute(): number {
    return this.#requestsPerMinute;
  }

  /** Sends recorded inside the current window (for tests and diagnostics). */
  get inWindow(): number {
    this.#prune(this.#now());
    return this.#sent.length;
  }

  /** Adopts the plan's rate (from `GET /me` limits.rateLimit.requestsPerMinute). */
  resize(requestsPerMinute: number): void {
    if (Number.isFinite(requestsPerMinute) && requestsPerMinute >= 1) {
      this.#requestsPerMinute = Math.floor(requestsPerMinute);
    }
  }

  /** Waits until one more request fits in the window, then records it as sent. */
  acquire(onWait?: WaitListener, target?: { method: string; route: string }): Promise<void> {
    const turn = this.#queue.then(() => this.#take(onWait, target));
    this.#queue = turn.catch(() => undefined);
    return turn;
  }

  /**
   * After a 429: hold every request of this key for `waitMs` (Retry-After), or, without it,
   * until the oldest send leaves the window (the service's window then frees a slot too).
   */
  pauseAfter429(retryAfterMs: number | undefined): number {
    const now = this.#now();
    const waitMs = retryAfterMs ?? this.#untilWindowFrees(now);
    if (now + waitMs > this.#blockedUntil) {
      this.#blockedUntil = now + waitMs;
      this.#blockReason = retryAfterMs === undefined ? "rate-limited" : "retry-after";
    }
    return waitMs;
  }

  async #take(onWait: WaitListener | undefined, target?: { method: string; route: string }): Promise<void> {
    for (;;) {
      const now = this.#now();
      this.#prune(now);
      let waitMs = 0;
      let reason: WaitReason = "rate-limit-window";
      if (this.#blockedUntil > now) {
        waitMs = this.#blockedUntil - now;
        reason = this.#blockReason;
      } else if (this.#sent.length >= this.#requestsPerMinute) {
        // After a shrink more sends than the new size may be in the window: wait for enough to leave.
        const freeing = this.#sent[this.#sent.length - this.#requestsPerMinute] ?? now;
        waitMs = Math.max(1, freeing + this.#windowMs - now);
      } else {
        this.#sent.push(now);
        return;
      }
      onWait?.({ reason, waitMs, requestsPerMinute: this.#requestsPerMinute, ...target });
      await this.#sleep(waitMs);
    }
  }

  #untilWindowFrees(now: number): number {
    this.#prune(now);
    const oldest = this.#sent[0];
    return oldest === undefined ? this.#windowMs : Math.max(1, oldest + this.#windowMs - now);
  }

  #prune(now: number): void {
    const horizon = now - this.#windowMs;
    let drop = 0;
    while (drop < this.#sent.length && (this.#sent[drop] ?? 0) <= horizon) drop++;
    if (drop > 0) this.#sent.splice(0, drop);
  }
}

const shared = new Map<string, RateLimiter>();

/**
 * Identity of a limiter: a hash of the service origin and the key, so the registry never holds
 * the key itself and two services (an emulator and the real one) never share a budget.
 */
export function rateLimiterId(apiKey: string, origin: string): string {
  return createHash("sha256").update(`${origin}\n${apiKey}`).digest("hex");
}

/**
 * The process-wide limiter of one API key. The first caller's options (clock, sleep) create it;
 * later callers share it, which is the point: all resources of a stack run in one process.
 */
export function sharedRateLimiter(
  apiKey: string,
  origin: string,
  options: RateLimiterOptions = {},
): RateLimiter {
  const id = rateLimiterId(apiKey, origin);
  let limiter = shared.get(id);
  if (!limiter) {
    // The service counts a request when it arrives, a little after we send it (connection
    // setup, queuing): a window one margin longer keeps our budget from freeing before theirs.
    limiter = new RateLimiter({ windowMs: RATE_LIMIT_WINDOW_MS + ARRIVAL_MARGIN_MS, ...options });
    shared.set(id, limiter);
  }
  return limiter;
}

/** Forgets every shared limiter (tests). */
export function resetSharedRateLimiters(): void {
  shared.clear();
}
