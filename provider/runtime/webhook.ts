import { AmbiguousWriteError } from "../api/errors";
import { KINDS } from "../model/kinds";
import { plainTextIssue } from "../model/plain-text";
import type { WebhookConfig } from "../model/schemas/webhook";
import { isUnknown } from "../model/unknown-value";
import { printableUrl } from "../model/url-credentials";
import { describeValue } from "../model/validation-issue";
import type { RuntimeContext } from "./context";
import { initFailure, messageOf, operation } from "./errors";
import { type PropertyBag, withoutProvider } from "./inputs";
import type { KindHandler } from "./kind-handler";
import {
  adoptFailure,
  HELD_BY_ANOTHER,
  heldInRun,
  hold,
  leftInPlace,
  noteReadAsWritten,
  objectKey,
  say,
  takeOverFailure,
} from "./ownership";
import { urlFailure } from "./webhook-url";

const LABEL = "Webhook";
/** The account has one webhook: the id names it, not a server object (and imports it). */
export const WEBHOOK_ID = KINDS.Webhook.importId.fixed;
const KEY = objectKey.webhook();

interface Declared {
  url: string | null;
  enabled: boolean;
  requireVerified: boolean;
  /** Changing this (any value) rotates the signing secret on purpose. */
  rotation?: string;
}

function declared(bag: PropertyBag): Declared {
  const d: Declared = {
    url: bag.url ?? null,
    enabled: bag.enabled === true,
    requireVerified: bag.requireVerified !== false,
  };
  if (bag.rotation !== undefined) d.rotation = String(bag.rotation);
  return d;
}

export const webhookHandler: KindHandler = {
  async check(ctx, olds, news) {
    const inputs = withoutProvider(news);
    const failures: { property: string; reason: string }[] = [];
    const url = urlFailure(inputs.url);
    if (url) failures.push({ property: "url", reason: url });
    const adopt = adoptFailure(inputs);
    if (adopt) failures.push(adopt);
    const rotation = rotationFailure(inputs.rotation);
    if (rotation) failures.push(rotation);
    if (inputs.enabled === undefined || inputs.enabled === null) {
      failures.push({ property: "enabled", reason: "enabled is required: true or false" });
    } else if (typeof inputs.enabled !== "boolean" && !isUnknown(inputs.enabled)) {
      const got = describeValue(inputs.enabled);
      failures.push({ property: "enabled", reason: `enabled must be a boolean, got ${got}` });
    }
    const verified = inputs.requireVerified;
    if (verified !== undefined && typeof verified !== "boolean" && !isUnknown(verified)) {
      const got = describeValue(verified);
      failures.push({ property: "requireVerified", reason: `requireVerified must be a boolean, got ${got}` });
    }
    if (failures.length > 0) return { inputs, failures };
    const canonical: PropertyBag = {
      url: inputs.url ?? null,
      enabled: inputs.enabled,
      requireVerified: inputs.requireVerified !== false,
    };
    if (inputs.rotation !== undefined) canonical.rotation = inputs.rotation;
    if (inputs.adopt !== undefined) canonical.adopt = inputs.adopt;
    const taken = await takeOverFailure(ctx, withoutProvider(olds), canonical, {
      label: "The account's webhook",
      key: KEY,
      pluginToken: KINDS.Webhook.pluginToken,
      importId: WEBHOOK_ID,
      held: async () => {
        const live = await ctx.run.webhook();
        return live.url ? `url ${printableUrl(live.url)}` : undefined;
      },
    });
    if (taken) return { inputs: canonical, failures: [taken] };
    return { inputs: canonical };
  },

  async diff(ctx, _id, olds, news) {
    await hold(ctx, KEY);
    const a = declared(olds);
    const b = declared(news);
    const changes =
      a.url !== b.url ||
      a.enabled !== b.enabled ||
      a.requireVerified !== b.requireVerified ||
      a.rotation !== b.rotation;
    return { changes, replaces: [] };
  },

  // The check refused an existing webhook unless `adopt: true` takes it on purpose.
  async create(ctx, inputs) {
    const want = declared(withoutProvider(inputs));
    await hold(ctx, KEY);
    return operation(LABEL, "create", async () => {
      // Without adopt the check found no webhook: nothing to compare with before writing.
      if (inputs.adopt !== true) return { id: WEBHOOK_ID, outs: await apply(ctx, want, undefined, {}) };
      // Adopted as configured already (and verified when that is required): nothing to write.
      const live = await ctx.run.webhook();
      const inPlace =
        want.url !== null &&
        live.url === want.url &&
        live.enabled === want.enabled &&
        (!want.requireVerified || Boolean(live.verifiedAt));
      if (inPlace) {
        if (live.hasSecret) saySecretUnread("adopted as it is");
        return { id: WEBHOOK_ID, outs: outputsOf(inputsOf(want), live, undefined) };
      }
      return { id: WEBHOOK_ID, outs: await apply(ctx, want, undefined, {}) };
    });
  },

  async read(ctx, id, props) {
    const previous = withoutProvider(props);
    return operation(LABEL, "refresh", async () => {
      const live = await ctx.client().webhook.get();
      // Cleared in the app (or never set): the object is gone and the next `up` sets it again.
      if (!live.url && previous.url) return {};
      // Read as this resource wrote it, verification time included: the stack holds it (a rename).
      if (
        previous.url &&
        typeof previous.verifiedAt === "string" &&
        changedSince(previous, live) === undefined
      )
        await noteReadAsWritten(ctx, KEY);
      // With no state of ours (an import), a url not verified yet is declared without the
      // requirement, as `strategy-alerts import` declares it, or the first `up` would fail.
      const requireVerified =
        previous.enabled === undefined
          ? Boolean(live.verifiedAt) || !live.url
          : previous.requireVerified !== false;
      const inputs: PropertyBag = { url: live.url ?? null, enabled: live.enabled, requireVerified };
      if (previous.rotation !== undefined) inputs.rotation = previous.rotation;
      // GET never returns the secret: keep the one we hold while the service still has one.
      const secret = live.hasSecret ? (previous.secret ?? undefined) : undefined;
      return { id, props: outputsOf(inputs, live, secret), inputs };
    });
  },

  async update(ctx, _id, olds, news) {
    const before = withoutProvider(olds);
    const want = declared(withoutProvider(news));
    await hold(ctx, KEY);
    return operation(LABEL, "update", async () => ({
      outs: await apply(ctx, want, declared(before), before),
    }));
  },

  // Cleared only while it is provably still what this resource last wrote.
  async delete(ctx, _id, props) {
    const recorded = withoutProvider(props);
    const wrote = declared(recorded);
    await operation(LABEL, "delete", async () => {
      if (await heldInRun(ctx, KEY)) return leftInPlace("The account's webhook", HELD_BY_ANOTHER);
      const live = await ctx.client().webhook.get();
      if (!live.url) return;
      const changed = changedSince(recorded, live);
      if (changed !== undefined)
        return leftInPlace(
          "The account's webhook",
          `it is no longer what this resource wrote (url ${urlWords(wrote.url)}, enabled ${wrote.enabled}): ${changed}`,
        );
      if (typeof recorded.verifiedAt !== "string") return leftInPlace("The account's webhook", UNPROVEN);
      await ctx.client().webhook.put({ enabled: false, url: null });
    });
  },
};

