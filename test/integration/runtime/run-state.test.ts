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
const ctx = new RuntimeContext();
const runState = ctx.run;
let dir: string;

beforeAll(async () => {
  server = await startServer((req) =>
    req.path === "/strategies"
      ? {
          body: {
            strategies: ["a", "b", "c"].map((id) => ({ ...fx.strategy(), id, name: `strategy ${id}` })),
            activeCount: 0,
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
  it("serves every update that asks while the batch is open with one GET /strategies", async () => {
    const since = server.requests.length;
    const [a, b, c] = await Promise.all(["a", "b", "c"].map((id) => runState.readBack(id)));
    expect([a?.name, b?.name, c?.name]).toEqual(["strategy a", "strategy b", "strategy c"]);
    expect(server.requests.slice(since).map((r) => `${r.method} ${r.path}`)).toEqual(["GET /strategies"]);
  });

  it("reads again for an update that asks after the batch was sent, so it sees its own write", async () => {
    const since = server.requests.length;
    await runState.readBack("a");
    await runState.readBack("b");
    expect(server.requests.slice(since)).toHaveLength(2);
  });
});

/** A run state on a hand-moved clock whose client counts its list reads. */
function clockedRun() {
  const clock = new ManualClock(1_000_000);
  const reads = { strategies: 0, developers: 0 };
  const client = {
    strategies: {
      list: async () => {
        reads.strategies++;
        return {
          strategies: ["a", "b", "c"].map((id) => ({ ...fx.strategy(), id, name: `strategy ${id}` })),
        };
      },
    },
    devs: {
      iterate: async function* () {
        reads.developers++;
        yield fx.developer("DevA".padEnd(40, "x"));
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
    const answers = Promise.all([run.readBack("a"), run.readBack("b")]);
    expect(clock.pendingDelays()).toEqual([250]);
    clock.advance(249);
    await settle();
    expect(reads.strategies).toBe(0);
    clock.advance(1);
    const [a, b] = await answers;
    expect([a?.name, b?.name]).toEqual(["strategy a", "strategy b"]);
    expect(reads.strategies).toBe(1);
    expect(clock.pendingDelays()).toEqual([]);
  });

  it("restarts the 250 ms wait when another caller joins the open batch", async () => {
    const { clock, reads, run } = clockedRun();
    const first = run.readBack("a");
    clock.advance(200);
    const second = run.readBack("b");
    expect(clock.pendingDelays()).toEqual([250]);
    clock.advance(200);
    await settle();
    expect(reads.strategies).toBe(0);
    clock.advance(50);
    await Promise.all([first, second]);
    expect(reads.strategies).toBe(1);
  });

  it("reads at most 2 s after the batch opened, however often callers keep joining", async () => {
    const { clock, reads, run } = clockedRun();
    const joined: Promise<unknown>[] = [];
    for (let t = 0; t < 2_000; t += 200) {
      joined.push(run.readBack(["a", "b", "c"][(t / 200) % 3]!));
      // The caller that joins at 1 800 ms is given what is left of the 2 s, not a full 250 ms.
      expect(clock.pendingDelays()).toEqual([Math.min(250, 2_000 - t)]);
      clock.advance(199);
      await settle();
      expect(reads.strategies, `read early, at ${t + 199} ms`).toBe(0);
      clock.advance(1);
    }
    await settle();
    expect(reads.strategies).toBe(1);
    await Promise.all(joined);
  });

  it("opens a new batch, with its own read, for a caller that comes after the read was sent", async () => {
    const { clock, reads, run } = clockedRun();
    const first = run.readBack("a");
    clock.advance(250);
    await first;
    const second = run.readBack("b");
    expect(clock.pendingDelays()).toEqual([250]);
    clock.advance(250);
    expect((await second)?.name).toBe("strategy b");
    expect(reads.strategies).toBe(2);
  });

  it("batches developer read-backs the same way, apart from strategy read-backs", async () => {
    const { clock, reads, run } = clockedRun();
    const address = "DevA".padEnd(40, "x");
    const dev = Promise.all([run.readBackDeveloper(address), run.readBackDeveloper("missing")]);
    const strategy = run.readBack("c");
    expect(clock.pendingDelays()).toEqual([250, 250]);
    clock.advance(250);
    const [[found, missing], c] = await Promise.all([dev, strategy]);
    expect(found?.address).toBe(address);
    expect(missing).toBeUndefined();
    expect(c?.name).toBe("strategy c");
    expect(reads).toEqual({ strategies: 1, developers: 1 });
  });
});
