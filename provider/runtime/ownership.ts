/**
 * One owner for every object of a shared account. The account's webhook, a followed developer
 * and a developer's tags are singletons: a stack that did not write one neither takes it over
 * (a create stops at its check, which runs in the preview and again right before the create)
 * nor clears it (a delete leaves an object that is no longer what its resource last wrote, or
 * that another resource of the same run now holds: a rename, a replacement).
 */
import { printableText } from "../model/printable-text";
import { isUnknown } from "../model/unknown-value";
import { describeValue } from "../model/validation-issue";
import type { RuntimeContext } from "./context";
import { operation } from "./errors";
import type { PropertyBag } from "./inputs";

/** The key of one object of the account, shared by every resource that may write it. */
export const objectKey = {
  webhook: () => "webhook",
  developer: (address: string) => `developer ${address}`,
  tags: (address: string) => `tags ${address}`,
};

export interface CheckFailure {
  property: string;
  reason: string;
}

/** `adopt` of a singleton kind: true takes the existing object on purpose. */
export function adoptFailure(inputs: PropertyBag): CheckFailure | undefined {
  const adopt = inputs.adopt;
  if (adopt === undefined || typeof adopt === "boolean" || isUnknown(adopt)) return undefined;
  return { property: "adopt", reason: `adopt must be a boolean, got ${describeValue(adopt)}` };
}

/** The object a new resource of a singleton kind would take over, as its check names it. */
export interface SingletonObject {
  /** How messages name it ("The account's webhook", `FollowedDeveloper "…"`). */
  label: string;
  /** The plugin's type token and the object's import id, for the `pulumi import` way. */
  pluginToken: string;
  importId: string;
  /** What the account holds there now, in words, or undefined when nothing is held. */
  held: () => Promise<string | undefined>;
}

/**
 * The ownership step of a singleton kind's check: a new resource (no old inputs) that does not
 * adopt fails when its object is held already. Its property is left empty: the engine would print
 * the declared value again, and the reason names the object. Runs in the preview and again right
 * before the create, so no create takes an object over.
 */
export async function takeOverFailure(
  olds: PropertyBag,
  inputs: PropertyBag,
  object: SingletonObject,
): Promise<CheckFailure | undefined> {
  if (Object.keys(olds).length > 0 || inputs.adopt === true) return undefined;
  const found = await operation(object.label, "preview (ownership)", object.held);
  if (found === undefined) return undefined;
  return {
    property: "",
    reason:
      `${object.label} already exists on the account (${found}) and this resource did not write it: ` +
      "another stack, the app or a person holds it, and declaring it here would take it over (a " +
      "destroy would then clear it for them). To manage it from this stack on purpose, declare " +
      "`adopt: true` on this resource, or import it with the provider plugin (`pulumi import " +
      `${object.pluginToken} <name> ${object.importId}\`); otherwise remove it from the program.`,
  };
}

/** A resource of this run writes or keeps `key`. */
export function hold(ctx: RuntimeContext, key: string): void {
  ctx.run.heldObjects.add(key);
}

/**
 * Says in the update's output why a delete left the live object as it is. A dynamic provider
 * cannot warn on a resource, and the engine shows a provider's stderr in both front doors.
 */
export function leftInPlace(object: string, why: string): void {
  say(object, `left as it is: ${why}`);
}

/** One line about an object in the update's output. */
export function say(object: string, text: string): void {
  console.error(printableText(`strategy-alerts: ${object}: ${text}`));
}

/** The reason when another resource of this run holds the object a delete would clear. */
export const HELD_BY_ANOTHER =
  "another resource of this stack now declares it (a rename or a replacement), so it stays as declared there";
