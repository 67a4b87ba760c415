import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { doctorCommand } from "../../../../cli/commands/doctor";
import type { RunningEmulator } from "../../../../emulator/server";
import { type CliOutput, runCliInProcess } from "../../../support/cli";
import { control, startTestEmulator } from "../../../support/emulator";

/** `strategy-alerts doctor …` in this process, with the given environment. */
async function doctor(args: string[], env: { apiKey?: string; baseUrl?: string }): Promise<CliOutput> {
  const saved = { key: process.env.STRATEGY_ALERTS_API_KEY, url: process.env.STRATEGY_ALERTS_BASE_URL };
  const set = (name: string, value: string | undefined) => {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  };
  set("STRATEGY_ALERTS_API_KEY", env.apiKey);
  set("STRATEGY_ALERTS_BASE_URL", env.baseUrl);
  try {
    return await runCliInProcess(["doctor", ...args]);
  } finally {
    set("STRATEGY_ALERTS_API_KEY", saved.key);
    set("STRATEGY_ALERTS_BASE_URL", saved.url);
  }
}

const lastLine = (text: string) => text.trimEnd().split("\n").at(-1);

describe("strategy-alerts doctor", () => {
  let em: RunningEmulator;
  let apiKey: string;

  beforeAll(async () => {
    em = await startTestEmulator();
    apiKey = (await control(em, "POST", "/users", { plan: "PRO" })).body.apiKey;
  });
  afterAll(() => em.close());

  it("prints the table and a summary line, exits 0, and never prints the key", async () => {
    const out = await doctor([], { apiKey, baseUrl: em.baseUrl });
    expect(out.code).toBe(0);
    expect(out.stdout.split("\n")[0]).toMatch(
      /^item +\| the spec says +\| the emulator's reading +\| this service$/,
    );
    expect(lastLine(out.stdout)).toBe(
      "doctor: 29 checks, 0 differ from the emulator's reading, 0 would break the provider",
    );
    expect(out.stdout + out.stderr).not.toContain(apiKey);
  });

  it("gives JSON with --json, the summary on stderr", async () => {
    const out = await doctor(["--json"], { apiKey, baseUrl: em.baseUrl });
    expect(out.code).toBe(0);
    const parsed = JSON.parse(out.stdout);
    expect(parsed.summary).toEqual({ checks: 29, differ: 0, wouldBreak: 0 });
    expect(parsed.checks[0]).toMatchObject({ item: "reachability and TLS", differs: false, breaks: false });
    expect(out.stderr).toContain("doctor: 29 checks");
  });

  it("says plainly that the connection was refused, and exits 1", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const out = await doctor(["--json"], { apiKey, baseUrl: `http://127.0.0.1:${port}/api/external/v1` });
    expect(out.code).toBe(1);
    const { checks, summary } = JSON.parse(out.stdout);
    expect(checks[0].observed).toMatch(
      /^connection refused by http:\/\/127\.0\.0\.1:\d+: nothing listens there/,
    );
    expect(checks[0].breaks).toBe(true);
    expect(checks[1].observed).toBe("not checked (stopped at an earlier check)");
    expect(summary.wouldBreak).toBe(1);
  });

  it("says on stderr before anything else that --probe-rate spends a minute of the budget", async () => {
    const out = await doctor(["--probe-rate"], {
      apiKey,
      baseUrl: "http://doctor-test.invalid/api/external/v1",
    });
    expect(out.stderr.split("\n")[0]).toMatch(
      /--probe-rate spends this key's rate budget for about one minute/,
    );
  });

  it("says plainly that a host name does not resolve", async () => {
    const out = await doctor(["--json"], { apiKey, baseUrl: "http://doctor-test.invalid/api/external/v1" });
    expect(out.code).toBe(1);
    expect(JSON.parse(out.stdout).checks[0].observed).toMatch(
      /^DNS lookup failed for http:\/\/doctor-test\.invalid/,
    );
  });

  it("stops at a refused key with exit 1", async () => {
    const out = await doctor([], { apiKey: "sa_live_not_a_key_of_anyone", baseUrl: em.baseUrl });
    expect(out.code).toBe(1);
    expect(out.stdout).toMatch(/the key is refused \(401: /);
    expect(out.stdout).not.toContain("sa_live_not_a_key_of_anyone");
  });

  it("is listed in the command's help and has its own", async () => {
    const top = await runCliInProcess(["--help"]);
    expect(top.code).toBe(0);
    expect(top.stdout).toMatch(
      /^ {2}doctor +check which readings of the spec's open points a service follows$/m,
    );
    const own = await runCliInProcess(["doctor", "--help"]);
    expect(own.code).toBe(0);
    expect(own.stdout).toMatch(
      /^usage: strategy-alerts doctor \[--write-probe\] \[--probe-rate\] \[--json\]/,
    );
    expect(own.stdout).toBe(`${doctorCommand.help}\n`);
  });

  it.each([
    [[], { baseUrl: "http://127.0.0.1:1/api/external/v1" }, /set STRATEGY_ALERTS_API_KEY/],
    [[], { apiKey: "sa_live_x1234567" }, /set STRATEGY_ALERTS_BASE_URL/],
    [["--bogus"], { apiKey: "sa_live_x1234567" }, /bogus/],
    [
      [],
      { apiKey: "sa_live_x1234567", baseUrl: "http://127.0.0.1:1/v1" },
      /must end with \/api\/external\/v1/,
    ],
    [[], { apiKey: "sa_live x1234567", baseUrl: "http://127.0.0.1:1/api/external/v1" }, /contains spaces/],
  ] as const)("exits 2 on bad usage %#", async (args, env, message) => {
    const out = await doctor([...args], env);
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(message);
  });
});