/**
 * Why a delete leaves a webhook whose verification this resource never recorded: the app
 * re-creating it with the same url (url cleared, then set again: a new secret) looks the same,
 * and only the service's verification time tells them apart.
 */
const UNPROVEN =
  "this resource never saw it verified (requireVerified: false), so nothing on the service's clock proves the url is still the webhook it wrote " +
  "rather than one the app set again with the same url and a new secret. To clear it, declare `url: null` and run `pulumi up` before the destroy, " +
  "or clear it in the app; a webhook whose url verifies records when (its verifiedAt output), and its destroy clears it.";

/**
 * How the live webhook differs from what this resource recorded, in words, or undefined when it
 * is still what the resource wrote: its url and `enabled`, and, where the resource recorded them,
 * the service's verification time (a re-created webhook is verified again) and its secret.
 * An answer that leaves `enabled` out says nothing of it.
 */
function changedSince(recorded: PropertyBag, live: WebhookConfig): string | undefined {
  const wrote = declared(recorded);
  if (live.url !== wrote.url || (live.enabled !== undefined && live.enabled !== wrote.enabled))
    return `the service now holds url ${urlWords(live.url ?? null)}, enabled ${live.enabled}, set by someone else`;
  if (typeof recorded.verifiedAt === "string" && live.verifiedAt !== recorded.verifiedAt)
    return `the service verified it at ${live.verifiedAt ?? "no time (unverified)"}, not at ${recorded.verifiedAt} as this resource recorded: it was set again since (a new secret), by someone else`;
  if (recorded.hasSecret === true && live.hasSecret === false)
    return "it holds no signing secret, while the webhook this resource wrote had one: it was set again since, by someone else";
  return undefined;
}

/** PUT the declared url; a lost answer is settled by reading the webhook back (see `apply`). */
async function putDeclared(
  ctx: RuntimeContext,
  want: Declared,
  secret: string | undefined,
): Promise<WebhookConfig> {
  const client = ctx.client();
  try {
    return await client.webhook.put({ enabled: want.enabled, url: want.url });
  } catch (err) {
    if (!(err instanceof AmbiguousWriteError)) throw err;
    const live = await client.webhook.get();
    if (live.url === want.url && live.hasSecret && secret === undefined) {
      await client.webhook.put({ enabled: want.enabled, url: null });
      return client.webhook.put({ enabled: want.enabled, url: want.url });
    }
    if (live.url !== want.url) return client.webhook.put({ enabled: want.enabled, url: want.url });
    return live;
  }
}

