import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type ApiClient, type ClientOptions, createClient } from "../../../provider/api/client";
import {
  AmbiguousWriteError,
  BadRequestError,
  ConflictError,
  ConnectionError,
  ForbiddenError,
  NotFoundError,
  RateLimitError,
  ServerError,
  TimeoutError,
  UnauthorizedError,
} from "../../../provider/api/errors";
import type { WaitEvent } from "../../../provider/api/rate-limiter";
import * as fx from "../../support/api-fixtures";
import { fakeClock } from "../../support/fake-clock";
import {
  closedPort,
  type Reply,
  type SeenRequest,
  startServer,
  type TestServer,
} from "../../support/test-server";
import { uniqueKey } from "../../support/unique-key";

let server: TestServer;
const clients: ApiClient[] = [];

beforeAll(async () => {
  server = await startServer();
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await server.close();
});

const input = {
  name: "Fresh launches",
  triggers: ["new_token_created" as const],
  rules: [{ rule: "is_honeypot" as const, dealbreaker: true, enabled: true }],
  isActive: false,
};

/**
 * A client on fake time whose `sleep` first lets every attempt already sent reach the server,
 * so the server can stamp arrivals with the same fake clock without reordering.
 */
function makeClient(over: Partial<ClientOptions> = {}) {
  const clock = fakeClock();
  let started = 0;
  let answered = 0;
  const waits: WaitEvent[] = [];
  // Fake time jumps only once the service has every attempt sent so far and the client has read
  // the answers that came (as a real wait would let them): answers of requests sent side by side
  // are handled before a pause ends, not after fake minutes. A dropped attempt is never
  // answered, hence the short real bound.
  const sleep = async (ms: number) => {
    const bound = Date.now() + 200;
    while (server.requests.length < startedBase + started || (answered < started && Date.now() < bound))
      await new Promise((r) => setImmediate(r));
    await clock.sleep(ms);
  };
  const startedBase = server.requests.length;
  const countAttempt = (message: string) => {
    if (/ attempt \d+$/.test(message)) started++;
    if (/ answered \d+$/.test(message)) answered++;
  };
  const client = createClient({
    apiKey: uniqueKey("resilience"),
    baseUrl: server.baseUrl,
    now: clock.now,
    sleep,
    random: () => 0,
    retry: { baseMs: 100, capMs: 1_000, maxAttempts: 3 },
    onWait: (e) => waits.push(e),
    logger: { debug: countAttempt },
    // These tests use fake time; the window file is tested in window-store.test.ts.
    shareRateWindow: false,
    ...over,
  });
  clients.push(client);
  return { client, clock, waits, since: startedBase, logger: { debug: countAttempt } };
}

/** The server's view: arrivals stamped with the fake clock. */
function stampArrivals(now: () => number, answer: (req: SeenRequest, n: number) => Reply) {
  const arrivals: number[] = [];
  server.handle((req) => {
    arrivals.push(now());
    return answer(req, arrivals.length);
  });
  return arrivals;
}

function maxInAnyWindow(times: number[]): number {
  return Math.max(0, ...times.map((t) => times.filter((u) => u > t - 60_000 && u <= t).length));
}

/** A sliding-window limit like the service's: 429 with Retry-After (seconds) when exceeded. */
function serviceLimit(limit: number, now: () => number) {
  const admitted: number[] = [];
  return (): Reply | undefined => {
    const t = now();
    const recent = admitted.filter((u) => u > t - 60_000);
    if (recent.length >= limit) {
      return {
        status: 429,
        body: { statusCode: 429, message: "Rate limit exceeded", error: "Too Many Requests" },
      };
    }
    admitted.push(t);
    return undefined;
  };
}

