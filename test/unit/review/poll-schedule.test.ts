import { describe, expect, it } from "vitest";
import { backoffDelayMs, PollSchedule } from "../../../provider/review/poll-schedule";

/** A schedule on a fake clock that moves by each wait it hands out, as the watcher sleeps it. */
function schedule(requestsPerMinute: number, maxMs = 5_000) {
  const clock = { t: 0 };
  const s = new PollSchedule({ maxMs, requestsPerMinute: () => requestsPerMinute, now: () => clock.t });
  const waits = (n: number) =>
    Array.from({ length: n }, () => {
      const ms = s.nextDelayMs();
      clock.t += ms;
      return ms;
    });
  return { s, clock, waits };
}

describe("the poll schedule of a review's backtest jobs", () => {
  it("polls first after 150 ms and backs off by half each time up to the longest interval", () => {
    const { waits } = schedule(300);
    expect(waits(12)).toEqual([150, 225, 338, 506, 759, 1139, 1709, 2563, 3844, 5000, 5000, 5000]);
  });

  it("never waits longer than the interval asked for, even for the first poll", () => {
    expect(backoffDelayMs(0, 150, 1.5, 100)).toBe(100);
    const { waits } = schedule(300, 100);
    expect(waits(3)).toEqual([100, 100, 100]);
  });

  it("starts fast again once a job finishes", () => {
    const { s, waits } = schedule(300);
    waits(8);
    s.restart();
    expect(waits(3)).toEqual([150, 225, 338]);
  });

  it("keeps polling within a fifth of PRO's 60 requests a minute, however often jobs finish", () => {
    const { s, clock, waits } = schedule(60);
    expect(s.pollsPerMinute).toBe(12);
    const times: number[] = [];
    for (let i = 0; i < 200; i++) {
      if (i % 2 === 0) s.restart();
      waits(1);
      times.push(clock.t);
    }
    // In every minute-long window: the bucket of 6 plus 12 refilled.
    for (const start of times) {
      const inWindow = times.filter((t) => t >= start && t < start + 60_000).length;
      expect(inWindow).toBeLessThanOrEqual(6 + 12);
    }
    // Over the long run the share of the rate, not more.
    const minutes = (times.at(-1)! - times[0]!) / 60_000;
    expect(times.length / minutes).toBeLessThanOrEqual(12.5);
  });

  it("follows the rate the limiter learns (a larger plan polls at the backoff's own pace)", () => {
    let rate = 60;
    const clock = { t: 0 };
    const s = new PollSchedule({ maxMs: 1_000, requestsPerMinute: () => rate, now: () => clock.t });
    const next = () => {
      const ms = s.nextDelayMs();
      clock.t += ms;
      return ms;
    };
    for (let i = 0; i < 20; i++) next();
    expect(next()).toBe(5_000);
    rate = 300;
    for (let i = 0; i < 10; i++) next();
    expect(next()).toBe(1_000);
  });
});
