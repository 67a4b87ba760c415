import * as pulumi from "@pulumi/pulumi";
import { inputNames, secretOutputs } from "../model/kinds";
import { hasTypeToken, TYPE_TOKENS } from "../model/type-tokens";
import { webhookUrlIsSecret } from "../model/webhook-url";
import { warnCheckedAtApply } from "./checked-at-apply";
import { shellInputs } from "./provider-shell";
import { readState } from "./read-state";
import { registeringWithoutStacks } from "./stackless-registration";

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

const INPUT_KEYS: readonly (keyof WebhookArgs)[] = inputNames("Webhook");

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
export class Webhook extends pulumi.CustomResource {
  /** The type token the engine records for this resource. */
  static readonly __pulumiType = TYPE_TOKENS.Webhook;

  /** True for a Webhook of this package, even across duplicate copies of the package or SDK. */
  static override isInstance(obj: unknown): obj is Webhook {
    return hasTypeToken(obj, TYPE_TOKENS.Webhook);
  }

  /**
   * Reads the account's webhook (id: `webhook`) into the program without managing it: nothing is created, changed or deleted,
   * and `pulumi refresh` updates what it holds.
   */
  static get(name: string, id: pulumi.Input<string>, opts?: pulumi.CustomResourceOptions): Webhook {
    return new Webhook(name, readState<WebhookArgs>(INPUT_KEYS), pulumi.mergeOptions(opts, { id }));
  }

  /** Where signed deliveries go; null clears the url, the secret and the verification state. */
  declare readonly url: pulumi.Output<string | null>;
  /** Whether deliveries are sent. */
  declare readonly enabled: pulumi.Output<boolean>;
  /** When the url answered the verification challenge. */
  declare readonly verifiedAt: pulumi.Output<string | null>;
  /** Whether the service holds a signing secret. */
  declare readonly hasSecret: pulumi.Output<boolean>;
  /** The signing secret for verifyWebhook; a Pulumi secret. */
  declare readonly secret: pulumi.Output<string | null>;
  /** Why the last verification failed. */
  declare readonly verificationError: pulumi.Output<string | null>;
  /**
   * The account (the service's user id) this resource belongs to; an operation with a key of
   * another account fails and changes nothing.
   */
  declare readonly accountId: pulumi.Output<string>;

  constructor(name: string, args: WebhookArgs, opts?: pulumi.CustomResourceOptions) {
    const restore = registeringWithoutStacks();
    try {
      super(
        TYPE_TOKENS.Webhook,
        name,
        shellInputs("Webhook", { ...args, url: secretUrl(args.url) }),
        // A secret returned from create must be declared here: pulumi.secret() from a dynamic provider does not work.
        pulumi.mergeOptions(opts, { additionalSecretOutputs: secretOutputs("Webhook") }),
      );
    } finally {
      restore();
    }
    warnCheckedAtApply(this, "Webhook", args, opts);
  }
}