describe("429 storm", () => {
  const tooMany = (retryAfter: boolean): Reply => ({
    status: 429,
    body: { statusCode: 429, message: "Rate limit exceeded", error: "Too Many Requests" },
    headers: retryAfter ? { "retry-after": "2" } : {},
  });

  it("waits Retry-After seconds after a 429 that carries it, then succeeds", async () => {
    const { client, clock, waits } = makeClient();
    const start = clock.now();
    // The first three answers are 429 as if another process had spent the key's budget.
    stampArrivals(clock.now, (_req, n) =>
      n <= 3 ? tooMany(true) : { body: { strategies: [], activeCount: 0 } },
    );
    const results = await Promise.all(Array.from({ length: 4 }, () => client.strategies.list()));
    expect(results).toHaveLength(4);
    expect(waits).toContainEqual({
      reason: "retry-after",
      waitMs: 2_000,
      requestsPerMinute: 60,
      method: "GET",
      route: "/strategies",
    });
    expect(clock.now() - start).toBe(2_000);
  });

  it("without Retry-After waits until the oldest request leaves the one-minute window, then succeeds", async () => {
    const { client, clock, waits } = makeClient();
    const start = clock.now();
    stampArrivals(clock.now, (_req, n) =>
      n <= 3 ? tooMany(false) : { body: { strategies: [], activeCount: 0 } },
    );
    await Promise.all(Array.from({ length: 4 }, () => client.strategies.list()));
    expect(waits).toContainEqual({
      reason: "rate-limited",
      // The window plus the margin for the service counting a request on arrival.
      waitMs: 61_000,
      requestsPerMinute: 60,
      method: "GET",
      route: "/strategies",
    });
    expect(clock.now() - start).toBe(61_000);
  });

  for (const retryAfter of [true, false]) {
    it(`never exceeds the plan's limit while a storm is answered (${retryAfter ? "with" : "without"} Retry-After)`, async () => {
      const { client, clock, waits } = makeClient();
      const limited = serviceLimit(5, clock.now);
      let limitedAnswers = 0;
      const arrivals = stampArrivals(clock.now, (req, n) => {
        if (n >= 2 && n <= 4) return tooMany(retryAfter);
        const over = limited();
        if (over) {
          limitedAnswers++;
          return over;
        }
        return req.path === "/me"
          ? { body: fx.account(5) }
          : { body: { strategies: [fx.strategy()], activeCount: 0 } };
      });

      await client.account.me();
      expect(client.rateLimiter.requestsPerMinute).toBe(5);
      const results = await Promise.all(Array.from({ length: 12 }, () => client.strategies.list()));

      expect(results).toHaveLength(12);
      expect(limitedAnswers).toBe(0);
      expect(arrivals).toHaveLength(1 + 12 + 3);
      expect(maxInAnyWindow(arrivals)).toBeLessThanOrEqual(5);
      expect(waits.map((w) => w.reason)).toContain("rate-limit-window");
    });
  }

  it("gives up with RateLimitError after maxRateLimitRetries consecutive 429s", async () => {
    const { client } = makeClient({ retry: { maxRateLimitRetries: 2 } });
    server.handle(() => ({
      status: 429,
      body: { statusCode: 429, message: "Rate limit exceeded", error: "Too Many Requests" },
      headers: { "retry-after": "1" },
    }));
    const err = await client.account.me().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RateLimitError);
    expect((err as RateLimitError).retryAfterMs).toBe(1_000);
    expect((err as Error).message).toMatch(
      /GET \/me failed with 429 Too Many Requests after 3 attempts: Rate limit exceeded/,
    );
  });

  it("retries a 429 on POST /strategies, because a 429 was not applied", async () => {
    const { client, since } = makeClient();
    stampArrivals(Date.now, (_req, n) =>
      n === 1
        ? {
            status: 429,
            body: { statusCode: 429, message: "Rate limit exceeded", error: "Too Many Requests" },
          }
        : { status: 201, body: { strategy: fx.strategy() } },
    );
    await expect(client.strategies.create(input)).resolves.toMatchObject({ id: fx.IDS.strategy });
    expect(server.requests.length - since).toBe(2);
  });
});

