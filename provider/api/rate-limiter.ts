import { createHash } from "node:crypto";
import { PLAN_LIMITS, PLANS } from "../model/plan-limits";
import type { ServerWindow } from "./rate-limit-headers";
import { FileWindowStore, MemoryWindowStore, type WindowState, type WindowStore } from "./window-store";

/** Before `GET /me` tells the real size, assume the strictest plan. */
export const DEFAULT_REQUESTS_PER_MINUTE = Math.min(
  ...PLANS.map((plan) => PLAN_LIMITS[plan].requestsPerMinute),
);
const RATE_LIMIT_WINDOW_MS = 60_000;
/** How much later than our send the service may count a request against its window. */
const ARRIVAL_MARGIN_MS = 1_000;

type WaitReason =
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
  /** The plan's rate when the caller already knows it; otherwise learned (see `rateKnown`). */
  requestsPerMinute?: number;
  windowMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Where the window lives: this process only (default) or a file shared by processes. */
  store?: WindowStore;
}

/** How long a rate learned by an earlier process is trusted (plans rarely change; a 429 still tells). */
export const LEARNED_RATE_TTL_MS = 24 * 60 * 60_000;

export const realSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

type Decision = { waitMs: 0 } | { waitMs: number; reason: WaitReason };

/**
 * Sliding one-minute window of send times, shared by every request made with one API key.
 * Callers are served in arrival order, so a burst from many parallel resources drains evenly
 * instead of starving some of them. Every delay goes through the injected `sleep` / `now`.
 * The window itself lives in a `WindowStore`, so processes on one machine can share it.
 */
export class RateLimiter {
  #requestsPerMinute: number;
  #rateKnown: boolean;
  readonly #windowMs: number;
  readonly #now: () => number;
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #store: WindowStore;
  #queue: Promise<void> = Promise.resolve();
  #learning: Promise<void> | undefined;

  constructor(options: RateLimiterOptions = {}) {
    this.#requestsPerMinute = options.requestsPerMinute ?? DEFAULT_REQUESTS_PER_MINUTE;
    this.#rateKnown = options.requestsPerMinute !== undefined;
    this.#windowMs = options.windowMs ?? RATE_LIMIT_WINDOW_MS;
    this.#now = options.now ?? Date.now;
    this.#sleep = options.sleep ?? realSleep;
    this.#store = options.store ?? new MemoryWindowStore();
    if (!this.#rateKnown) this.#store.update((state) => this.#adoptLearned(state));
  }

  get requestsPerMinute(): number {
    return this.#requestsPerMinute;
  }

  /**
   * True once the plan's rate is known: given, learned from `GET /me` in this process, or
   * learned by an earlier process on this machine (shared window file) within a day.
   * Until then the limiter assumes the stricter plan.
   */
  get rateKnown(): boolean {
    return this.#rateKnown;
  }

  /**
   * Learns the plan's rate once: concurrent callers share one `fetchRate`; a failure leaves the
   * default in place (the run is slower, not broken) and is not retried by every request.
   */
  learnRate(fetchRate: () => Promise<number>): Promise<void> {
    this.#learning ??= fetchRate().then(
      (rate) => this.resize(rate),
      () => undefined,
    );
    return this.#learning;
  }

