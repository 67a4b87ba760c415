import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type RunningEmulator, startEmulator } from "../../../emulator/server";
import { type Delivery, signatureValid, WebhookReceiver } from "../../support/webhook-receiver";
import { control, newUser, startTestEmulator } from "./helpers";

const verifySignature = (secret: string, r: Delivery) => signatureValid(secret, r.headers, r.rawBody);

// service-api.md#webhook, service-api.md#webhook-verification, service-api.md#webhook-deliveries and the
// secret's lifecycle; docs/spec-decisions.md "Emulator … / Webhook".
describe("emulator webhook", () => {
  let em: RunningEmulator;
  const rx = new WebhookReceiver();

  beforeAll(async () => {
    em = await startTestEmulator();
    await rx.start();
  });
  afterAll(async () => {
    await em.close();
    await rx.close();
  });
  beforeEach(() => {
    rx.reset();
  });

  it("answers {enabled:false, hasSecret:false} when never configured", async () => {
    const u = await newUser(em);
    const res = await u.get("/webhook");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ enabled: false, hasSecret: false });
  });

  it("verifies a new url with a signed POST, generates a secret first and returns it once", async () => {
    const u = await newUser(em);
    const res = await u.put("/webhook", { enabled: true, url: rx.url });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      enabled: true,
      url: rx.url,
      verifiedAt: expect.any(String),
      hasSecret: true,
      secret: expect.stringMatching(/^whsec_[0-9a-f]{64}$/),
      verificationError: null,
    });
    expect(rx.deliveries).toHaveLength(1);
    const r = rx.deliveries[0]!;
    expect(verifySignature(res.body.secret, r)).toBe(true);
    expect(verifySignature(`${res.body.secret}x`, r)).toBe(false);
    const event = JSON.parse(r.rawBody);
    expect(event).toEqual({
      id: expect.stringMatching(/^evt_[0-9a-f-]{36}$/),
      type: "webhook.endpoint_verification",
      created_at: expect.any(String),
      data: { challenge: expect.any(String) },
    });
    expect(r.headers["x-svc-event-id"]).toBe(event.id);
    expect(r.headers["x-svc-event-type"]).toBe("webhook.endpoint_verification");
    expect(r.headers["x-svc-webhook-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.headers["content-type"]).toBe("application/json");

    const read = await u.get("/webhook");
    expect(read.body).toEqual({
      enabled: true,
      url: rx.url,
      verifiedAt: res.body.verifiedAt,
      hasSecret: true,
    });
  });

  it("signs with the real send time even after the emulator clock moved", async () => {
    const local = await startEmulator({ port: 0 });
    try {
      const u = await newUser(local);
      await control(local, "POST", "/clock", { advanceMinutes: 60 * 24 * 30 });
      await u.put("/webhook", { enabled: true, url: rx.url });
      const r = rx.deliveries[0]!;
      expect(Math.abs(Number(r.headers["x-svc-timestamp"]) - Date.now() / 1000)).toBeLessThan(10);
      // created_at is business time: the moved emulator clock.
      expect(Date.parse(JSON.parse(r.rawBody).created_at) - Date.now()).toBeGreaterThan(29 * 86_400_000);
    } finally {
      await local.close();
    }
  });

  it("sends nothing and returns no secret when the same verified url is PUT again", async () => {
    const u = await newUser(em);
    const first = await u.put("/webhook", { enabled: true, url: rx.url });
    const again = await u.put("/webhook", { enabled: true, url: rx.url });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({
      enabled: true,
      url: rx.url,
      verifiedAt: first.body.verifiedAt,
      hasSecret: true,
      verificationError: null,
    });
    expect(rx.deliveries).toHaveLength(1);
  });

  it("keeps url and secret without verifiedAt when verification fails, and verifies again on the same url", async () => {
    const u = await newUser(em);
    rx.mode = "wrong-challenge";
    const failed = await u.put("/webhook", { enabled: true, url: rx.url });
    expect(failed.status).toBe(200);
    expect(failed.body.verificationError).toMatch(/did not echo the challenge/);
    expect(failed.body.secret).toMatch(/^whsec_/);
    expect(failed.body).not.toHaveProperty("verifiedAt");
    expect((await u.get("/webhook")).body).toEqual({ enabled: true, url: rx.url, hasSecret: true });

    rx.mode = "echo";
    const retried = await u.put("/webhook", { enabled: true, url: rx.url });
    expect(retried.body.verificationError).toBeNull();
    expect(retried.body.verifiedAt).toEqual(expect.any(String));
    expect(retried.body).not.toHaveProperty("secret");
    expect(rx.deliveries).toHaveLength(2);
    // Both handshakes were signed with the one secret generated before the first.
    for (const r of rx.deliveries) expect(verifySignature(failed.body.secret, r)).toBe(true);
  });

  it.each([
    ["fail-500", /HTTP 500/],
    ["not-json", /JSON body/],
  ] as const)("reports verificationError when the endpoint answers %s", async (mode, message) => {
    const u = await newUser(em);
    rx.mode = mode;
    const res = await u.put("/webhook", { enabled: true, url: rx.url });
    expect(res.status).toBe(200);
    expect(res.body.verificationError).toMatch(message);
  });

  it("reports a connection failure as verificationError", async () => {
    const u = await newUser(em);
    const res = await u.put("/webhook", { enabled: true, url: "https://127.0.0.1:1/hooks" });
    expect(res.status).toBe(200);
    expect(res.body.verificationError).toMatch(/could not connect/);
    expect(res.body.hasSecret).toBe(true);
  });

  it("gives up verification after the timeout", async () => {
    const local = await startEmulator({ port: 0, webhookTimeoutMs: 300 });
    try {
      const u = await newUser(local);
      rx.mode = "hang";
      const res = await u.put("/webhook", { enabled: true, url: rx.url });
      expect(res.body.verificationError).toMatch(/no response within 300 ms/);
    } finally {
      await local.close();
    }
  });

  it("resets verifiedAt and verifies again when a verified url changes, keeping the secret", async () => {
    const u = await newUser(em);
    const first = await u.put("/webhook", { enabled: true, url: rx.url });
    rx.mode = "fail-500";
    const changed = await u.put("/webhook", { enabled: true, url: `${rx.url}/v2` });
    expect(changed.body).not.toHaveProperty("verifiedAt");
    expect(changed.body).not.toHaveProperty("secret");
    expect(changed.body.verificationError).toMatch(/HTTP 500/);
    expect(rx.deliveries).toHaveLength(2);
    expect(verifySignature(first.body.secret, rx.deliveries[1]!)).toBe(true);
  });

  it("clears url, secret and verification with url null; the next url gets a new secret", async () => {
    const u = await newUser(em);
    const first = await u.put("/webhook", { enabled: true, url: rx.url });
    const cleared = await u.put("/webhook", { enabled: false, url: null });
    expect(cleared.body).toEqual({ enabled: false, url: null, hasSecret: false, verificationError: null });
    expect((await u.get("/webhook")).body).toEqual({ enabled: false, url: null, hasSecret: false });
    const again = await u.put("/webhook", { enabled: true, url: rx.url });
    expect(again.body.secret).toMatch(/^whsec_/);
    expect(again.body.secret).not.toBe(first.body.secret);
  });

  it("changes only enabled when url is omitted", async () => {
    const u = await newUser(em);
    const first = await u.put("/webhook", { enabled: true, url: rx.url });
    const res = await u.put("/webhook", { enabled: false });
    expect(res.body).toEqual({
      enabled: false,
      url: rx.url,
      verifiedAt: first.body.verifiedAt,
      hasSecret: true,
      verificationError: null,
    });
    expect(rx.deliveries).toHaveLength(1);
  });

  it.each([
    [{}, "body.enabled"],
    [{ enabled: "yes" }, "body.enabled"],
    [{ enabled: true, url: 5 }, "body.url"],
    [{ enabled: true, extra: 1 }, "body.extra"],
    [{ enabled: true, url: "" }, "body.url"],
    [{ enabled: true, url: "ftp://example.com/x" }, "body.url"],
    [{ enabled: true, url: "http://example.com/hook" }, "plain http is allowed only for localhost"],
    [{ enabled: true, url: "https://user:pw@example.com/hook" }, "credentials"],
    [{ enabled: true, url: "not-a-url" }, "absolute"],
    // The model's one rule (provider/model/webhook-url.ts), which the provider checks at preview.
    [{ enabled: true, url: "not a url" }, "url must not contain white space"],
    [{ enabled: true, url: "https://example.com/hook#part" }, "url must not contain a fragment"],
    [{ enabled: true, url: "https://example.com/h\u200book" }, "invisible characters; it has \\u200b"],
  ])("rejects %j with 400 and changes nothing", async (body, message) => {
    const u = await newUser(em);
    const res = await u.put("/webhook", body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: "Bad Request" });
    expect(res.body.message).toContain(message);
    expect((await u.get("/webhook")).body).toEqual({ enabled: false, hasSecret: false });
    expect(rx.deliveries).toHaveLength(0);
  });
});
