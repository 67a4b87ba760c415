import { describe, expect, it } from "vitest";
import { BadRequestError } from "../../../provider/api/errors";
import { verifyWebhook } from "../../../provider/webhooks/verify";
import { echoAndFailingReceivers, emulatorClients, rejectionOf } from "./helpers";

// service-api.md#webhook, service-api.md#webhook-verification and service-api.md#webhook-deliveries through
// the typed client; the secret is returned once.
describe("client webhook against the emulator", () => {
  const clients = emulatorClients();
  const { echo, failing } = echoAndFailingReceivers();

  it("reads {enabled: false, hasSecret: false} when never configured", async () => {
    const { client } = await clients.user();
    expect(await client.webhook.get()).toEqual({ enabled: false, hasSecret: false });
  });

  it("verifies a receiver that echoes the challenge and returns the signing secret once", async () => {
    const { client } = await clients.user();
    const before = echo.deliveries.length;
    const put = await client.webhook.put({ enabled: true, url: echo.url });
    expect(put).toEqual({
      enabled: true,
      url: echo.url,
      verifiedAt: expect.any(String),
      hasSecret: true,
      secret: expect.any(String),
      verificationError: null,
    });
    const secret = put.secret!;

    // The handshake reached our receiver, signed with the secret we were given.
    const deliveries = echo.deliveries.slice(before);
    expect(deliveries).toHaveLength(1);
    const event = verifyWebhook({ rawBody: deliveries[0]!.rawBody, headers: deliveries[0]!.headers, secret });
    expect(event.type).toBe("webhook.endpoint_verification");
    expect(event.data).toEqual({ challenge: expect.any(String) });

    // Reads never show the secret again; repeating the same verified url neither.
    const read = await client.webhook.get();
    expect(read).toEqual({ enabled: true, url: echo.url, verifiedAt: put.verifiedAt, hasSecret: true });
    const again = await client.webhook.put({ enabled: true, url: echo.url });
    expect(again).not.toHaveProperty("secret");
    expect(again).toMatchObject({ verifiedAt: put.verifiedAt, hasSecret: true, verificationError: null });
    expect(echo.deliveries.length - before).toBe(1);
  });

  it("a failing receiver gives verificationError, keeps url and secret, and leaves it unverified", async () => {
    const { client } = await clients.user();
    const put = await client.webhook.put({ enabled: true, url: failing.url });
    expect(put.verificationError).toEqual(expect.any(String));
    expect(put.verificationError).toMatch(/500/);
    expect(put.secret).toEqual(expect.any(String));
    expect(put).not.toHaveProperty("verifiedAt");
    expect(await client.webhook.get()).toEqual({ enabled: true, url: failing.url, hasSecret: true });

    // Moving to a working receiver verifies it; the secret was already returned, so it is not again.
    const moved = await client.webhook.put({ enabled: true, url: echo.url });
    expect(moved).toMatchObject({ url: echo.url, verifiedAt: expect.any(String), verificationError: null });
    expect(moved).not.toHaveProperty("secret");
  });

  it("url null clears url, secret and verification; enabled alone changes only enabled", async () => {
    const { client } = await clients.user();
    await client.webhook.put({ enabled: true, url: echo.url });
    const disabled = await client.webhook.put({ enabled: false });
    expect(disabled).toMatchObject({ enabled: false, url: echo.url, hasSecret: true });
    const cleared = await client.webhook.put({ enabled: false, url: null });
    expect(cleared).toEqual({ enabled: false, url: null, hasSecret: false, verificationError: null });
    expect(await client.webhook.get()).toEqual({ enabled: false, url: null, hasSecret: false });
    // Setting it again generates a new secret, returned on that answer.
    expect((await client.webhook.put({ enabled: true, url: echo.url })).secret).toEqual(expect.any(String));
  });

  it("a url the service refuses throws BadRequestError naming the url", async () => {
    const { client } = await clients.user();
    const error = await rejectionOf(client.webhook.put({ enabled: true, url: "http://example.com/hook" }));
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).serviceMessage).toContain("body.url");
    expect(await client.webhook.get()).toEqual({ enabled: false, hasSecret: false });
  });
});