describe("shared rate limiter", () => {
  it("is shared by two clients with the same key and resized for both by me()", async () => {
    const key = uniqueKey("shared-clients");
    const { client: a, clock, logger } = makeClient({ apiKey: key });
    // b counts its attempts into a's counter so the synced sleep waits for b's requests too.
    const b = createClient({ apiKey: key, baseUrl: server.baseUrl, logger });
    clients.push(b);
    expect(b.rateLimiter).toBe(a.rateLimiter);

    const limited = serviceLimit(4, clock.now);
    const arrivals = stampArrivals(clock.now, (req) => {
      const over = limited();
      if (over) return over;
      return req.path === "/me" ? { body: fx.account(4) } : { body: { strategies: [], activeCount: 0 } };
    });
    await a.account.me();
    expect(b.rateLimiter.requestsPerMinute).toBe(4);

    await Promise.all([
      ...Array.from({ length: 6 }, () => a.strategies.list()),
      ...Array.from({ length: 6 }, () => b.strategies.list()),
    ]);
    expect(arrivals).toHaveLength(13);
    expect(maxInAnyWindow(arrivals)).toBeLessThanOrEqual(4);
  });

  it("is separate for different keys, so one key's budget does not slow another", async () => {
    const { client: a, clock } = makeClient();
    const { client: b } = makeClient();
    expect(b.rateLimiter).not.toBe(a.rateLimiter);
    a.rateLimiter.resize(2);
    b.rateLimiter.resize(2);
    const start = clock.now();
    stampArrivals(clock.now, () => ({ body: { strategies: [], activeCount: 0 } }));
    await Promise.all([a.strategies.list(), a.strategies.list(), b.strategies.list(), b.strategies.list()]);
    expect(clock.now()).toBe(start);
  });
});

describe("5xx", () => {
  const fail = (status: number): Reply => ({
    status,
    body: { statusCode: status, message: "upstream exploded", error: "Service Unavailable" },
  });

  it("retries GET with capped exponential backoff and then succeeds", async () => {
    const { client, clock, waits, since } = makeClient();
    server.handle((_req) => (server.requests.length - since <= 2 ? fail(503) : { body: fx.account() }));
    await expect(client.account.me()).resolves.toMatchObject({ plan: "PRO" });
    expect(server.requests.length - since).toBe(3);
    // random() = 0 → half of each step: 100 ms → 50, 200 ms → 100.
    expect(clock.sleeps).toEqual([50, 100]);
    expect(waits.map((w) => w.reason)).toEqual(["retry-backoff", "retry-backoff"]);
  });

  it("retries PATCH /strategies/:id, which is safe to repeat", async () => {
    const { client, since } = makeClient();
    server.handle(() =>
      server.requests.length - since === 1
        ? fail(500)
        : { body: { strategy: { id: fx.IDS.strategy, name: "n", description: null, isActive: false } } },
    );
    await expect(client.strategies.update(fx.IDS.strategy, { name: "n" })).resolves.toMatchObject({
      name: "n",
    });
    expect(server.requests.length - since).toBe(2);
    expect(server.requests.slice(since).map((r) => r.body)).toEqual([{ name: "n" }, { name: "n" }]);
  });

  it("throws ServerError naming the attempts once maxAttempts is spent", async () => {
    const { client, since } = makeClient();
    server.handle(() => fail(500));
    const err = await client.strategies.get(fx.IDS.strategy).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ServerError);
    expect((err as Error).message).toMatch(
      /^GET \/strategies\/:id failed with 500 Service Unavailable after 3 attempts: upstream exploded\. /,
    );
    expect(server.requests.length - since).toBe(3);
  });

  it("turns a 5xx on POST /strategies into AmbiguousWriteError without retrying", async () => {
    const { client, clock, since } = makeClient();
    server.handle(() => fail(502));
    const err = await client.strategies.create(input).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AmbiguousWriteError);
    const a = err as AmbiguousWriteError;
    expect(server.requests.length - since).toBe(1);
    expect(a.route).toBe("/strategies");
    expect(a.requestSentAt).toBe(new Date(clock.now()).toISOString());
    expect(a.cause).toBeInstanceOf(ServerError);
    expect(a.message).toMatch(/POST \/strategies may or may not have been applied: the service answered 502/);
    expect(a.message).toMatch(/not retried.*GET \/strategies/);
  });

  it.each([
    [
      "POST /backtests",
      (c: ApiClient) =>
        c.backtests.create({
          strategyId: "s",
          from: fx.TS,
          to: fx.TS,
          labelDefinition: { threshold: 2 },
          options: {},
        }),
    ],
    [
      "POST /notifications/performance/jobs",
      (c: ApiClient) => c.notifications.createPerformanceJob({ strategyId: "s", range: "daily" }),
    ],
    ["PUT /webhook", (c: ApiClient) => c.webhook.put({ enabled: true, url: "https://hooks.example.com/a" })],
  ])("turns a 5xx on %s into AmbiguousWriteError", async (_name, call) => {
    const { client, since } = makeClient();
    server.handle(() => fail(500));
    await expect(call(client)).rejects.toBeInstanceOf(AmbiguousWriteError);
    expect(server.requests.length - since).toBe(1);
  });

  it("retries PUT /webhook that only toggles enabled", async () => {
    const { client, since } = makeClient();
    server.handle(() =>
      server.requests.length - since === 1 ? fail(500) : { body: { enabled: false, hasSecret: true } },
    );
    await expect(client.webhook.put({ enabled: false })).resolves.toMatchObject({ enabled: false });
    expect(server.requests.length - since).toBe(2);
  });

  it("retries POST /devs/:address/add exactly once", async () => {
    const { client, since } = makeClient();
    server.handle(() => fail(500));
    await expect(client.devs.add("Dev1", { alias: "a" })).rejects.toBeInstanceOf(ServerError);
    expect(server.requests.length - since).toBe(2);
  });
});

