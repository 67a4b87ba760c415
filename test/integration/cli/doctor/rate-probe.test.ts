import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DoctorHttp } from "../../../../cli/doctor/http";
import { rateWindowCheck } from "../../../../cli/doctor/rate-probe";
import { createContext } from "../../../../cli/doctor/run";

type Mode = "sliding" | "fixed" | "sliding-counting-429s" | "lockout";

/**
 * A service that only rate-limits, on the test's clock, by one of several window readings:
 * the rate probe must tell them apart without a real minute passing.
 */
class RateOnlyService {
  nowMs = Date.UTC(2026, 10, 26, 12, 0, 47);
  mode: Mode = "sliding";
  readonly limit = 5;
  hits: number[] = [];
  /** Every request received, admitted or not. */
  received = 0;
  lockedUntil = 0;
  server!: Server;
  baseUrl = "";

  decide(): boolean {
    const now = this.nowMs;
    if (this.mode === "fixed") {
      const minute = Math.floor(now / 60_000);
      const used = this.hits.filter((t) => Math.floor(t / 60_000) === minute).length;
      if (used >= this.limit) return false;
    } else if (this.mode === "lockout") {
      if (now < this.lockedUntil) return false;
      const recent = this.hits.filter((t) => t > now - 60_000);
      if (recent.length >= this.limit) {
        this.lockedUntil = now + 5 * 60_000;
        return false;
      }
    } else {
      const recent = this.hits.filter((t) => t > now - 60_000);
      if (recent.length >= this.limit) {
        if (this.mode === "sliding-counting-429s") this.hits.push(now);
        return false;
      }
    }
    this.hits.push(now);
    return true;
  }

  async start(): Promise<void> {
    this.server = createServer((_req, res) => {
      this.received++;
      const ok = this.decide();
      res.writeHead(ok ? 200 : 429, {
        "content-type": "application/json",
        ...(ok ? {} : { "retry-after": "1" }),
      });
      res.end(
        JSON.stringify(
          ok ? { ok: true } : { statusCode: 429, message: "Rate limit exceeded", error: "Too Many Requests" },
        ),
      );
    });
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/api/external/v1`;
  }

  async probe(mode: Mode): Promise<string> {
    this.mode = mode;
    this.hits = [];
    this.received = 0;
    this.lockedUntil = 0;
    this.nowMs += 10 * 60_000;
    const http = new DoctorHttp({
      apiKey: "sa_live_rate_probe_test",
      baseUrl: this.baseUrl,
      now: () => this.nowMs,
      sleep: async (ms) => {
        this.nowMs += ms;
      },
    });
    const ctx = createContext(http, { writeProbe: false, probeRate: true, runId: "abc123", log: () => {} });
    ctx.requestsPerMinute = this.limit;
    try {
      return (await rateWindowCheck.observe(ctx)).observed;
    } finally {
      await http.close();
    }
  }
}

describe("the rate probe", () => {
  const service = new RateOnlyService();
  beforeAll(() => service.start());
  afterAll(() => new Promise<void>((resolve) => service.server.close(() => resolve())));

  it.each([
    ["sliding", /^sliding: /],
    ["fixed", /^fixed \(calendar minute\): /],
    ["sliding-counting-429s", /^sliding: /],
    ["lockout", /^neither: still refused a minute after the burst/],
  ] as const)("reads a %s window", async (mode, expected) => {
    expect(await service.probe(mode)).toMatch(expected);
  });

  it("sends the budget, a few refused requests of the burst, and two or three probes", async () => {
    for (const mode of ["fixed", "sliding"] as const) {
      await service.probe(mode);
      // The burst runs 8 requests at a time, so up to 8 of them meet the 429.
      expect(service.received).toBeLessThanOrEqual(service.limit + 8 + 2);
    }
  });
});
