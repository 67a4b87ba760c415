import * as pulumi from "@pulumi/pulumi";
import { kindOf } from "../model/kinds";
import type { ResourceKind } from "../model/plain-types";
import { webhookUrlIsSecret } from "../model/webhook-url";

/** A url input as a program passes it. */
type UrlInput = pulumi.Input<string | null> | undefined;

/**
 * The url as it is registered: a Pulumi secret when it carries a credential (a query token, user
 * info: `webhookUrlIsSecret`), so the state and every preview hold it encrypted; the engine marks
 * the output of a secret input secret too. A plain url stays plain, as existing states hold it.
 */
function secretUrl(url: UrlInput): UrlInput {
  if (url === undefined || url === null || typeof url === "string")
    return webhookUrlIsSecret(url) ? pulumi.secret(url as string) : url;
  // An Output returned from apply is lifted, secretness included.
  return pulumi.output(url).apply((u) => (webhookUrlIsSecret(u) ? pulumi.secret(u) : pulumi.output(u)));
}

/** The kind's inputs whose url is sealed when it carries a credential (the descriptor's `secretWithCredential`). */
function credentialUrlInputs(kind: ResourceKind): string[] {
  return Object.entries(kindOf(kind).inputs)
    .filter(([, field]) => field.secretWithCredential === true)
    .map(([name]) => name);
}

/**
 * The program's args as a kind's class registers them: each input its descriptor marks
 * `secretWithCredential` (the webhook's url) made a Pulumi secret when it carries a credential,
 * every other arg as the program passed it. A fact of the descriptor, not a list of kinds, so a
 * new kind's class does what its descriptor says with no step of its own here.
 */
export function registeredArgs<A extends object>(kind: ResourceKind, args: A): A {
  const urls = credentialUrlInputs(kind);
  if (urls.length === 0) return args;
  const bag = args as Record<string, UrlInput>;
  return { ...args, ...Object.fromEntries(urls.map((name) => [name, secretUrl(bag[name])])) };
}