describe("4xx", () => {
  it.each([
    [400, BadRequestError, "rules[0]: min must be a number"],
    [401, UnauthorizedError, "An API key is required"],
    [403, ForbiddenError, "Active strategy limit reached"],
    [404, NotFoundError, "Strategy not found"],
    [409, ConflictError, "Already exists"],
  ] as const)("maps %i to %o with the service's message and is not retried", async (status, Cls, message) => {
    const { client, since } = makeClient();
    server.handle(() => ({ status, body: { statusCode: status, message, error: "E" } }));
    const err = await client.strategies.activate(fx.IDS.strategy).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Cls);
    const e = err as InstanceType<typeof Cls>;
    expect(e.statusCode).toBe(status);
    expect(e.serviceMessage).toBe(message);
    expect(e.route).toBe("/strategies/:id/activate");
    expect(e.method).toBe("POST");
    expect(e.body).toEqual({ statusCode: status, message, error: "E" });
    expect(e.message).toContain(`POST /strategies/:id/activate failed with ${status} E: ${message}.`);
    expect(server.requests.length - since).toBe(1);
  });

  it("joins an array of validation messages", async () => {
    const { client } = makeClient();
    server.handle(() => ({
      status: 400,
      body: { statusCode: 400, message: ["a is bad", "b is bad"], error: "Bad Request" },
    }));
    await expect(client.strategies.list()).rejects.toThrow(/a is bad; b is bad/);
  });
});

describe("timeouts", () => {
  it("retries a GET that times out and then throws TimeoutError naming the limit", async () => {
    const { client, since } = makeClient({ timeoutMs: 60 });
    server.handle(() => "hang");
    const err = await client.account.me().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TimeoutError);
    expect((err as TimeoutError).timeoutMs).toBe(60);
    expect((err as Error).message).toMatch(
      /GET \/me timed out: no complete response within 60 ms \(the client's timeoutMs\)/,
    );
    expect(server.requests.length - since).toBe(3);
  });

  it("turns a timeout on POST /strategies into AmbiguousWriteError after one send", async () => {
    const { client, since } = makeClient({ timeoutMs: 60 });
    server.handle(() => "hang");
    const err = await client.strategies.create(input).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AmbiguousWriteError);
    expect((err as AmbiguousWriteError).cause).toBeInstanceOf(TimeoutError);
    expect((err as Error).message).toMatch(/no response within 60 ms/);
    expect(server.requests.length - since).toBe(1);
  });
});

