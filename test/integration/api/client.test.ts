import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiClient, createClient } from "../../../provider/api/client";
import { BaseUrlError, ConfigurationError, ResponseValidationError } from "../../../provider/api/errors";
import type { AuthHeaderMode } from "../../../provider/api/transport";
import * as fx from "../../support/api-fixtures";
import { fakeClock } from "../../support/fake-clock";
import { type SeenRequest, startServer, type TestServer } from "../../support/test-server";
import { uniqueKey } from "../../support/unique-key";

const DEV = "DevWa11et1111111111111111111111111111111111";

let server: TestServer;
let client: ApiClient;
let key: string;

beforeAll(async () => {
  server = await startServer();
  key = uniqueKey("endpoints");
  const clock = fakeClock();
  client = createClient({
    apiKey: key,
    baseUrl: server.baseUrl,
    now: clock.now,
    sleep: clock.sleep,
    shareRateWindow: false,
  });
});

afterAll(async () => {
  await client.close();
  await server.close();
});

/** Answers `body` once and returns what the server saw. */
async function exchange<T>(body: unknown, call: () => Promise<T>): Promise<{ seen: SeenRequest; result: T }> {
  server.handle(() => ({ status: 200, body }));
  const before = server.requests.length;
  const result = await call();
  expect(server.requests.length).toBe(before + 1);
  return { seen: server.requests[before]!, result };
}

interface Case {
  name: string;
  call: (c: ApiClient) => Promise<unknown>;
  method: string;
  path: string;
  query?: string;
  body?: unknown;
  response: unknown;
  expected?: unknown;
}

const input = {
  name: "Fresh launches",
  triggers: ["new_token_created" as const],
  rules: [{ rule: "is_honeypot" as const, dealbreaker: true, enabled: true }],
  isActive: false,
};

// The single read has no isGlobal (service-api.md#strategy-fields).
const { isGlobal: _isGlobal, ...singleRead } = fx.strategy();

