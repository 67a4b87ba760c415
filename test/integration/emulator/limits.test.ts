import { describe, expect, it } from "vitest";
import { useEmulator } from "../../support/use-emulator";
import { control, newUser } from "./helpers";

// service-api.md#plans-and-limits and service-api.md#account; docs/spec-decisions.md "Emulator … / Limits".
describe("emulator limits", () => {
  const em = useEmulator();

  it("GET /me reports plan and limits (PRO: total null, active 25, 60 requests per minute)", async () => {
    const u = await newUser(em, { plan: "PRO" });
    const res = await u.get("/me");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      userId: u.userId,
      plan: "PRO",
      limits: { strategies: { total: null, active: 25 }, rateLimit: { requestsPerMinute: 60 } },
    });
  });

  it("GET /me reports DEGEN limits (active 50, 300 requests per minute)", async () => {
    const u = await newUser(em, { plan: "DEGEN" });
    expect((await u.get("/me")).body.limits).toEqual({
      strategies: { total: null, active: 50 },
      rateLimit: { requestsPerMinute: 300 },
    });
  });

  it("GET /me reports control-plane overrides", async () => {
    const u = await newUser(em, { limits: { total: 7, active: 3, requestsPerMinute: 1000 } });
    expect((await u.get("/me")).body.limits).toEqual({
      strategies: { total: 7, active: 3 },
      rateLimit: { requestsPerMinute: 1000 },
    });
  });

  it("answers the 61st request of a minute on PRO with 429, the spec body and Retry-After", async () => {
    const u = await newUser(em, { plan: "PRO" });
    for (let i = 0; i < 60; i++) expect((await u.get("/me")).status).toBe(200);
    const res = await u.get("/me");
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ statusCode: 429, message: "Rate limit exceeded", error: "Too Many Requests" });
    const retryAfter = Number(res.headers.get("retry-after"));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it("counts per API key: another user is not limited", async () => {
    const a = await newUser(em, { limits: { requestsPerMinute: 2 } });
    const b = await newUser(em, { limits: { requestsPerMinute: 2 } });
    await a.get("/me");
    await a.get("/me");
    expect((await a.get("/me")).status).toBe(429);
    expect((await b.get("/me")).status).toBe(200);
  });

  it("uses a sliding 60-second window on the emulator clock", async () => {
    const u = await newUser(em, { limits: { requestsPerMinute: 2 } });
    await u.get("/me");
    await control(em, "POST", "/clock", { advanceMinutes: 0.5 });
    await u.get("/me");
    const limited = await u.get("/me");
    expect(limited.status).toBe(429);
    // The first request leaves the window 30 s later; the second one 30 s after that.
    expect(Number(limited.headers.get("retry-after"))).toBeLessThanOrEqual(30);
    await control(em, "POST", "/clock", { advanceMinutes: 0.55 });
    expect((await u.get("/me")).status).toBe(200);
    expect((await u.get("/me")).status).toBe(429);
  });

  it("does not count rejected (429) requests against the window", async () => {
    const u = await newUser(em, { limits: { requestsPerMinute: 1 } });
    await u.get("/me");
    for (let i = 0; i < 5; i++) expect((await u.get("/me")).status).toBe(429);
    await control(em, "POST", "/clock", { advanceMinutes: 1.01 });
    expect((await u.get("/me")).status).toBe(200);
  });

  it("rate-limits every API route, writes included", async () => {
    const u = await newUser(em, { limits: { requestsPerMinute: 1 } });
    await u.get("/webhook");
    expect((await u.post("/strategies", {})).status).toBe(429);
  });
});
