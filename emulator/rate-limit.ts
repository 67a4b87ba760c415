/**
 * Requests-per-minute limit per API key, as a sliding 60-second window over the emulator
 * clock (so moving the clock forward frees the window). Only admitted requests are counted:
 * a client that keeps retrying while limited recovers as soon as the window slides.
 */
const WINDOW_MS = 60_000;

export type RateDecision =
  | { allowed: true; remaining: number }
  | { allowed: false; retryAfterSeconds: number };

export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();

  hit(key: string, limit: number, nowMs: number): RateDecision {
    // Entries in the future (the clock was moved back) are dropped with the expired ones.
    const recent = (this.hits.get(key) ?? []).filter((t) => t > nowMs - WINDOW_MS && t <= nowMs);
    if (recent.length >= limit) {
      this.hits.set(key, recent);
      const oldest = recent[recent.length - limit] ?? nowMs;
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil((oldest + WINDOW_MS - nowMs) / 1000)),
      };
    }
    recent.push(nowMs);
    this.hits.set(key, recent);
    return { allowed: true, remaining: limit - recent.length };
  }

  reset(): void {
    this.hits.clear();
  }
}
