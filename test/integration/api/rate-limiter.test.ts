import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type ApiClient, createClient } from "../../../provider/api/client";
import { RateLimiter } from "../../../provider/api/rate-limiter";
import { FileWindowStore } from "../../../provider/api/window-store";
import * as fx from "../../support/api-fixtures";
import { startServer, type TestServer } from "../../support/test-server";
import { uniqueKey } from "../../support/unique-key";

let server: TestServer;
let dir: string;
const clients: ApiClient[] = [];

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "rate-learning-test-"));
  server.handle((req) => {
    if (req.path === "/me") return { body: fx.account(300) };
    if (req.method === "DELETE") return { body: { success: true } };
    return { body: { strategies: [], activeCount: 0 } };
  });
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A client standing for a new process: its own limiter over the machine's window file. */
function processClient(key: string): ApiClient {
  const rateLimiter = new RateLimiter({ store: new FileWindowStore("shared-key", { directory: dir }) });
  const client = createClient({ apiKey: key, baseUrl: server.baseUrl, rateLimiter, learnRate: true });
  clients.push(client);
  return client;
}

const seen = (since: number) => server.requests.slice(since).map((r) => `${r.method} ${r.path}`);

describe("learning the plan's rate", () => {
  it("asks GET /me once before the first write, then paces at the plan's rate", async () => {
    const client = processClient(uniqueKey("learn"));
    const since = server.requests.length;
    await Promise.all([client.strategies.delete(fx.IDS.strategy), client.strategies.delete(fx.IDS.strategy)]);
    expect(seen(since)).toEqual([
      "GET /me",
      `DELETE /strategies/${fx.IDS.strategy}`,
      `DELETE /strategies/${fx.IDS.strategy}`,
    ]);
    expect(client.rateLimiter.requestsPerMinute).toBe(300);
  });

  it("does not ask again in a later process: the rate an earlier process learned is shared", async () => {
    const key = uniqueKey("learn-later");
    await processClient(key).strategies.delete(fx.IDS.strategy);
    const later = processClient(key);
    expect(later.rateLimiter.rateKnown).toBe(true);
    const since = server.requests.length;
    await later.strategies.delete(fx.IDS.strategy);
    expect(seen(since)).toEqual([`DELETE /strategies/${fx.IDS.strategy}`]);
    expect(later.rateLimiter.requestsPerMinute).toBe(300);
  });

  it("spends no read on the rate for a few reads that fit the default window", async () => {
    const client = processClient(uniqueKey("reads"));
    const since = server.requests.length;
    await client.strategies.list();
    expect(seen(since)).toEqual(["GET /strategies"]);
    expect(client.rateLimiter.rateKnown).toBe(false);
  });

  it("sends nothing unasked when the caller did not opt in (the client alone)", async () => {
    const rateLimiter = new RateLimiter({ store: new FileWindowStore("plain", { directory: dir }) });
    const client = createClient({ apiKey: uniqueKey("plain"), baseUrl: server.baseUrl, rateLimiter });
    clients.push(client);
    const since = server.requests.length;
    await client.strategies.delete(fx.IDS.strategy);
    expect(seen(since)).toEqual([`DELETE /strategies/${fx.IDS.strategy}`]);
  });

  it("goes on at the stricter plan's pace when GET /me fails, without asking before every request", async () => {
    server.handle((req) =>
      req.path === "/me"
        ? { status: 403, body: { statusCode: 403, message: "No active subscription", error: "Forbidden" } }
        : { body: { success: true } },
    );
    const client = processClient(uniqueKey("me-fails"));
    const since = server.requests.length;
    await client.strategies.delete(fx.IDS.strategy);
    await client.strategies.delete(fx.IDS.strategy);
    expect(seen(since)).toEqual([
      "GET /me",
      `DELETE /strategies/${fx.IDS.strategy}`,
      `DELETE /strategies/${fx.IDS.strategy}`,
    ]);
    expect(client.rateLimiter.requestsPerMinute).toBe(60);
  });
});