const cases: Case[] = [
  { name: "account.me", call: (c) => c.account.me(), method: "GET", path: "/me", response: fx.account() },
  {
    name: "strategies.list",
    call: (c) => c.strategies.list(),
    method: "GET",
    path: "/strategies",
    response: { strategies: [fx.strategy()], activeCount: 0 },
  },
  {
    name: "strategies.create",
    call: (c) => c.strategies.create(input),
    method: "POST",
    path: "/strategies",
    body: input,
    response: { strategy: fx.strategy() },
    expected: fx.strategy(),
  },
  {
    name: "strategies.get",
    call: (c) => c.strategies.get(fx.IDS.strategy),
    method: "GET",
    path: `/strategies/${fx.IDS.strategy}`,
    response: { strategy: singleRead },
    expected: singleRead,
  },
  {
    name: "strategies.update",
    call: (c) => c.strategies.update(fx.IDS.strategy, { name: "Renamed", rules: [] }),
    method: "PATCH",
    path: `/strategies/${fx.IDS.strategy}`,
    body: { name: "Renamed", rules: [] },
    response: { strategy: { id: fx.IDS.strategy, name: "Renamed", description: null, isActive: false } },
    expected: { id: fx.IDS.strategy, name: "Renamed", description: null, isActive: false },
  },
  {
    name: "strategies.activate",
    call: (c) => c.strategies.activate(fx.IDS.strategy),
    method: "POST",
    path: `/strategies/${fx.IDS.strategy}/activate`,
    response: { strategy: { id: fx.IDS.strategy, isActive: true } },
    expected: { id: fx.IDS.strategy, isActive: true },
  },
  {
    name: "strategies.deactivate",
    call: (c) => c.strategies.deactivate(fx.IDS.strategy),
    method: "POST",
    path: `/strategies/${fx.IDS.strategy}/deactivate`,
    response: { strategy: { id: fx.IDS.strategy, isActive: false } },
    expected: { id: fx.IDS.strategy, isActive: false },
  },
  {
    name: "strategies.delete",
    call: (c) => c.strategies.delete(fx.IDS.strategy),
    method: "DELETE",
    path: `/strategies/${fx.IDS.strategy}`,
    response: { success: true },
  },
  {
    name: "evaluations.list",
    call: (c) =>
      c.evaluations.list({
        pageSize: 10,
        matched: false,
        dealbreakerFailed: true,
        failedGroupIds: ["security", "market"],
        sortBy: "createdAt",
        sortDir: "desc",
        from: "2026-04-01T00:00:00Z",
      }),
    method: "GET",
    path: "/strategy-evaluations",
    query:
      "pageSize=10&matched=false&dealbreakerFailed=true&failedGroupIds=security,market&sortBy=createdAt&sortDir=desc&from=2026-04-01T00%3A00%3A00Z",
    response: {
      items: [fx.evaluation()],
      page: 1,
      pageSize: 10,
      total: null,
      hasMore: false,
      nextCursor: null,
    },
  },
  {
    name: "backtests.list",
    call: (c) => c.backtests.list(2),
    method: "GET",
    path: "/backtests",
    query: "page=2",
    response: { items: [fx.backtestJob()], page: 2, pageSize: 20, total: 21, hasMore: false },
  },
  {
    name: "backtests.create",
    call: (c) =>
      c.backtests.create({
        strategyId: fx.IDS.strategy,
        from: fx.TS,
        to: "2026-04-02T00:00:00.000Z",
        labelDefinition: { threshold: 2 },
        options: {},
      }),
    method: "POST",
    path: "/backtests",
    body: {
      strategyId: fx.IDS.strategy,
      from: fx.TS,
      to: "2026-04-02T00:00:00.000Z",
      labelDefinition: { threshold: 2 },
      options: {},
    },
    response: fx.backtestJob(),
  },
  {
    name: "backtests.get",
    call: (c) => c.backtests.get(fx.IDS.job),
    method: "GET",
    path: `/backtests/${fx.IDS.job}`,
    response: fx.backtestJob({ status: "COMPLETED" }),
  },
  {
    name: "backtests.results",
    call: (c) =>
      c.backtests.results(fx.IDS.job, {
        pageSize: 200,
        winnersInWindow: "all",
        matched: true,
        minMultiple: 1.5,
      }),
    method: "GET",
    path: `/backtests/${fx.IDS.job}/results`,
    query: "pageSize=200&winnersInWindow=all&matched=true&minMultiple=1.5",
    response: { items: [fx.resultRow()], page: 1, pageSize: 200, total: 1, hasMore: false, todayCount: 1 },
  },
  {
    name: "notifications.list",
    call: (c) =>
      c.notifications.list({ page: 1, limit: 100, source: "personal", strategyId: fx.IDS.strategy }),
    method: "GET",
    path: "/notifications",
    query: `page=1&limit=100&source=personal&strategyId=${fx.IDS.strategy}`,
    response: {
      items: [fx.notification({ strategy: { id: fx.IDS.strategy, name: "x" } })],
      page: 1,
      limit: 100,
      total: 1,
      totalPages: 1,
    },
  },
  {
    name: "notifications.get",
    call: (c) => c.notifications.get(fx.IDS.notification, { source: "all", view: "full" }),
    method: "GET",
    path: `/notifications/${fx.IDS.notification}`,
    query: "source=all&view=full",
    response: fx.notification({
      livePerformance: { priceNow: 1, marketCapNow: 2, peakPrice: 3, athPrice: 3 },
    }),
  },
  {
    name: "notifications.performance",
    call: (c) => c.notifications.performance({ strategyId: fx.IDS.strategy, range: "weekly" }),
    method: "GET",
    path: "/notifications/performance",
    query: `strategyId=${fx.IDS.strategy}&range=weekly`,
    response: fx.summary(),
  },
  {
    name: "notifications.createPerformanceJob",
    call: (c) => c.notifications.createPerformanceJob({ strategyId: fx.IDS.strategy, range: "daily" }),
    method: "POST",
    path: "/notifications/performance/jobs",
    query: `strategyId=${fx.IDS.strategy}&range=daily`,
    response: { jobId: "perf-1" },
  },
  {
    name: "notifications.getPerformanceJob",
    call: (c) => c.notifications.getPerformanceJob("perf-1"),
    method: "GET",
    path: "/notifications/performance/jobs/perf-1",
    response: {
      jobId: "perf-1",
      status: "completed",
      rawState: "completed",
      progress: { totalTokens: 3, processedTokens: 3, remainingTokens: 0, progressPercent: 100 },
      result: fx.summary(),
    },
  },
  {
    name: "microblog.handles",
    call: (c) => c.microblog.handles({ search: "dev", status: "active", sortBy: "handle", sortOrder: "asc" }),
    method: "GET",
    path: "/microblog/handles",
    query: "search=dev&status=active&sortBy=handle&sortOrder=asc",
    response: {
      handles: [
        {
          id: fx.IDS.tag,
          handle: "dev",
          status: "active",
          tags: [{ id: fx.IDS.tag, name: "t" }],
          addedAt: fx.TS,
          lastUpdated: fx.TS,
        },
      ],
    },
  },
  {
    name: "microblog.tags",
    call: (c) => c.microblog.tags({ scope: "user", includeCounts: false, sortBy: "name" }),
    method: "GET",
    path: "/microblog/tags",
    query: "scope=user&includeCounts=false&sortBy=name",
    response: { tags: [{ id: fx.IDS.tag, name: "t", isPlatformTag: false }] },
  },
  {
    name: "devs.list",
    call: (c) => c.devs.list({ page: 1, limit: 20, isActive: true }),
    method: "GET",
    path: "/devs/my",
    query: "page=1&limit=20&isActive=true",
    response: { developers: [fx.developer(DEV)], total: 1, page: 1, totalPages: 1, activeCount: 1 },
  },
  {
    name: "devs.tags",
    call: (c) => c.devs.tags(),
    method: "GET",
    path: "/devs/tags",
    response: { tags: [{ id: fx.IDS.tag, name: "builders" }] },
  },
  {
    name: "devs.getTags",
    call: (c) => c.devs.getTags(DEV),
    method: "GET",
    path: `/devs/${DEV}/tags`,
    response: { tagIds: [fx.IDS.tag] },
  },
  {
    name: "devs.add",
    call: (c) => c.devs.add(DEV, { alias: "builder" }),
    method: "POST",
    path: `/devs/${DEV}/add`,
    body: { alias: "builder" },
    response: { success: true, developer: fx.developer(DEV) },
  },
  {
    name: "devs.update",
    call: (c) => c.devs.update(DEV, { isActive: false }),
    method: "PUT",
    path: `/devs/${DEV}/update`,
    body: { isActive: false },
    response: { success: true, developer: { ...fx.developer(DEV), isActive: false } },
  },
  {
    name: "devs.setTags",
    call: (c) => c.devs.setTags(DEV, [fx.IDS.tag]),
    method: "PUT",
    path: `/devs/${DEV}/tags`,
    body: { tagIds: [fx.IDS.tag] },
    response: { success: true, tagIds: [fx.IDS.tag] },
  },
  {
    name: "webhook.get",
    call: (c) => c.webhook.get(),
    method: "GET",
    path: "/webhook",
    response: { enabled: false, hasSecret: false },
  },
  {
    name: "webhook.put",
    call: (c) => c.webhook.put({ enabled: true, url: "https://hooks.example.com/alerts" }),
    method: "PUT",
    path: "/webhook",
    body: { enabled: true, url: "https://hooks.example.com/alerts" },
    response: {
      enabled: true,
      url: "https://hooks.example.com/alerts",
      verifiedAt: fx.TS,
      hasSecret: true,
      secret: "whsec_once",
      verificationError: null,
    },
  },
];

