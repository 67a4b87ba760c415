import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type RunningEmulator, startEmulator } from "../../../emulator/server";
import { control, newUser, startTestEmulator } from "./helpers";

type Mode = "echo" | "wrong-challenge" | "fail-500" | "not-json" | "hang";

interface Received {
  headers: IncomingMessage["headers"];
  rawBody: string;
}

/** A webhook receiver run by the test; its behaviour is switched per test. */
class Receiver {
  server!: Server;
  mode: Mode = "echo";
  received: Received[] = [];
  url = "";

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const rawBody = Buffer.concat(chunks).toString("utf8");
        this.received.push({ headers: req.headers, rawBody });
        const challenge = (JSON.parse(rawBody) as { data: { challenge: string } }).data.challenge;
        switch (this.mode) {
          case "echo":
            res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ challenge }));
            return;
          case "wrong-challenge":
            res
              .writeHead(200, { "content-type": "application/json" })
              .end(JSON.stringify({ challenge: "nope" }));
            return;
          case "fail-500":
            res.writeHead(500).end("boom");
            return;
          case "not-json":
            res.writeHead(200).end("ok");
            return;
          case "hang":
            return; // never answers
        }
      });
    });
    await new Promise<void>((r) => this.server.listen(0, "127.0.0.1", r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((r) => this.server.close(() => r()));
  }
}

/**
 * Verifier written from spec 6.3 independently of the emulator's signer: HMAC-SHA256 keyed
 * with the secret over `timestamp.rawBody`, `v1=` prefix, constant-time comparison.
 */
function verifySignature(secret: string, r: Received): boolean {
  const header = String(r.headers["x-svc-signature"] ?? "");
  if (!header.startsWith("v1=")) return false;
  const expected = createHmac("sha256", secret)
    .update(`${r.headers["x-svc-timestamp"]}.${r.rawBody}`)
    .digest();
  const given = Buffer.from(header.slice(3), "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

// Spec 2.10, 3.5, 4.7, section 6 and the secret's lifecycle; docs/spec-decisions.md "Emulator … / Webhook".
describe("emulator webhook", () => {
  let em: RunningEmulator;
  const rx = new Receiver();

  beforeAll(async () => {
    em = await startTestEmulator();
    await rx.start();
  });
  afterAll(async () => {
    await em.close();
    await rx.close();
  });
  beforeEach(() => {
    rx.mode = "echo";
    rx.received = [];
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
    expect(rx.received).toHaveLength(1);
    const r = rx.received[0]!;
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
      const r = rx.received[0]!;
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
    expect(rx.received).toHaveLength(1);
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
    expect(rx.received).toHaveLength(2);
    // Both handshakes were signed with the one secret generated before the first.
    for (const r of rx.received) expect(verifySignature(failed.body.secret, r)).toBe(true);
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
    expect(rx.received).toHaveLength(2);
    expect(verifySignature(first.body.secret, rx.received[1]!)).toBe(true);
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
    expect(rx.received).toHaveLength(1);
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
    [{ enabled: true, url: "not a url" }, "absolute"],
  ])("rejects %j with 400 and changes nothing", async (body, message) => {
    const u = await newUser(em);
    const res = await u.put("/webhook", body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: "Bad Request" });
    expect(res.body.message).toContain(message);
    expect((await u.get("/webhook")).body).toEqual({ enabled: false, hasSecret: false });
    expect(rx.received).toHaveLength(0);
  });
});
