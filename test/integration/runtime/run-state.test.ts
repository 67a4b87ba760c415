import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiClient } from "../../../provider/api/client";
import { RuntimeContext } from "../../../provider/runtime/context";
import { RunState } from "../../../provider/runtime/run-state";
import * as fx from "../../support/api-fixtures";
import { ManualClock } from "../../support/manual-clock";
import { startServer, type TestServer } from "../../support/test-server";
import { uniqueKey } from "../../support/unique-key";

let server: TestServer;
/** Three followed developers' addresses. */
const ADDRESSES = ["DevA", "DevB", "DevC"].map((a) => a.padEnd(40, "x"));
const [A, B] = ADDRESSES as [string, string, string];
const ctx = new RuntimeContext();
const runState = ctx.run;
let dir: string;

beforeAll(async () => {
  server = await startServer((req) =>
    req.path === "/devs/my"
      ? {
          body: {
            developers: ADDRESSES.map((address) => fx.developer(address)),
            total: ADDRESSES.length,
            page: 1,
            totalPages: 1,
            activeCount: ADDRESSES.length,
          },
        }
      : { status: 404, body: {} },
  );
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "read-back-test-"));
  process.env.STRATEGY_ALERTS_RATE_DIR = dir;
  const values: Record<string, string> = {
    "strategy-alerts:apiKey": uniqueKey("read-back"),
    "strategy-alerts:baseUrl": server.baseUrl,
  };
  ctx.settings.setReader((k) => values[k]);
});
afterAll(async () => {
  delete process.env.STRATEGY_ALERTS_RATE_DIR;
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("read-back after writes whose answers lack an output", () => {
  it("serves every write that asks while the batch is open with one listing", async () => {
    const since = server.requests.length;
    const found = await Promise.all(ADDRESSES.map((address) => runState.readBackDeveloper(address)));
    expect(found.map((d) => d?.address)).toEqual(ADDRESSES);
    expect(server.requests.slice(since).map((r) => `${r.method} ${r.path}`)).toEqual(["GET /devs/my"]);
  });

  it("reads again for a write that asks after the batch was sent, so it sees its own write", async () => {
    const since = server.requests.length;
    await runState.readBackDeveloper(A);
    await runState.readBackDeveloper(B);
    expect(server.requests.slice(since)).toHaveLength(2);
  });
});

/** A run state on a hand-moved clock whose client counts its list reads. */
function clockedRun() {
  const clock = new ManualClock(1_000_000);
  const reads = { developers: 0 };
  const client = {
    devs: {
      iterate: async function* () {
        reads.developers++;
        for (const address of ADDRESSES) yield fx.developer(address);
      },
    },
  } as unknown as ApiClient;
  return { clock, reads, run: new RunState(() => client, clock) };
}

/** Lets the promise callbacks a timer released run (the clock itself never waits). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("read-back batching on the run's clock", () => {
  it("waits 250 ms after the last caller before it reads, then answers every caller from one read", async () => {
    const { clock, reads, run } = clockedRun();
    const answers = Promise.all([run.readBackDeveloper(A), run.readBackDeveloper(B)]);
    expect(clock.pendingDelays()).toEqual([250]);
    clock.advance(249);
    await settle();
    expect(reads.developers).toBe(0);
    clock.advance(1);
    const [a, b] = await answers;
    expect([a?.address, b?.address]).toEqual([A, B]);
    expect(reads.developers).toBe(1);
    expect(clock.pendingDelays()).toEqual([]);
  });

  it("restarts the 250 ms wait when another caller joins the open batch", async () => {
    const { clock, reads, run } = clockedRun();
    const first = run.readBackDeveloper(A);
    clock.advance(200);
    const second = run.readBackDeveloper(B);
    expect(clock.pendingDelays()).toEqual([250]);
    clock.advance(200);
    await settle();
    expect(reads.developers).toBe(0);
    clock.advance(50);
    await Promise.all([first, second]);
    expect(reads.developers).toBe(1);
  });

  it("reads at most 2 s after the batch opened, however often callers keep joining", async () => {
    const { clock, reads, run } = clockedRun();
    const joined: Promise<unknown>[] = [];
    for (let t = 0; t < 2_000; t += 200) {
      joined.push(run.readBackDeveloper(ADDRESSES[(t / 200) % 3]!));
      // The caller that joins at 1 800 ms is given what is left of the 2 s, not a full 250 ms.
      expect(clock.pendingDelays()).toEqual([Math.min(250, 2_000 - t)]);
      clock.advance(199);
      await settle();
      expect(reads.developers, `read early, at ${t + 199} ms`).toBe(0);
      clock.advance(1);
    }
    await settle();
    expect(reads.developers).toBe(1);
    await Promise.all(joined);
  });

  it("opens a new batch, with its own read, for a caller that comes after the read was sent", async () => {
    const { clock, reads, run } = clockedRun();
    const first = run.readBackDeveloper(A);
    clock.advance(250);
    await first;
    const second = run.readBackDeveloper(B);
    expect(clock.pendingDelays()).toEqual([250]);
    clock.advance(250);
    expect((await second)?.address).toBe(B);
    expect(reads.developers).toBe(2);
  });

  it("answers a developer the listing does not hold with nothing", async () => {
    const { clock, run } = clockedRun();
    const missing = run.readBackDeveloper("missing");
    clock.advance(250);
    expect(await missing).toBeUndefined();
  });
});
