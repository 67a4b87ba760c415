import { beforeEach, describe, expect, it, vi } from "vitest";
import { startEmulator } from "../../../emulator/server";
import { useEmulator } from "../../support/use-emulator";
import { control, type Json, newUser, strategyBody } from "./helpers";

// The control plane under /_emulator; docs/spec-decisions.md "Emulator … / Control plane".
describe("emulator control plane", () => {
  const em = useEmulator();
  beforeEach(async () => {
    await control(em, "DELETE", "/faults");
    await control(em, "DELETE", "/requests");
  });

  describe("users", () => {
    it("creates users with {userId, apiKey, plan}, honouring a chosen key", async () => {
      const res = await control(em, "POST", "/users", { plan: "DEGEN", apiKey: "test-key-123456" });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        userId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        apiKey: "test-key-123456",
        plan: "DEGEN",
      });
      const dup = await control(em, "POST", "/users", { plan: "PRO", apiKey: "test-key-123456" });
      expect(dup.status).toBe(409);
    });

    it("rejects an invalid user body with 400", async () => {
      for (const body of [
        {},
        { plan: "FREE" },
        { plan: "PRO", limits: { active: -1 } },
        { plan: "PRO", extra: 1 },
      ]) {
        expect((await control(em, "POST", "/users", body)).status).toBe(400);
      }
    });

    it("never lists API keys", async () => {
      await newUser(em);
      const list = await control(em, "GET", "/users");
      expect(JSON.stringify(list.body)).not.toContain("sa_live_");
    });

    it("rotates a user's key: the new key works at once and the previous one is refused (401)", async () => {
      const u = await newUser(em);
      const s = (await u.post("/strategies", strategyBody())).body.strategy;
      const rotated = await control(em, "POST", `/users/${u.userId}/rotate-key`);
      expect(rotated.status).toBe(200);
      expect(rotated.body.apiKey).toMatch(/^sa_live_[0-9a-f]{32}$/);
      expect(rotated.body.apiKey).not.toBe(u.key);
      expect((await u.get("/me")).status).toBe(401);
      const renewed = u.as(rotated.body.apiKey);
      expect((await renewed.get(`/strategies/${s.id}`)).status).toBe(200);
      expect(
        (await control(em, "POST", "/users/00000000-0000-4000-8000-000000000000/rotate-key")).status,
      ).toBe(404);
    });
  });

  describe("clock", () => {
    it("sets and advances the one business clock used for createdAt", async () => {
      const u = await newUser(em);
      const set = await control(em, "POST", "/clock", { now: "2030-01-01T00:00:00.000Z" });
      expect(set.status).toBe(200);
      await control(em, "POST", "/clock", { advanceMinutes: 90 });
      const s = (await u.post("/strategies", strategyBody())).body.strategy;
      const created = Date.parse(s.createdAt);
      expect(created).toBeGreaterThanOrEqual(Date.parse("2030-01-01T01:30:00.000Z"));
      expect(created).toBeLessThan(Date.parse("2030-01-01T01:31:00.000Z"));
      expect((await control(em, "POST", "/clock", {})).status).toBe(400);
      await control(em, "POST", "/clock", { now: new Date().toISOString() });
    });
  });

  describe("faults", () => {
    it("answers an injected status without running the handler (nothing applied), with Retry-After", async () => {
      const u = await newUser(em);
      await control(em, "POST", "/faults", {
        method: "POST",
        path: "/strategies",
        status: 503,
        count: 1,
        retryAfterSeconds: 2,
      });
      const res = await u.post("/strategies", strategyBody());
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("2");
      expect(res.body).toMatchObject({ statusCode: 503, error: "Service Unavailable" });
      expect((await u.get("/strategies")).body.strategies).toHaveLength(0);
      expect((await u.post("/strategies", strategyBody())).status).toBe(201);
    });

    it("injects a 429 that looks like the real limit", async () => {
      const u = await newUser(em);
      await control(em, "POST", "/faults", { path: "/me", status: 429, count: 1, retryAfterSeconds: 1 });
      const res = await u.get("/me");
      expect(res.status).toBe(429);
      expect(res.body).toEqual({
        statusCode: 429,
        message: "Rate limit exceeded",
        error: "Too Many Requests",
      });
    });

    it("matches a route template (/strategies/:id) and counts down", async () => {
      const u = await newUser(em);
      const s = (await u.post("/strategies", strategyBody())).body.strategy;
      await control(em, "POST", "/faults", { path: "/strategies/:id", status: 500, count: 2 });
      expect((await u.get(`/strategies/${s.id}`)).status).toBe(500);
      expect((await u.get("/strategies")).status).toBe(200);
      expect((await u.del(`/strategies/${s.id}`)).status).toBe(500);
      expect((await u.get(`/strategies/${s.id}`)).status).toBe(200);
    });

    /** A new user's strategy create meeting `fault` once: the create's answer and the user's strategies after it. */
    async function createUnder(fault: Record<string, unknown>) {
      const u = await newUser(em);
      await control(em, "POST", "/faults", { method: "POST", path: "/strategies", count: 1, ...fault });
      const answer = u.post("/strategies", strategyBody());
      const stored = async () => (await u.get("/strategies")).body.strategies;
      return { answer, stored };
    }

    it("drops the connection before the handler with drop: before (nothing applied)", async () => {
      const { answer, stored } = await createUnder({ drop: "before" });
      await expect(answer).rejects.toThrow();
      expect(await stored()).toHaveLength(0);
    });

    it("commits, then drops the connection with drop: after-commit (the ambiguous write)", async () => {
      const { answer, stored } = await createUnder({ drop: "after-commit" });
      await expect(answer).rejects.toThrow();
      expect(await stored()).toHaveLength(1);
    });

    it("commits, then answers the injected status with drop: after-commit and a status", async () => {
      const { answer, stored } = await createUnder({ status: 502, drop: "after-commit" });
      expect((await answer).status).toBe(502);
      expect(await stored()).toHaveLength(1);
    });

    it("adds latency: the answer waits for a timer of the fault's latencyMs", async () => {
      const u = await newUser(em);
      await control(em, "POST", "/faults", { path: "/me", latencyMs: 200, count: 1 });
      // Observed on the timer the emulator schedules, not on the wall clock: the 200 ms timer
      // runs at once here, and the answer must come only after it fired.
      const realSetTimeout = globalThis.setTimeout;
      const events: string[] = [];
      const timers = vi.spyOn(globalThis, "setTimeout").mockImplementation(((
        callback: (...args: unknown[]) => void,
        ms?: number,
        ...args: unknown[]
      ) => {
        if (ms !== 200) return realSetTimeout(callback, ms, ...args);
        events.push("200 ms timer scheduled");
        return realSetTimeout(() => {
          events.push("200 ms timer fired");
          callback(...args);
        }, 0);
      }) as typeof setTimeout);
      try {
        events.push(`answered ${(await u.get("/me")).status}`);
      } finally {
        timers.mockRestore();
      }
      expect(events).toEqual(["200 ms timer scheduled", "200 ms timer fired", "answered 200"]);
    });

    it("never fires with probability 0 and is removed by DELETE", async () => {
      const u = await newUser(em);
      const f = await control(em, "POST", "/faults", { path: "/me", status: 500, probability: 0 });
      expect(f.status).toBe(201);
      expect((await u.get("/me")).status).toBe(200);
      expect((await control(em, "DELETE", `/faults/${f.body.id}`)).status).toBe(200);
      expect((await control(em, "GET", "/faults")).body.faults).toEqual([]);
    });
  });

  describe("request journal", () => {
    it("records method, route template, path, status, time and user id, never the key", async () => {
      const u = await newUser(em);
      const s = (await u.post("/strategies", strategyBody())).body.strategy;
      await u.get(`/strategies/${s.id}?x=1`);
      await fetch(`${em.baseUrl}/me`);
      const { body } = await control(em, "GET", "/requests");
      expect(body.requests).toEqual([
        {
          method: "POST",
          route: "/strategies",
          path: "/strategies",
          status: 201,
          time: expect.any(String),
          userId: u.userId,
        },
        {
          method: "GET",
          route: "/strategies/:id",
          path: `/strategies/${s.id}`,
          status: 400,
          time: expect.any(String),
          userId: u.userId,
        },
        { method: "GET", route: "/me", path: "/me", status: 401, time: expect.any(String), userId: null },
      ]);
      expect(JSON.stringify(body)).not.toContain(u.key!);
      await control(em, "DELETE", "/requests");
      expect((await control(em, "GET", "/requests")).body.requests).toEqual([]);
    });

    it("records dropped requests with status null and the fault id", async () => {
      const u = await newUser(em);
      const f = await control(em, "POST", "/faults", { path: "/me", drop: "before", count: 1 });
      await expect(u.get("/me")).rejects.toThrow();
      const { body } = await control(em, "GET", "/requests");
      expect(body.requests).toEqual([
        expect.objectContaining({ route: "/me", status: null, fault: f.body.id }),
      ]);
    });
  });

  it("reset removes every user and strategy", async () => {
    const local = await startEmulator({ port: 0 });
    try {
      const u = await newUser(local);
      expect((await control(local, "POST", "/reset")).status).toBe(200);
      expect((await u.get("/me")).status).toBe(401);
      expect((await control(local, "GET", "/users")).body.users).toEqual([]);
    } finally {
      await local.close();
    }
  });

  it("reset keeps the demo users of --seed demo (same keys)", async () => {
    const local = await startEmulator({ port: 0, seed: "demo" });
    try {
      const [pro] = local.demoUsers;
      await control(local, "POST", "/reset");
      const res = await fetch(`${local.baseUrl}/me`, { headers: { "x-api-key": pro!.apiKey } });
      expect(res.status).toBe(200);
      expect(((await res.json()) as Json).userId).toBe(pro!.userId);
    } finally {
      await local.close();
    }
  });

  it.each(["/tokens", "/events", "/official"])(
    "validates the body of POST %s (400 naming the field)",
    async (path) => {
      const res = await control(em, "POST", path, {});
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        statusCode: 400,
        error: "Bad Request",
        message: expect.stringContaining("body."),
      });
    },
  );

  it("POST /jobs/run answers what it drove (nothing pending here)", async () => {
    const res = await control(em, "POST", "/jobs/run");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ backtests: [], performanceJobs: [] });
  });

  it("serves the control plane outside the API base path only", async () => {
    const res = await fetch(`${em.baseUrl}/_emulator/users`, { method: "POST" });
    expect(res.status).toBe(404);
  });

  // Fastify's injected requests carry the peer address we give them, so a non-loopback peer is
  // tested on any machine, whatever its network interfaces.
  it("hides the control plane from non-loopback peers (404) and still serves them the API", async () => {
    const from = (remoteAddress: string, url: string) =>
      em.app.inject({ method: "POST", url, remoteAddress, payload: { plan: "PRO" } });
    expect((await from("203.0.113.7", "/_emulator/users")).statusCode).toBe(404);
    expect((await from("::ffff:203.0.113.7", "/_emulator/users")).statusCode).toBe(404);
    expect((await from("127.0.0.1", "/_emulator/users")).statusCode).toBe(201);
    const api = await em.app.inject({
      method: "GET",
      url: "/api/external/v1/me",
      remoteAddress: "203.0.113.7",
    });
    expect(api.statusCode).toBe(401);
  });
});