describe("every endpoint", () => {
  it.each(cases)("$name sends $method $path with its query, body and headers", async (c) => {
    const { seen, result } = await exchange(c.response, () => c.call(client));
    expect(seen.method).toBe(c.method);
    expect(seen.path).toBe(c.path);
    expect(seen.rawQuery).toBe(c.query ?? "");
    expect(seen.body).toEqual(c.body);
    expect(seen.headers["x-api-key"]).toBe(key);
    expect(seen.headers.authorization).toBeUndefined();
    expect(seen.headers.accept).toBe("application/json");
    expect(seen.headers["user-agent"]).toMatch(/pulumi-strategy-alerts/);
    if (c.body === undefined) {
      expect(seen.rawBody).toBe("");
      expect(seen.headers["content-type"]).toBeUndefined();
    } else {
      expect(seen.headers["content-type"]).toBe("application/json");
    }
    expect(result).toEqual(c.expected ?? c.response);
  });

  it("keeps fields the schema does not know (responses are loose)", async () => {
    const { result } = await exchange({ ...fx.account(), newField: { nested: 1 } }, () =>
      client.account.me(),
    );
    expect(result).toMatchObject({ newField: { nested: 1 } });
  });

  it("accepts a bare array from GET /devs/tags and normalises it to {tags}", async () => {
    const { result } = await exchange([{ id: fx.IDS.tag, name: "builders" }], () => client.devs.tags());
    expect(result).toEqual({ tags: [{ id: fx.IDS.tag, name: "builders" }] });
  });

  it("encodes path parameters so an id cannot change the route", async () => {
    const { seen } = await exchange({ strategy: fx.strategy() }, () => client.strategies.get("a/b?c"));
    expect(seen.path).toBe("/strategies/a%2Fb%3Fc");
    expect(seen.rawQuery).toBe("");
  });

  it("leaves out undefined query values and empty arrays", async () => {
    const { seen } = await exchange({ items: [], page: 1, pageSize: 50, total: null, hasMore: false }, () =>
      client.evaluations.list({ matched: undefined, failedGroupIds: [], strategyId: fx.IDS.strategy }),
    );
    expect(seen.rawQuery).toBe(`strategyId=${fx.IDS.strategy}`);
  });
});