describe("connection dropped after the request was sent", () => {
  it("retries a safe request", async () => {
    const { client, since } = makeClient();
    server.handle(() => (server.requests.length - since === 1 ? "destroy" : { body: fx.account() }));
    await expect(client.account.me()).resolves.toMatchObject({ plan: "PRO" });
    expect(server.requests.length - since).toBe(2);
  });

  it("retries DELETE /strategies/:id", async () => {
    const { client, since } = makeClient();
    server.handle(() => (server.requests.length - since === 1 ? "destroy" : { body: { success: true } }));
    await expect(client.strategies.delete(fx.IDS.strategy)).resolves.toEqual({ success: true });
    expect(server.requests.length - since).toBe(2);
  });

  it("throws AmbiguousWriteError for POST /strategies", async () => {
    const { client, since } = makeClient();
    server.handle(() => "destroy");
    const err = await client.strategies.create(input).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AmbiguousWriteError);
    const cause = (err as AmbiguousWriteError).cause as ConnectionError;
    expect(cause).toBeInstanceOf(ConnectionError);
    expect(cause.requestSent).toBe(true);
    expect(server.requests.length - since).toBe(1);
  });
});

describe("connection refused", () => {
  it("retries and throws ConnectionError that says nothing was sent, also for POST /strategies", async () => {
    const port = await closedPort();
    // Nothing ever arrives, so the sleep must not wait for arrivals.
    const { client } = makeClient({
      baseUrl: `http://127.0.0.1:${port}/api/external/v1`,
      sleep: fakeClock().sleep,
    });
    const err = await client.strategies.create(input).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConnectionError);
    const c = err as ConnectionError;
    expect(c.requestSent).toBe(false);
    expect(c.code).toBe("ECONNREFUSED");
    expect(c.attempts).toBe(3);
    expect(c.message).toMatch(
      /POST \/strategies: could not connect to the service \(3 attempts\).*Check baseUrl/,
    );
  });
});

describe("the service's clock: the latest answer's Date header", () => {
  /** A pool that answers each request after `rttMs` of the fake clock, with the given headers. */
  function answering(
    clock: ReturnType<typeof fakeClock>,
    rttMs: number,
    headers: () => Record<string, string>,
  ) {
    return {
      async request() {
        clock.t += rttMs;
        const body = JSON.stringify(fx.account());
        return { statusCode: 200, headers: headers(), body: { text: async () => body } };
      },
      async close() {},
    };
  }

  it("is kept with the local times its request was sent and its answer arrived; the next answer replaces it", async () => {
    const clock = fakeClock(Date.parse("2026-04-01T00:00:00.000Z"));
    const dates = ["Wed, 01 Apr 2026 00:00:41 GMT", "Wed, 01 Apr 2026 00:00:42 GMT"];
    const { client } = makeClient({
      now: clock.now,
      sleep: clock.sleep,
      dispatcher: answering(clock, 300, () => ({ date: dates.shift()! })),
    });
    expect(client.serviceDate).toBeUndefined();
    await client.account.me();
    expect(client.serviceDate).toEqual({
      dateMs: Date.parse("2026-04-01T00:00:41Z"),
      sentAtMs: Date.parse("2026-04-01T00:00:00.000Z"),
      receivedAtMs: Date.parse("2026-04-01T00:00:00.300Z"),
    });
    await client.account.me();
    expect(client.serviceDate?.dateMs).toBe(Date.parse("2026-04-01T00:00:42Z"));
    expect(client.serviceDate?.sentAtMs).toBe(Date.parse("2026-04-01T00:00:00.300Z"));
  });

  it("stays as it was after an answer without one, or with one that is not an IMF-fixdate", async () => {
    const clock = fakeClock();
    const headers = [{ date: "Wed, 01 Apr 2026 00:00:41 GMT" }, {}, { date: "2026-04-01T00:09:00Z" }];
    const { client } = makeClient({
      now: clock.now,
      sleep: clock.sleep,
      dispatcher: answering(clock, 10, () => headers.shift() as Record<string, string>),
    });
    for (let i = 0; i < 3; i++) await client.account.me();
    expect(client.serviceDate?.dateMs).toBe(Date.parse("2026-04-01T00:00:41Z"));
  });
});
