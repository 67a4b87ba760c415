// `npm run schema` writes this file from provider/model/kinds/webhook.ts: edit that instead.
import type * as pulumi from "@pulumi/pulumi";
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
export const Webhook: KindResourceClass<"Webhook", Webhook, WebhookArgs> = kindResource("Webhook");