describe("pagination", () => {
  it("evaluations.iterate follows nextCursor with the same filters and stops when hasMore is false", async () => {
    server.handle((req) => {
      const cursor = req.query.get("cursor");
      if (!cursor)
        return {
          body: {
            items: [fx.evaluation(0), fx.evaluation(1)],
            page: 1,
            pageSize: 2,
            total: null,
            hasMore: true,
            nextCursor: "c1",
          },
        };
      if (cursor === "c1")
        return {
          body: {
            items: [fx.evaluation(2)],
            page: 2,
            pageSize: 2,
            total: null,
            hasMore: true,
            nextCursor: "c2",
          },
        };
      return {
        body: {
          items: [fx.evaluation(3)],
          page: 3,
          pageSize: 2,
          total: null,
          hasMore: false,
          nextCursor: null,
        },
      };
    });
    const before = server.requests.length;
    const seen: string[] = [];
    for await (const e of client.evaluations.iterate({ pageSize: 2, matched: true, page: 1 }))
      seen.push(e.tokenAddress);
    expect(seen).toEqual(["Token0", "Token1", "Token2", "Token3"]);
    const queries = server.requests.slice(before).map((r) => r.rawQuery);
    expect(queries).toEqual([
      "pageSize=2&matched=true&page=1",
      "pageSize=2&matched=true&cursor=c1",
      "pageSize=2&matched=true&cursor=c2",
    ]);
  });

  it("backtests.iterate and iterateResults walk numbered pages until hasMore is false", async () => {
    server.handle((req) => {
      const page = Number(req.query.get("page"));
      if (req.path === "/backtests") {
        return {
          body: {
            items: [fx.backtestJob({ id: `job-${page}` })],
            page,
            pageSize: 20,
            total: 2,
            hasMore: page < 2,
          },
        };
      }
      return {
        body: { items: [fx.resultRow(page)], page, pageSize: 1, total: 3, hasMore: page < 3, todayCount: 0 },
      };
    });
    const jobs: string[] = [];
    for await (const j of client.backtests.iterate()) jobs.push(j.id);
    expect(jobs).toEqual(["job-1", "job-2"]);
    const rows: string[] = [];
    for await (const r of client.backtests.iterateResults(fx.IDS.job, { pageSize: 1 })) rows.push(r.id);
    expect(rows).toEqual(["row-1", "row-2", "row-3"]);
  });

  it("notifications.iterate and devs.iterate stop at totalPages", async () => {
    server.handle((req) => {
      const page = Number(req.query.get("page"));
      if (req.path === "/notifications") {
        return {
          body: { items: [fx.notification({ id: `n-${page}` })], page, limit: 1, total: 2, totalPages: 2 },
        };
      }
      return {
        body: { developers: [fx.developer(`Dev${page}`)], total: 3, page, totalPages: 3, activeCount: 3 },
      };
    });
    const ids: string[] = [];
    for await (const n of client.notifications.iterate({ limit: 1 })) ids.push(n.id);
    expect(ids).toEqual(["n-1", "n-2"]);
    const devs: string[] = [];
    for await (const d of client.devs.iterate({ limit: 1 })) devs.push(d.address);
    expect(devs).toEqual(["Dev1", "Dev2", "Dev3"]);
  });
});

