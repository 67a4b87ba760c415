import { z } from "zod";
import type { EmulatorContext } from "../context";
import { verifyEndpoint } from "../delivery";
import { webhookUrlProblem } from "../delivery/webhook-url";
import { badRequest } from "../http/errors";
import { noQuery, parseBody } from "../http/validation";
import { newId, newWebhookSecret } from "../ids";
import type { WebhookRecord } from "../store/records";
import { type RouteRegistrar, userOf } from "./types";

const PutWebhookBody = z.strictObject({
  enabled: z.boolean({ error: "must be a boolean (required)" }),
  url: z.union([z.string(), z.null()], { error: "must be a string or null" }).optional(),
});

/** Variant webhook-verify-async: how long after the PUT the handshake runs (real time). */
const ASYNC_VERIFY_DELAY_MS = 3_000;

/** service-api.md#webhook shape: url absent when never set, verifiedAt only once verified. */
function view(w: WebhookRecord | undefined): Record<string, unknown> {
  if (!w) return { enabled: false, hasSecret: false };
  const out: Record<string, unknown> = { enabled: w.enabled, url: w.url };
  if (w.verifiedAt) out.verifiedAt = w.verifiedAt;
  out.hasSecret = w.secret !== null;
  return out;
}

/** The handshake of webhook-verify-async, run after ASYNC_VERIFY_DELAY_MS on the url still set then. */
function verifyLater(ctx: EmulatorContext, userId: string, url: string): void {
  const timer = setTimeout(() => {
    void ctx
      .serialize(`webhook:${userId}`, async () => {
        const current = ctx.store.getWebhook(userId);
        if (!current || current.url !== url || current.verifiedAt !== null || !current.secret) return;
        const outcome = await verifyEndpoint(
          { url, secret: current.secret, webhookId: current.webhookId },
          ctx.clock.now(),
          { timeoutMs: ctx.webhookTimeoutMs },
        );
        const latest = ctx.store.getWebhook(userId);
        if (outcome.ok && latest?.url === url && latest.verifiedAt === null)
          ctx.store.putWebhook(userId, { ...latest, verifiedAt: ctx.clock.iso() });
      })
      .catch(() => undefined); // the emulator may have closed meanwhile
  }, ASYNC_VERIFY_DELAY_MS);
  timer.unref();
}

/**
 * The webhook a PUT leaves before any handshake, and the secret it generated (undefined when it
 * kept the one it had or has none).
 */
function webhookAfterPut(
  ctx: EmulatorContext,
  current: WebhookRecord | undefined,
  body: z.infer<typeof PutWebhookBody>,
): { next: WebhookRecord; secret: string | undefined } {
  const base: WebhookRecord = current ?? {
    webhookId: newId(),
    enabled: false,
    url: null,
    secret: null,
    verifiedAt: null,
    updatedAt: ctx.clock.iso(),
  };
  const next: WebhookRecord = { ...base, enabled: body.enabled, updatedAt: ctx.clock.iso() };
  let secret: string | undefined;
  if (body.url === null) {
    next.url = null;
    next.secret = null;
    next.verifiedAt = null;
  } else if (typeof body.url === "string") {
    const sameVerified = base.url === body.url && base.verifiedAt !== null;
    if (!sameVerified) {
      next.url = body.url;
      next.verifiedAt = null;
      if (next.secret === null) {
        secret = newWebhookSecret();
        next.secret = secret;
      }
    }
  }
  return { next, secret };
}

/**
 * service-api.md#webhook, service-api.md#webhook-verification and the secret's lifecycle:
 *  - a new or changed url, or the same url while unverified, runs the verification handshake;
 *  - a secret is generated when none exists *before* the handshake (the POST is signed with
 *    it), stored, and returned on this response whether verification succeeds or not;
 *  - a failed handshake keeps url and secret, without verifiedAt;
 *  - the same, verified url runs nothing and returns no secret;
 *  - url null clears url, secret and verification; url omitted changes only `enabled`.
 * The secret is never rotated otherwise; clear the url and set it again to get a new one.
 */
async function putWebhook(
  ctx: EmulatorContext,
  userId: string,
  body: z.infer<typeof PutWebhookBody>,
): Promise<Record<string, unknown>> {
  const { next, secret } = webhookAfterPut(ctx, ctx.store.getWebhook(userId), body);
  let verificationError: string | null = null;
  // Commit before the handshake: the url and a new secret are kept even if it fails,
  // and a crash during it cannot lose a secret the receiver may already have seen.
  ctx.store.putWebhook(userId, next);

  const mustVerify = typeof body.url === "string" && next.verifiedAt === null;
  if (mustVerify && next.url && next.secret && ctx.variants.has("webhook-verify-async")) {
    // Variant webhook-verify-async: the answer says "not yet"; the handshake runs later.
    verifyLater(ctx, userId, next.url);
    const out = { ...view(next), verifiedAt: null };
    return secret === undefined
      ? { ...out, verificationError: null }
      : { ...out, secret, verificationError: null };
  }
  if (mustVerify && next.url && next.secret) {
    const outcome = await verifyEndpoint(
      { url: next.url, secret: next.secret, webhookId: next.webhookId },
      ctx.clock.now(),
      { timeoutMs: ctx.webhookTimeoutMs },
    );
    if (outcome.ok) {
      next.verifiedAt = ctx.clock.iso();
      ctx.store.putWebhook(userId, next);
    } else {
      verificationError = outcome.error;
    }
  }
  const out = view(next);
  if (secret !== undefined) out.secret = secret;
  out.verificationError = verificationError;
  return out;
}

export const webhookRoutes: RouteRegistrar = (app, ctx) => {
  app.get("/webhook", async (req) => {
    const user = userOf(req);
    noQuery(req.query);
    return view(ctx.store.getWebhook(user.id));
  });

  app.put("/webhook", async (req) => {
    const user = userOf(req);
    noQuery(req.query);
    const body = parseBody(PutWebhookBody, req.body);
    if (typeof body.url === "string") {
      const problem = webhookUrlProblem(body.url);
      if (problem) throw badRequest([{ path: "body.url", message: `body.url: ${problem}` }]);
    }
    return ctx.serialize(`webhook:${user.id}`, () => putWebhook(ctx, user.id, body));
  });
};