/**
 * A service that echoes the key it receives into what it answers, puts terminal escapes into a
 * message, and sends a strategy list the client cannot parse.
 */
describe("strategy-alerts doctor against a hostile or broken service", () => {
  const key = "sa_live_0123456789abcdef0123456789abcdef";
  let server: Server;
  let baseUrl: string;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const sent = String(req.headers["x-api-key"] ?? "");
      const path = (req.url ?? "").replace(/^\/api\/external\/v1/, "").split("?")[0];
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      if (!sent)
        return json(401, {
          statusCode: 401,
          message: "An API key is required (X-API-Key or Authorization: ApiKey)",
          error: "Unauthorized",
        });
      const bodies: Record<string, unknown> = {
        "/me": {
          userId: "u",
          plan: "PRO",
          limits: { strategies: { total: null, active: 25 }, rateLimit: { requestsPerMinute: 60 } },
        },
        // name must be a string: the client's schema refuses this list.
        "/strategies": { strategies: [{ id: "s1", name: 42 }], activeCount: 0 },
        "/strategy-evaluations": { items: [], page: 1, pageSize: 50, total: null, hasMore: false },
        "/backtests": { items: [], page: 1, pageSize: 20, total: 0, hasMore: false },
        "/notifications": { items: [], page: 1, limit: 20, total: 0, totalPages: 0 },
        "/microblog/handles": { handles: [] },
        "/microblog/tags": { tags: [{ id: "t", name: `tag for ${sent}`, isPlatformTag: false }] },
        "/devs/my": { developers: [], total: 0, page: 1, totalPages: 0, activeCount: 0 },
        "/devs/tags": { tags: [] },
        "/webhook": { enabled: false, hasSecret: false },
      };
      if (path && path in bodies) return json(200, bodies[path]);
      return json(404, {
        statusCode: 404,
        message: `\u001b[31mNo such thing\u001b[0m for key ${sent}`,
        error: "Not Found",
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/external/v1`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  afterEach(() => vi.restoreAllMocks());

  it("names the first field that does not parse and exits 1", async () => {
    const out = await doctor([], { apiKey: key, baseUrl });
    expect(out.code).toBe(1);
    expect(out.stdout).toMatch(/\[BREAKS\] does not parse:\s+strategies\[0\]\.name:/);
    expect(lastLine(out.stdout)).toMatch(/, 1 would break the provider$/);
  });

  it("never prints the key the service echoes, and escapes its control characters", async () => {
    const out = await doctor(["--json"], { apiKey: key, baseUrl });
    expect(out.stdout + out.stderr).not.toContain(key);
    expect(out.stdout).toContain("[REDACTED]");
    expect(out.stdout).not.toContain("\u001b");
    expect(out.stdout).toContain("\\\\u001b[31mNo such thing");
  });
});

describe("strategy-alerts doctor --write-probe interrupted", () => {
  let em: RunningEmulator;
  beforeAll(async () => {
    em = await startTestEmulator();
  });
  afterAll(() => em.close());

  it("deletes its probe strategy on SIGINT before it exits with 130", async () => {
    const user = (await control(em, "POST", "/users", { plan: "PRO" })).body;
    // The first PATCH of the probe hangs, so the signal comes while the strategy exists.
    await control(em, "POST", "/faults", {
      method: "PATCH",
      path: "/strategies/:id",
      latencyMs: 1500,
      count: 1,
    });
    const temporary = () =>
      em.store.listStrategies(user.userId).filter((s) => s.name.startsWith("[doctor-tmp "));
    const atExit: Array<{ code: number | undefined; left: number }> = [];
    vi.spyOn(process, "exit").mockImplementation(((code?: number) => {
      atExit.push({ code, left: temporary().length });
    }) as never);
    const before = new Set(process.listeners("SIGINT"));
    const running = doctor(["--write-probe"], { apiKey: user.apiKey, baseUrl: em.baseUrl });
    while (temporary().length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    const handler = process.listeners("SIGINT").find((l) => !before.has(l));
    expect(handler).toBeDefined();
    (handler as (signal: string) => void)("SIGINT");
    while (atExit.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(atExit[0]).toEqual({ code: 130, left: 0 });
    await running;
  });
});