describe("authentication header", () => {
  it("sends Authorization: ApiKey <key> and no X-API-Key when authHeader is authorization", async () => {
    const k = uniqueKey("authz");
    const c = createClient({ apiKey: k, baseUrl: server.baseUrl, authHeader: "authorization" });
    try {
      server.handle(() => ({ body: fx.account() }));
      const before = server.requests.length;
      await c.account.me();
      const seen = server.requests[before]!;
      expect(seen.headers.authorization).toBe(`ApiKey ${k}`);
      expect(seen.headers["x-api-key"]).toBeUndefined();
    } finally {
      await c.close();
    }
  });

  it("rejects an unknown authHeader mode", () => {
    // The mode is checked at run time for JavaScript callers.
    const authHeader = "x-svc-api-key" as AuthHeaderMode;
    expect(() => createClient({ apiKey: uniqueKey(), baseUrl: server.baseUrl, authHeader })).toThrow(
      ConfigurationError,
    );
  });

  it("refuses an empty API key before sending anything", () => {
    expect(() => createClient({ apiKey: "  ", baseUrl: server.baseUrl })).toThrow(/No API key given/);
  });
});

describe("base URL", () => {
  it.each([
    ["http://127.0.0.1:1", /must end with \/api\/external\/v1/],
    ["http://127.0.0.1:1/api/external", /must end with \/api\/external\/v1/],
    ["http://127.0.0.1:1/api/external/v2", /must end with \/api\/external\/v1/],
    ["ftp://127.0.0.1:1/api/external/v1", /scheme must be http or https/],
    ["127.0.0.1:1/api/external/v1", /scheme must be http or https|not an absolute URL/],
    ["not a url", /not an absolute URL/],
    ["http://127.0.0.1:1/api/external/v1?x=1", /query string/],
  ])("rejects %s with a BaseUrlError that shows a correct example", (baseUrl, message) => {
    let caught: unknown;
    try {
      createClient({ apiKey: uniqueKey(), baseUrl });
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(BaseUrlError);
    expect((caught as Error).message).toMatch(message);
    expect((caught as Error).message).toContain("/api/external/v1");
  });

  it("says a valid URL with another path is valid, quotes it masked and names the likely address", () => {
    const message = (baseUrl: string) => {
      try {
        createClient({ apiKey: uniqueKey(), baseUrl });
      } catch (e) {
        return (e as Error).message;
      }
      return "";
    };
    const wrong = message("http://127.0.0.1:4010/wrong");
    expect(wrong).toContain('Invalid baseUrl "http://127.0.0.1:4010/wrong": it is a valid URL');
    expect(wrong).toContain('"/wrong" does not');
    expect(wrong).toContain("use http://127.0.0.1:4010/api/external/v1");
    expect(wrong).not.toContain("not a valid URL");
    const token = "abcdEFGH1234ijklMNOP";
    const hook = message(`https://hooks.example.com/services/${token}/v1`);
    expect(hook).not.toContain(token);
    expect(hook).toContain("/services/***");
  });

  it("accepts a trailing slash and a path before the prefix", async () => {
    const c = createClient({ apiKey: uniqueKey(), baseUrl: `${server.baseUrl}/` });
    server.handle(() => ({ body: fx.account() }));
    await expect(c.account.me()).resolves.toMatchObject({ plan: "PRO" });
    await c.close();
    expect(() =>
      createClient({ apiKey: uniqueKey(), baseUrl: "https://gw.example.com/tenant/api/external/v1" }),
    ).not.toThrow();
  });
});

describe("response validation", () => {
  it("throws ResponseValidationError naming the route and the path of the bad field", async () => {
    server.handle(() => ({ body: { strategies: [fx.strategy({ isActive: "yes" })], activeCount: 0 } }));
    const err = await client.strategies.list().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ResponseValidationError);
    const v = err as ResponseValidationError;
    expect(v.route).toBe("/strategies");
    expect(v.issues.map((i) => i.path)).toContain("strategies[0].isActive");
    expect(v.message).toMatch(
      /^GET \/strategies returned 200 with a body this client does not understand: strategies\[0\]\.isActive/,
    );
  });

  it("throws ResponseValidationError for a body that is not JSON", async () => {
    server.handle(() => ({ raw: "<html>gateway</html>" }));
    const err = await client.account.me().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ResponseValidationError);
    expect((err as Error).message).toMatch(/GET \/me returned 200/);
  });
});
