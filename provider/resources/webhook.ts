import * as pulumi from "@pulumi/pulumi";
import { webhookUrlIsSecret } from "../model/webhook-url";
import { type KindResourceClass, kindResource } from "./kind-resource";

export interface WebhookArgs {
  /** Where signed deliveries go; null clears the url, the secret and the verification state. */
  url: pulumi.Input<string | null>;
  /** Whether deliveries are sent. */
  enabled: pulumi.Input<boolean>;
  /**
   * Default true: an unverified url fails the update (url and secret are still recorded, so the
   * next up retries).
   */
  requireVerified?: pulumi.Input<boolean>;
  /** Change this to any new value to rotate the signing secret on purpose. */
  rotation?: pulumi.Input<string>;
  /**
   * Take over the account's existing webhook on purpose (a preview fails on one that exists
   * otherwise); changing it later is not a change.
   */
  adopt?: pulumi.Input<boolean>;
}

/**
 * The url as it is registered: a Pulumi secret when it carries a credential (a query token, user
 * info: `webhookUrlIsSecret`), so the state and every preview hold it encrypted; the engine marks
 * the output of a secret input secret too. A plain url stays plain, as existing states hold it.
 */
function secretUrl(url: WebhookArgs["url"]): WebhookArgs["url"] {
  if (url === undefined || url === null || typeof url === "string")
    return webhookUrlIsSecret(url) ? pulumi.secret(url as string) : url;
  // An Output returned from apply is lifted, secretness included.
  return pulumi.output(url).apply((u) => (webhookUrlIsSecret(u) ? pulumi.secret(u) : pulumi.output(u)));
}

/**
 * The account's single webhook. One that already exists (another stack's, the app's) is taken over
 * only with `adopt: true`; a destroy clears it only while it is still what this resource wrote.
 */
export interface Webhook extends pulumi.CustomResource {
  /** Where signed deliveries go; null clears the url, the secret and the verification state. */
  readonly url: pulumi.Output<string | null>;
  /** Whether deliveries are sent. */
  readonly enabled: pulumi.Output<boolean>;
  /** When the url answered the verification challenge. */
  readonly verifiedAt: pulumi.Output<string | null>;
  /** Whether the service holds a signing secret. */
  readonly hasSecret: pulumi.Output<boolean>;
  /** The signing secret for verifyWebhook; a Pulumi secret. */
  readonly secret: pulumi.Output<string | null>;
  /** Why the last verification failed. */
  readonly verificationError: pulumi.Output<string | null>;
  /**
   * The account (the service's user id) this resource belongs to; an operation with a key of
   * another account fails and changes nothing.
   */
  readonly accountId: pulumi.Output<string>;
}

/**
 * The account's single webhook. One that already exists (another stack's, the app's) is taken over
 * only with `adopt: true`; a destroy clears it only while it is still what this resource wrote. Its
 * id (for `get` and import): `webhook`.
 */
export const Webhook: KindResourceClass<"Webhook", Webhook, WebhookArgs> = kindResource("Webhook", {
  registered: (args) => ({ ...args, url: secretUrl(args.url) }),
});
