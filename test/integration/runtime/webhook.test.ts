import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../../emulator/server";
import { RuntimeContext } from "../../../provider/runtime/context";
import { webhookHandler } from "../../../provider/runtime/webhook";
import { control, startTestEmulator } from "../../support/emulator";
import { WebhookReceiver } from "../../support/webhook-receiver";

const ctx = new RuntimeContext();

// A rotation whose answer is lost must not leave the stack holding the old secret (a case the
// fault campaign reaches only by chance), reproduced directly.
describe("Webhook rotation under a lost answer", () => {
  let em: RunningEmulator;
  let receiver: WebhookReceiver;
  let userId: string;
  const saved = { ...process.env };

  beforeAll(async () => {
    em = await startTestEmulator();
    receiver = await new WebhookReceiver().start();
    const user = (
      await control(em, "POST", "/users", { plan: "DEGEN", limits: { requestsPerMinute: 100_000 } })
    ).body;
    userId = user.userId;
    process.env.STRATEGY_ALERTS_API_KEY = user.apiKey;
    process.env.STRATEGY_ALERTS_BASE_URL = em.baseUrl;
  });
  afterAll(async () => {
    process.env = saved;
    await receiver.close();
    await em.close();
  });

  it("ends with the secret the service signs with when the answer carrying the new secret is lost", async () => {
    const olds = { url: receiver.url, enabled: true, rotation: "1" };
    const created = await webhookHandler.create(ctx, olds);
    const first = created.outs.secret as string;
    expect(first).toBe(em.store.getWebhook(userId)!.secret);

    // url null goes through; the PUT that generates the new secret commits, its answer is lost.
    // (Faults fire in the order they were added: a no-op for the url null PUT, then the drop.)
    await control(em, "POST", "/faults", { method: "PUT", path: "/webhook", count: 1, latencyMs: 1 });
    await control(em, "POST", "/faults", { method: "PUT", path: "/webhook", drop: "after-commit", count: 1 });
    const rotated = await webhookHandler.update(ctx, "webhook", created.outs, { ...olds, rotation: "2" });
    const live = em.store.getWebhook(userId)!.secret;
    expect(rotated.outs!.secret).not.toBe(first);
    expect(rotated.outs!.secret).toBe(live);
  });

  it("records the webhook as cleared when the rotation's url null went through and setting the url failed", async () => {
    await control(em, "DELETE", "/faults");
    const olds = { url: receiver.url, enabled: true, rotation: "a" };
    const created = await webhookHandler.create(ctx, olds);
    await control(em, "POST", "/faults", { method: "PUT", path: "/webhook", count: 1, latencyMs: 1 });
    await control(em, "POST", "/faults", { method: "PUT", path: "/webhook", status: 400, count: 5 });
    const failed = await webhookHandler.update(ctx, "webhook", created.outs, { ...olds, rotation: "b" }).then(
      () => undefined,
      (e: unknown) => e as Error & { id?: string; properties?: Record<string, unknown> },
    );
    await control(em, "DELETE", "/faults");
    expect(failed?.message).toContain("was cleared to rotate its secret, but setting it again failed");
    expect(failed?.id).toBe("webhook");
    expect(failed?.properties).toMatchObject({ url: null, hasSecret: false, secret: null, rotation: "b" });
    expect(em.store.getWebhook(userId)?.url ?? null).toBeNull();
    // The next update starts from what the failure recorded and sets the url with a new secret.
    const again = await webhookHandler.update(ctx, "webhook", failed!.properties!, {
      ...olds,
      rotation: "b",
    });
    expect(again.outs!.url).toBe(receiver.url);
    expect(again.outs!.secret).toBe(em.store.getWebhook(userId)!.secret);
  });

  it("never quotes a url's token in the failure of an unverified webhook", async () => {
    await control(em, "DELETE", "/faults");
    const failed = await webhookHandler
      .create(ctx, { url: "http://127.0.0.1:9/hook?token=s3cret-t0ken", enabled: true })
      .then(
        () => undefined,
        (e: unknown) => e as Error & { reasons?: string[] },
      );
    expect(failed?.message).toContain("was saved but not verified");
    expect(JSON.stringify({ message: failed?.message, reasons: failed?.reasons })).not.toContain(
      "s3cret-t0ken",
    );
  });
});
