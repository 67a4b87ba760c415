import * as pulumi from "@pulumi/pulumi";
import type { ResourceKind } from "../model/plain-types";
import { webhookUrlIsSecret } from "../model/webhook-url";

/** The webhook's args as far as this module reads them (the class's own type imports the shell). */
type WebhookUrlArgs = { url: pulumi.Input<string | null> };

/**
 * The url as it is registered: a Pulumi secret when it carries a credential (a query token, user
 * info: `webhookUrlIsSecret`), so the state and every preview hold it encrypted; the engine marks
 * the output of a secret input secret too. A plain url stays plain, as existing states hold it.
 */
function secretUrl(url: WebhookUrlArgs["url"]): WebhookUrlArgs["url"] {
  if (url === undefined || url === null || typeof url === "string")
    return webhookUrlIsSecret(url) ? pulumi.secret(url as string) : url;
  // An Output returned from apply is lifted, secretness included.
  return pulumi.output(url).apply((u) => (webhookUrlIsSecret(u) ? pulumi.secret(u) : pulumi.output(u)));
}

/**
 * What a kind's class does to the program's args before registering them, beyond what its
 * descriptor says: the one hand-written part of a kind's class (`provider/resources/<kind>.ts` is
 * written by `npm run schema`). The webhook's url is made secret when it carries a credential.
 */
export const REGISTERED_ARGS: { readonly [K in ResourceKind]?: (args: never) => object } = {
  Webhook: <A extends WebhookUrlArgs>(args: A): A => ({ ...args, url: secretUrl(args.url) }),
};