  /** Sends recorded inside the current window (for tests and diagnostics). */
  get inWindow(): number {
    return this.#store.update((state) => {
      this.#prune(state, this.#now());
      return state.sent.length;
    });
  }

  /** True when a request now would have to wait (window full or paused). */
  get saturated(): boolean {
    return this.#store.update((state) => {
      const now = this.#now();
      this.#prune(state, now);
      return state.blockedUntil > now || state.sent.length >= this.#requestsPerMinute;
    });
  }

  /** Adopts the plan's rate (from `GET /me` limits.rateLimit.requestsPerMinute) and shares it. */
  resize(requestsPerMinute: number): void {
    if (!Number.isFinite(requestsPerMinute) || requestsPerMinute < 1) return;
    this.#requestsPerMinute = Math.floor(requestsPerMinute);
    this.#rateKnown = true;
    this.#store.update((state) => {
      state.requestsPerMinute = this.#requestsPerMinute;
      state.learnedAt = this.#now();
    });
  }

  /**
   * Waits until one more request fits in the window, then records it as sent.
   * `askedMs` is the wait a 429 asked of this very request (what `pauseAfter429` returned). Its
   * pause is announced as asked: handling the answer took a few ms of it, so only the rest is
   * slept, but "waiting 2 s as the service asked" must not read 1.996 s (nor fall under a
   * threshold of 2 s). A wait longer than asked (another 429, a spent window) is announced as is.
   */
  acquire(
    onWait?: WaitListener,
    target?: { method: string; route: string },
    askedMs?: number,
  ): Promise<void> {
    const turn = this.#queue.then(() => this.#take(onWait, target, askedMs));
    this.#queue = turn.catch(() => undefined);
    return turn;
  }

  /**
   * After a 429: hold every request of this key for `waitMs` (Retry-After), or, without it,
   * until the oldest send leaves the window (the service's window then frees a slot too).
   * Shared through the store, so other processes of the key hold too.
   */
  pauseAfter429(retryAfterMs: number | undefined, resetMs?: number, consecutive = 1): number {
    return this.#store.update((state) => {
      const now = this.#now();
      this.#prune(state, now);
      const oldest = state.sent[0];
      // Without Retry-After: the window's reset when the service sends one, else until our oldest
      // send leaves the window (a sliding window then frees a slot; a fixed one has reset by then),
      // but at least 1 s doubling per 429 in a row, so sends that are about to age out cannot
      // spend every retry within milliseconds while other clients of the key hold the budget.
      const aging = oldest === undefined ? this.#windowMs : Math.max(1, oldest + this.#windowMs - now);
      const floor = Math.min(this.#windowMs, 1_000 * 2 ** Math.max(0, consecutive - 1));
      const waitMs =
        retryAfterMs ??
        (resetMs !== undefined && resetMs > 0 ? Math.ceil(resetMs) : undefined) ??
        Math.max(aging, floor);
      if (now + waitMs > state.blockedUntil) {
        state.blockedUntil = now + waitMs;
        state.blockReason = retryAfterMs === undefined ? "rate-limited" : "retry-after";
      }
      return waitMs;
    });
  }

  /**
   * What the service's X-RateLimit-* headers said in the answer to a request sent at `sentAt`.
   * The limit is the plan's rate (no GET /me needed). Remaining counts what the service had
   * admitted when it answered; our sends after `sentAt` may not be among them yet, so they are
   * taken off too. When nothing is left, every request of the key holds until the reset, so the
   * client never sends a request the service already said it would refuse (an avoidable 429).
   */
  observeServerWindow(window: ServerWindow, sentAt: number): void {
    if (window.limit !== undefined && (window.limit !== this.#requestsPerMinute || !this.#rateKnown))
      this.resize(window.limit);
    this.#store.update((state) => {
      const now = this.#now();
      const sentSince = state.sent.filter((t) => t > sentAt).length;
      if (window.remaining - sentSince > 0 || window.resetMs <= 0) return;
      const until = now + window.resetMs;
      if (until > state.blockedUntil) {
        state.blockedUntil = until;
        state.blockReason = "rate-limit-window";
      }
    });
  }

  async #take(
    onWait: WaitListener | undefined,
    target: { method: string; route: string } | undefined,
    askedMs: number | undefined,
  ): Promise<void> {
    for (let first = true; ; first = false) {
      const decision = this.#store.update((state) => this.#decide(state));
      if (decision.waitMs === 0) return;
      const reason = (decision as { reason: WaitReason }).reason;
      const asked = first && askedMs !== undefined && isPauseOf429(reason) && decision.waitMs <= askedMs;
      onWait?.({
        reason,
        waitMs: asked ? askedMs : decision.waitMs,
        requestsPerMinute: this.#requestsPerMinute,
        ...target,
      });
      await this.#sleep(decision.waitMs);
    }
  }

  /** Records a send when one fits; otherwise says how long to wait and why. */
  #decide(state: WindowState): Decision {
    const now = this.#now();
    if (!this.#rateKnown) this.#adoptLearned(state);
    this.#prune(state, now);
    if (state.blockedUntil > now) {
      return { waitMs: state.blockedUntil - now, reason: state.blockReason ?? "rate-limited" };
    }
    if (state.sent.length >= this.#requestsPerMinute) {
      // After a shrink more sends than the new size may be in the window: wait for enough to leave.
      const freeing = state.sent[state.sent.length - this.#requestsPerMinute] ?? now;
      return { waitMs: Math.max(1, freeing + this.#windowMs - now), reason: "rate-limit-window" };
    }
    state.sent.push(now);
    return { waitMs: 0 };
  }

  /** Takes the rate an earlier process learned, when it is recent enough to trust. */
  #adoptLearned(state: WindowState): void {
    const { requestsPerMinute, learnedAt } = state;
    if (requestsPerMinute === undefined || learnedAt === undefined) return;
    if (this.#now() - learnedAt > LEARNED_RATE_TTL_MS) return;
    this.#requestsPerMinute = requestsPerMinute;
    this.#rateKnown = true;
  }

  #prune(state: WindowState, now: number): void {
    const horizon = now - this.#windowMs;
    let drop = 0;
    // Sends in the future (another process's clock, or a clock moved back) count until they age.
    while (drop < state.sent.length && (state.sent[drop] ?? 0) <= horizon) drop++;
    if (drop > 0) state.sent.splice(0, drop);
  }
}

/** The pauses `pauseAfter429` sets; a spent window's pause comes from the service's headers instead. */
function isPauseOf429(reason: WaitReason): boolean {
  return reason === "retry-after" || reason === "rate-limited";
}

const shared = new Map<string, RateLimiter>();

/** Overrides the directory of the window files shared by processes (default: in the OS temp directory). */
const WINDOW_DIRECTORY_ENV = "STRATEGY_ALERTS_RATE_DIR";

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
  options: RateLimiterOptions & { shareAcrossProcesses?: boolean; windowDirectory?: string } = {},
): RateLimiter {
  const id = rateLimiterId(apiKey, origin);
  let limiter = shared.get(id);
  if (!limiter) {
    const { shareAcrossProcesses = true, windowDirectory, ...rest } = options;
    const directory = windowDirectory ?? (process.env[WINDOW_DIRECTORY_ENV] || undefined);
    // One window file per key and service on this machine: successive and parallel processes
    // (preview, up, destroy; two stacks of one account) then share the budget the service counts.
    const store = shareAcrossProcesses
      ? new FileWindowStore(id, { directory, ...(rest.now ? { now: rest.now } : {}) })
      : undefined;
    // The service counts a request when it arrives, a little after we send it (connection
    // setup, queuing): a window one margin longer keeps our budget from freeing before theirs.
    limiter = new RateLimiter({ windowMs: RATE_LIMIT_WINDOW_MS + ARRIVAL_MARGIN_MS, store, ...rest });
    shared.set(id, limiter);
  }
  return limiter;
}
