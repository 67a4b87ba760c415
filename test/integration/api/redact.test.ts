import { inspect } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiClient, createClient } from "../../../provider/api/client";
import {
  AmbiguousWriteError,
  BaseUrlError,
  ConnectionError,
  ResponseValidationError,
  TimeoutError,
  UnauthorizedError,
} from "../../../provider/api/errors";
import { REDACTED } from "../../../provider/api/redact";
import * as fx from "../../support/api-fixtures";
import { fakeClock } from "../../support/fake-clock";
import { closedPort, startServer, type TestServer } from "../../support/test-server";
import { uniqueKey } from "../../support/unique-key";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

/** Every way an error is commonly shown or shipped. */
function renderings(err: unknown): string[] {
  const e = err as Error;
  return [
    e.message,
    String(e.stack),
    JSON.stringify(e),
    inspect(e, { depth: Number.POSITIVE_INFINITY }),
    inspect(e, { depth: Number.POSITIVE_INFINITY, showHidden: true }),
    String(e),
  ];
}

function expectNoKey(key: string, texts: string[]): void {
  for (const text of texts) expect(text).not.toContain(key);
}

const input = {
  name: "x",
  triggers: ["new_token_created" as const],
  rules: [{ rule: "is_honeypot" as const, dealbreaker: true }],
  isActive: false,
};

describe("the API key never leaks", () => {
  const logged: string[] = [];
  let key: string;
  let client: ApiClient;
  const made: ApiClient[] = [];
  const makeClient = (timeoutMs: number) => {
    const clock = fakeClock();
    const c = createClient({
      apiKey: key,
      baseUrl: server.baseUrl,
      now: clock.now,
      sleep: clock.sleep,
      timeoutMs,
      retry: { maxAttempts: 2 },
      logger: {
        debug: (m, d) => logged.push(m, JSON.stringify(d)),
        warn: (m, d) => logged.push(m, JSON.stringify(d)),
      },
    });
    made.push(c);
    return c;
  };

  beforeAll(() => {
    key = uniqueKey("secret");
    client = makeClient(5_000);
  });
  afterAll(async () => {
    await Promise.all(made.map((c) => c.close()));
  });

  it("from a 401 whose message and body echo the key", async () => {
    server.handle((req) => ({
      status: 401,
      body: {
        statusCode: 401,
        message: `Invalid API key ${String(req.headers["x-api-key"])}`,
        error: "Unauthorized",
        echo: { [String(req.headers["x-api-key"])]: [req.headers["x-api-key"]] },
      },
    }));
    const err = await client.account.me().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UnauthorizedError);
    expect((err as UnauthorizedError).serviceMessage).toBe(`Invalid API key ${REDACTED}`);
    expectNoKey(key, renderings(err));
  });

  it("from a 5xx on a write (AmbiguousWriteError and its cause)", async () => {
    server.handle((req) => ({ status: 500, raw: `proxy failure for ${String(req.headers["x-api-key"])}` }));
    const err = await client.strategies.create(input).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AmbiguousWriteError);
    expectNoKey(key, [...renderings(err), ...renderings((err as Error).cause)]);
  });

  it("from a response validation failure whose body holds the key", async () => {
    server.handle((req) => ({ body: { ...fx.account(), plan: 5, note: String(req.headers["x-api-key"]) } }));
    const err = await client.account.me().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ResponseValidationError);
    expectNoKey(key, renderings(err));
  });

  it("from a timeout", async () => {
    server.handle(() => "hang");
    const err = await makeClient(50)
      .account.me()
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TimeoutError);
    expectNoKey(key, renderings(err));
  });

  it("from a dropped connection", async () => {
    server.handle(() => "destroy");
    const err = await client.strategies.create(input).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AmbiguousWriteError);
    expectNoKey(key, [...renderings(err), ...renderings((err as Error).cause)]);
  });

  it("from the logger output of all the requests above", () => {
    expect(logged.length).toBeGreaterThan(10);
    expectNoKey(key, logged);
  });

  it("from inspecting the client itself", () => {
    expectNoKey(key, [
      inspect(client, { depth: Number.POSITIVE_INFINITY, showHidden: true }),
      JSON.stringify(client),
    ]);
  });
});

it("never leaks a key sent as Authorization: ApiKey either", async () => {
  const key = uniqueKey("authz-secret");
  const clock = fakeClock();
  const client = createClient({
    apiKey: key,
    baseUrl: server.baseUrl,
    authHeader: "authorization",
    ...clock,
  });
  server.handle((req) => ({
    status: 401,
    body: { statusCode: 401, message: `bad ${String(req.headers.authorization)}` },
  }));
  const err = await client.account.me().catch((e: unknown) => e);
  await client.close();
  expect(err).toBeInstanceOf(UnauthorizedError);
  expectNoKey(key, renderings(err));
});

it("never leaks a key from a connection error", async () => {
  const key = uniqueKey("refused-secret");
  const port = await closedPort();
  const clock = fakeClock();
  const client = createClient({ apiKey: key, baseUrl: `http://127.0.0.1:${port}/api/external/v1`, ...clock });
  const err = await client.account.me().catch((e: unknown) => e);
  await client.close();
  expect(err).toBeInstanceOf(ConnectionError);
  expectNoKey(key, [...renderings(err), ...renderings((err as Error).cause)]);
});

it("never leaks a key pasted into the base URL", () => {
  const key = uniqueKey("url-secret");
  let caught: unknown;
  try {
    createClient({ apiKey: key, baseUrl: `http://127.0.0.1:1/${key}/api/external` });
  } catch (e) {
    caught = e;
  }
  expect(caught).toBeInstanceOf(BaseUrlError);
  expectNoKey(key, renderings(caught));
});
