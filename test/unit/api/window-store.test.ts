import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LEARNED_RATE_TTL_MS, RateLimiter } from "../../../provider/api/rate-limiter";
import { FileWindowStore, parseWindow } from "../../../provider/api/window-store";
import { fakeClock } from "../../support/fake-clock";
import { waitsOfAcquire } from "./waits";

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "window-store-test-"));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Two limiters over one window file stand for two processes of one API key. */
function twoProcesses(clock: ReturnType<typeof fakeClock>, requestsPerMinute?: number) {
  const make = () =>
    new RateLimiter({
      requestsPerMinute,
      now: clock.now,
      sleep: clock.sleep,
      store: new FileWindowStore("key-hash", { directory: dir, now: clock.now }),
    });
  return [make(), make()] as const;
}

describe("FileWindowStore", () => {
  it("makes a later process wait for the sends an earlier process made in the same minute", async () => {
    const clock = fakeClock();
    const [preview, up] = twoProcesses(clock, 3);
    for (let i = 0; i < 3; i++) await preview.acquire();
    clock.t += 20_000;
    const waits = await waitsOfAcquire(up);
    expect(waits).toEqual([{ reason: "rate-limit-window", waitMs: 40_000, requestsPerMinute: 3 }]);
  });

  it("never admits more than the rate in any window across two processes sending at once", async () => {
    const clock = fakeClock();
    const [a, b] = twoProcesses(clock, 4);
    const admitted: number[] = [];
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).acquire().then(() => admitted.push(clock.now()))),
    );
    expect(admitted).toHaveLength(10);
    for (const t of admitted) {
      expect(admitted.filter((u) => u > t - 60_000 && u <= t).length).toBeLessThanOrEqual(4);
    }
  });

  it("shares a 429's pause with the other processes of the key", async () => {
    const clock = fakeClock();
    const [a, b] = twoProcesses(clock, 60);
    a.pauseAfter429(7_000);
    const waits = await waitsOfAcquire(b);
    expect(waits).toEqual([{ reason: "retry-after", waitMs: 7_000, requestsPerMinute: 60 }]);
  });

  it("lets a later process adopt the rate an earlier one learned, until it is a day old", () => {
    const clock = fakeClock();
    const store = () => new FileWindowStore("key-hash", { directory: dir, now: clock.now });
    const first = new RateLimiter({ now: clock.now, store: store() });
    expect(first.rateKnown).toBe(false);
    first.resize(300);
    const second = new RateLimiter({ now: clock.now, store: store() });
    expect(second.rateKnown).toBe(true);
    expect(second.requestsPerMinute).toBe(300);
    clock.t += LEARNED_RATE_TTL_MS + 1;
    const third = new RateLimiter({ now: clock.now, store: store() });
    expect(third.rateKnown).toBe(false);
    expect(third.requestsPerMinute).toBe(60);
  });

  it("writes a hash-named file that holds send times and the rate, never a key", async () => {
    const clock = fakeClock();
    const store = new FileWindowStore("0123abcd", { directory: dir, now: clock.now });
    const limiter = new RateLimiter({ now: clock.now, store });
    limiter.resize(300);
    await limiter.acquire();
    expect(fs.readdirSync(dir)).toEqual(["0123abcd.json"]);
    const state = parseWindow(fs.readFileSync(store.file, "utf8"));
    expect(state).toMatchObject({ sent: [clock.t], requestsPerMinute: 300, learnedAt: clock.t });
  });

  it("rewrites the file in place: once old sends leave the window, the file holds only the new one", async () => {
    const clock = fakeClock();
    const store = new FileWindowStore("in-place", { directory: dir, now: clock.now });
    const limiter = new RateLimiter({ requestsPerMinute: 100, now: clock.now, store });
    for (let i = 0; i < 20; i++) {
      await limiter.acquire();
      clock.t += 1;
    }
    const inode = fs.statSync(store.file).ino;
    clock.t += 61_000;
    await limiter.acquire();
    expect(fs.statSync(store.file).ino).toBe(inode);
    expect(JSON.parse(fs.readFileSync(store.file, "utf8"))).toEqual({
      v: 1,
      w: expect.stringMatching(/^[0-9a-f]+\.[0-9]+$/),
      sent: [clock.t],
      blockedUntil: 0,
    });
    expect(fs.readdirSync(dir)).toEqual(["in-place.json"]);
  });

  it("reads the window again when another writer rewrote the file, even to the same size", async () => {
    const clock = fakeClock();
    const store = new FileWindowStore("rewritten", { directory: dir, now: clock.now });
    const limiter = new RateLimiter({ requestsPerMinute: 2, now: clock.now, sleep: clock.sleep, store });
    await limiter.acquire();
    const mine = fs.readFileSync(store.file, "utf8");
    // An older provider (no token) records two sends in a file of exactly the same length.
    const theirs = JSON.stringify({ v: 1, sent: [clock.t, clock.t], blockedUntil: 0 });
    const padded = theirs.padEnd(mine.length, " ");
    expect(padded).toHaveLength(mine.length);
    fs.writeFileSync(store.file, padded);
    const waits = await waitsOfAcquire(limiter);
    expect(waits[0]).toMatchObject({ reason: "rate-limit-window", requestsPerMinute: 2 });
  });

  it("ignores a corrupt file and starts an empty window", async () => {
    const clock = fakeClock();
    const store = new FileWindowStore("corrupt", { directory: dir, now: clock.now });
    fs.writeFileSync(store.file, '{"v":1,"sent":[1,2');
    const limiter = new RateLimiter({ requestsPerMinute: 1, now: clock.now, sleep: clock.sleep, store });
    const waits = await waitsOfAcquire(limiter);
    expect(waits).toEqual([]);
    expect(store.usable).toBe(true);
  });

  it("works from memory when the directory cannot be used", async () => {
    const clock = fakeClock();
    const blocker = path.join(dir, "not-a-directory");
    fs.writeFileSync(blocker, "");
    const store = new FileWindowStore("k", { directory: blocker, now: clock.now });
    expect(store.usable).toBe(false);
    const limiter = new RateLimiter({ requestsPerMinute: 2, now: clock.now, sleep: clock.sleep, store });
    await limiter.acquire();
    await limiter.acquire();
    const waits = await waitsOfAcquire(limiter);
    expect(waits[0]).toMatchObject({ reason: "rate-limit-window", requestsPerMinute: 2 });
  });

  it("breaks a lock left by a process that died holding it", async () => {
    const clock = fakeClock();
    const store = new FileWindowStore("stale", { directory: dir, now: clock.now, staleLockMs: 5_000 });
    fs.writeFileSync(`${store.file}.lock`, "");
    clock.t = fs.statSync(`${store.file}.lock`).mtimeMs + 10_000;
    const limiter = new RateLimiter({ requestsPerMinute: 5, now: clock.now, store });
    await limiter.acquire();
    expect(parseWindow(fs.readFileSync(store.file, "utf8"))?.sent).toEqual([clock.t]);
    expect(fs.existsSync(`${store.file}.lock`)).toBe(false);
  });

  it("removes window files nobody touched for a day", () => {
    const old = path.join(dir, "old.json");
    fs.writeFileSync(old, "{}");
    const dayAgo = (Date.now() - 25 * 60 * 60_000) / 1000;
    fs.utimesSync(old, dayAgo, dayAgo);
    fs.writeFileSync(path.join(dir, "fresh.json"), "{}");
    new FileWindowStore("k", { directory: dir });
    expect(fs.readdirSync(dir).sort()).toEqual(["fresh.json"]);
  });
});
