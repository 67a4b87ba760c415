import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RuntimeContext } from "../../../provider/runtime/context";
import * as fx from "../api/fixtures";
import { startServer, type TestServer, uniqueKey } from "../api/test-server";

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