/** Says why this resource's secret output is empty while the service holds a secret. */
function saySecretUnread(what: string): void {
  say(
    "The account's webhook",
    `${what}; its signing secret cannot be read back (the service shows it only when it generates one), so this resource's secret output is empty: rename or replace with \`aliases\` to keep the secret a resource held, or change \`rotation\` for a new one`,
  );
}

/** A url in a message: credentials masked (the state holds such a url as a secret). */
function urlWords(url: string | null): string {
  return url === null ? "none" : printableUrl(url);
}

function outputsOf(inputs: PropertyBag, live: WebhookConfig, secret: string | undefined): PropertyBag {
  return {
    ...inputs,
    verifiedAt: live.verifiedAt ?? null,
    hasSecret: live.hasSecret,
    secret: secret ?? null,
    verificationError: live.verificationError ?? null,
  };
}

function inputsOf(want: Declared): PropertyBag {
  const inputs: PropertyBag = { url: want.url, enabled: want.enabled, requireVerified: want.requireVerified };
  if (want.rotation !== undefined) inputs.rotation = want.rotation;
  return inputs;
}

/**
 * PUT the declared configuration. A secret comes back only on the answer that generated it, so
 * an answer lost on the way is recovered by reading the webhook and, if it holds a secret we
 * never saw, rotating it (url null, then url) to obtain a fresh one: a Webhook without its
 * secret in state could never sign-check a delivery.
 */
async function apply(
  ctx: RuntimeContext,
  want: Declared,
  before: Declared | undefined,
  previousOutputs: PropertyBag,
): Promise<PropertyBag> {
  const client = ctx.client();
  const inputs = inputsOf(want);
  // The secret survives url changes (it is generated only when none exists) and ends with url null.
  let secret: string | undefined = want.url === null ? undefined : (previousOutputs.secret ?? undefined);

  const rotate = before !== undefined && before.rotation !== want.rotation && want.url !== null;
  if (rotate) {
    await client.webhook.put({ enabled: want.enabled, url: null });
    // url null dropped the old secret: only the next answer (or the recovery below) gives one.
    secret = undefined;
  }

  let live: WebhookConfig;
  try {
    live = await putDeclared(ctx, want, secret);
  } catch (err) {
    if (!rotate) throw err;
    // The rotation cleared the url and the secret: recorded so, the next `up` sets the url again.
    const cleared = { enabled: want.enabled, url: null, hasSecret: false };
    throw initFailure(
      `webhook url ${urlWords(want.url)} was cleared to rotate its secret, but setting it again failed: ${messageOf(err)}; run \`pulumi up\` again`,
      WEBHOOK_ID,
      outputsOf({ ...inputs, url: null }, cleared, undefined),
    );
  }
  if (live.secret) secret = live.secret;
  if (!live.hasSecret) secret = undefined;
  // A replacement (`--replace`) writes the url the service already holds: no new secret comes.
  if (live.hasSecret && secret === undefined) saySecretUnread("written");
  let outs = outputsOf(inputs, live, secret);

  let pending = "";
  if (want.url !== null && want.requireVerified && !live.verifiedAt && !live.verificationError) {
    // Unverified without an error: the service verifies after answering. Wait for it, bounded.
    const waited = await client.webhook.waitUntilVerified(want.url);
    if (waited.verified) return outputsOf(inputs, { ...waited.webhook, verificationError: null }, secret);
    outs = outputsOf(inputs, { ...live, ...waited.webhook, verificationError: null }, secret);
    pending = waited.urlChanged
      ? `the service now holds another url (${urlWords(waited.webhook.url ?? null)}), set while waiting for verification`
      : `the service answered the PUT with verifiedAt null and no verificationError, and still had not verified it after ${Math.round(waited.waitedMs / 1000)} s (${waited.reads} reads of GET /webhook)`;
  }
  if (want.url !== null && want.requireVerified && !live.verifiedAt) {
    // Saved with a secret but unverified: record it (secret included) and fail, so the next `up` retries.
    throw initFailure(
      `webhook url ${urlWords(want.url)} was saved but not verified: ${pending || live.verificationError || "the endpoint did not echo the challenge"}. ` +
        'Make the endpoint answer 2xx with {"challenge": <the challenge>} and run `pulumi up` again, or set requireVerified: false.',
      WEBHOOK_ID,
      outs,
    );
  }
  return outs;
}

/**
 * `rotation` is a label kept in the state and shown in every diff: plain text, as a name is, so an
 * escape sequence or a bidi control never reaches a terminal through it.
 */
function rotationFailure(rotation: unknown): { property: string; reason: string } | undefined {
  if (rotation === undefined || rotation === null || isUnknown(rotation)) return undefined;
  if (typeof rotation !== "string")
    return { property: "rotation", reason: `rotation must be a string, got ${describeValue(rotation)}` };
  const issue = plainTextIssue(rotation, { path: "rotation", allowLineBreaks: false, what: "labels" });
  return issue ? { property: "rotation", reason: issue.message } : undefined;
}
