/**
 * Requests-per-minute limit per API key over the emulator clock (so moving the clock forward
 * frees the window). Only admitted requests are counted: a client that keeps retrying while
 * limited recovers as soon as the window frees a slot.
 *
 * The default reading is a sliding 60-second window; the `rate-window-fixed` variant counts
 * per calendar minute instead (docs/spec-decisions.md, "Limits").
 */
const WINDOW_MS = 60_000;

export type RateDecision =
  /** `resetSeconds`: whole seconds until the window frees at least one slot (X-RateLimit-Reset). */
  | { allowed: true; remaining: number; resetSeconds: number }
  | { allowed: false; retryAfterSeconds: number; resetSeconds: number };

export interface ApiRateLimiter {
  hit(key: string, limit: number, nowMs: number): RateDecision;
  reset(): void;
}

const wholeSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

export class SlidingWindowLimiter implements ApiRateLimiter {
  private readonly hits = new Map<string, number[]>();

  hit(key: string, limit: number, nowMs: number): RateDecision {
    // Entries in the future (the clock was moved back) are dropped with the expired ones.
    const recent = (this.hits.get(key) ?? []).filter((t) => t > nowMs - WINDOW_MS && t <= nowMs);
    if (recent.length >= limit) {
      this.hits.set(key, recent);
      const oldest = recent[recent.length - limit] ?? nowMs;
      const wait = wholeSeconds(oldest + WINDOW_MS - nowMs);
      return { allowed: false, retryAfterSeconds: wait, resetSeconds: wait };
    }
    recent.push(nowMs);
    this.hits.set(key, recent);
    const oldest = recent[0] ?? nowMs;
    return {
      allowed: true,
      remaining: limit - recent.length,
      resetSeconds: wholeSeconds(oldest + WINDOW_MS - nowMs),
    };
  }

  reset(): void {
    this.hits.clear();
  }
}

/** Variant `rate-window-fixed`: every calendar minute of the emulator clock starts a fresh budget. */
export class FixedWindowLimiter implements ApiRateLimiter {
  private readonly counts = new Map<string, { minute: number; count: number }>();

  hit(key: string, limit: number, nowMs: number): RateDecision {
    const minute = Math.floor(nowMs / WINDOW_MS);
    const resetSeconds = wholeSeconds((minute + 1) * WINDOW_MS - nowMs);
    const current = this.counts.get(key);
    const count = current?.minute === minute ? current.count : 0;
    if (count >= limit) return { allowed: false, retryAfterSeconds: resetSeconds, resetSeconds };
    this.counts.set(key, { minute, count: count + 1 });
    return { allowed: true, remaining: limit - count - 1, resetSeconds };
  }

  reset(): void {
    this.counts.clear();
  }
}
