import { beforeAll, describe, expect, it } from "vitest";
import { useEmulator } from "../../support/use-emulator";
import { control, type Json, newUser } from "./helpers";

// service-api.md#authentication and service-api.md#errors (401 body), docs/spec-decisions.md "Emulator … /
// Authentication".
describe("emulator authentication", () => {
  const em = useEmulator();
  let key: string;
  const me = (headers: Record<string, string>) => fetch(`${em.baseUrl}/me`, { headers });

  beforeAll(async () => {
    key = (await newUser(em)).key!;
  });

  it("issues keys of the form sa_live_ + 32 lowercase hex", () => {
    expect(key).toMatch(/^sa_live_[0-9a-f]{32}$/);
  });

  it("accepts the key in X-API-Key", async () => {
    expect((await me({ "X-API-Key": key })).status).toBe(200);
  });

  it("accepts the key as Authorization: ApiKey <key> (scheme case-insensitive)", async () => {
    expect((await me({ Authorization: `ApiKey ${key}` })).status).toBe(200);
    expect((await me({ Authorization: `apikey ${key}` })).status).toBe(200);
  });

  it("answers 401 with the spec body naming both headers when the key is missing", async () => {
    const res = await me({});
    expect(res.status).toBe(401);
    const body = (await res.json()) as Json;
    expect(body).toEqual({ statusCode: 401, message: expect.any(String), error: "Unauthorized" });
    expect(body.message).toMatch(/API key is required/);
    expect(body.message).toContain("X-API-Key");
    expect(body.message).toContain("Authorization");
  });

  it("answers 401 with the same body shape for an unknown key", async () => {
    const res = await me({ "X-API-Key": "sa_live_00000000000000000000000000000000" });
    expect(res.status).toBe(401);
    const body = (await res.json()) as Json;
    expect(body.error).toBe("Unauthorized");
    expect(body.message).toContain("X-API-Key");
  });

  it("does not accept X-Svc-API-Key", async () => {
    const res = await me({ "X-Svc-API-Key": key });
    expect(res.status).toBe(401);
    expect(((await res.json()) as Json).message).toContain("X-Svc-API-Key header is not accepted");
  });

  it("ignores an Authorization header with another scheme", async () => {
    expect((await me({ Authorization: `Bearer ${key}` })).status).toBe(401);
    expect((await me({ Authorization: "Bearer whatever", "X-API-Key": key })).status).toBe(200);
  });

  it("accepts both headers when they carry the same key", async () => {
    expect((await me({ "X-API-Key": key, Authorization: `ApiKey ${key}` })).status).toBe(200);
  });

  it("rejects both headers with 401 when they carry different keys", async () => {
    const other = (await newUser(em)).key!;
    const res = await me({ "X-API-Key": key, Authorization: `ApiKey ${other}` });
    expect(res.status).toBe(401);
    expect(((await res.json()) as Json).message).toMatch(/Conflicting API keys/);
  });

  it("answers 403 to a user without an active subscription", async () => {
    const lapsed = await newUser(em, { subscriptionActive: false });
    const res = await lapsed.get("/me");
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      statusCode: 403,
      message: expect.stringMatching(/subscription/),
      error: "Forbidden",
    });
  });

  it("applies a subscription change made through the control plane at once", async () => {
    const u = await newUser(em);
    expect((await control(em, "PATCH", `/users/${u.userId}`, { subscriptionActive: false })).status).toBe(
      200,
    );
    expect((await u.get("/me")).status).toBe(403);
  });

  it("requires a key on every API route (401 before validation)", async () => {
    const res = await fetch(`${em.baseUrl}/strategies`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    expect(res.status).toBe(401);
  });
});
