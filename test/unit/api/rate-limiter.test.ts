import { describe, expect, it } from "vitest";
import {
  DEFAULT_REQUESTS_PER_MINUTE,
  RateLimiter,
  rateLimiterId,
  sharedRateLimiter,
  type WaitEvent,
} from "../../../provider/api/rate-limiter";
import { fakeClock } from "../../support/fake-clock";
import { uniqueKey } from "../../support/unique-key";
import { waitsOfAcquire } from "./waits";

describe("RateLimiter", () => {
  it("starts at the stricter plan's 60 requests per minute", () => {
    expect(new RateLimiter().requestsPerMinute).toBe(DEFAULT_REQUESTS_PER_MINUTE);
    expect(DEFAULT_REQUESTS_PER_MINUTE).toBe(60);
  });

  it("lets requestsPerMinute through at once, then waits until the oldest leaves the sliding window", async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ requestsPerMinute: 3, now: clock.now, sleep: clock.sleep });
    const waits: WaitEvent[] = [];
    for (let i = 0; i < 3; i++) {
      await limiter.acquire((e) => waits.push(e));
      clock.t += 10_000;
    }
    expect(waits).toEqual([]);
    // Sent at 0, 10 s, 20 s; now 30 s: the first slot frees at 60 s.
    await limiter.acquire((e) => waits.push(e), { method: "GET", route: "/me" });
    expect(waits).toEqual([
      { reason: "rate-limit-window", waitMs: 30_000, requestsPerMinute: 3, method: "GET", route: "/me" },
    ]);
    expect(clock.t - Date.parse("2026-04-01T00:00:00.000Z")).toBe(60_000);
  });

  it("never admits more than requestsPerMinute in any 60-second window under a concurrent burst", async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ requestsPerMinute: 5, now: clock.now, sleep: clock.sleep });
    const admitted: number[] = [];
    await Promise.all(
      Array.from({ length: 23 }, () => limiter.acquire().then(() => admitted.push(clock.now()))),
    );
    expect(admitted).toHaveLength(23);
    for (const t of admitted) {
      expect(admitted.filter((u) => u > t - 60_000 && u <= t).length).toBeLessThanOrEqual(5);
    }
  });

  it("serves waiting callers in arrival order", async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ requestsPerMinute: 1, now: clock.now, sleep: clock.sleep });
    const order: number[] = [];
    await Promise.all([0, 1, 2, 3].map((i) => limiter.acquire().then(() => order.push(i))));
    expect(order).toEqual([0, 1, 2, 3]);
  });

  it("adopts a new size, also a smaller one with more sends already in the window", async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ now: clock.now, sleep: clock.sleep });
    for (let i = 0; i < 10; i++) await limiter.acquire();
    limiter.resize(4);
    expect(limiter.requestsPerMinute).toBe(4);
    const waits = await waitsOfAcquire(limiter);
    expect(waits[0]).toMatchObject({ reason: "rate-limit-window", waitMs: 60_000, requestsPerMinute: 4 });
  });

  it("ignores a nonsensical size", () => {
    const limiter = new RateLimiter({ requestsPerMinute: 7 });
    limiter.resize(0);
    limiter.resize(Number.NaN);
    expect(limiter.requestsPerMinute).toBe(7);
  });

  it("holds every caller for Retry-After after a 429 and says why", async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ now: clock.now, sleep: clock.sleep });
    await limiter.acquire();
    expect(limiter.pauseAfter429(2_000)).toBe(2_000);
    const waits = await waitsOfAcquire(limiter);
    expect(waits).toEqual([{ reason: "retry-after", waitMs: 2_000, requestsPerMinute: 60 }]);
  });

  it("announces a 429's pause to the request that got it as the service asked, and sleeps only what is left", async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ now: clock.now, sleep: clock.sleep });
    await limiter.acquire();
    const asked = limiter.pauseAfter429(2_000);
    // Handling the answer takes a few ms of the pause before the request queues again.
    clock.t += 4;
    const waits: WaitEvent[] = [];
    const target = { method: "POST", route: "/strategies" };
    const retried = limiter.acquire((e) => waits.push(e), target, asked);
    const other = limiter.acquire((e) => waits.push(e), { method: "GET", route: "/me" });
    await Promise.all([retried, other]);
    expect(waits).toEqual([{ reason: "retry-after", waitMs: 2_000, requestsPerMinute: 60, ...target }]);
    expect(clock.sleeps).toEqual([1_996]);
  });

  it("a request held by someone else's pause hears what is left of it", async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ now: clock.now, sleep: clock.sleep });
    limiter.pauseAfter429(2_000);
    clock.t += 500;
    const waits = await waitsOfAcquire(limiter);
    expect(waits).toEqual([{ reason: "retry-after", waitMs: 1_500, requestsPerMinute: 60 }]);
  });

  it("announces a wait longer than a 429 asked as it is: the service's spent window outlasts the Retry-After", async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ requestsPerMinute: 60, now: clock.now, sleep: clock.sleep });
    const sentAt = clock.now();
    await limiter.acquire();
    limiter.observeServerWindow({ remaining: 0, resetMs: 10_000 }, sentAt);
    const asked = limiter.pauseAfter429(2_000);
    const waits = await waitsOfAcquire(limiter, undefined, asked);
    expect(waits).toEqual([{ reason: "rate-limit-window", waitMs: 10_000, requestsPerMinute: 60 }]);
  });

  it("without Retry-After holds callers until the oldest send leaves the window", async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ now: clock.now, sleep: clock.sleep });
    await limiter.acquire();
    clock.t += 15_000;
    expect(limiter.pauseAfter429(undefined)).toBe(45_000);
    const waits = await waitsOfAcquire(limiter);
    expect(waits).toEqual([{ reason: "rate-limited", waitMs: 45_000, requestsPerMinute: 60 }]);
  });
});

describe("sharedRateLimiter", () => {
  it("returns one limiter per API key and service, and different ones for different keys", () => {
    const key = uniqueKey("shared");
    const a = sharedRateLimiter(key, "http://127.0.0.1:1");
    const b = sharedRateLimiter(key, "http://127.0.0.1:1");
    const other = sharedRateLimiter(uniqueKey("other"), "http://127.0.0.1:1");
    const otherService = sharedRateLimiter(key, "http://127.0.0.1:2");
    expect(a).toBe(b);
    expect(other).not.toBe(a);
    expect(otherService).not.toBe(a);
  });

  it("is keyed by a hash that does not contain the key", () => {
    const key = uniqueKey("hash");
    const id = rateLimiterId(key, "http://127.0.0.1:1");
    expect(id).toMatch(/^[0-9a-f]{64}$/);
    expect(id).not.toContain(key);
  });
});
