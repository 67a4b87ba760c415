/**
 * One owner for every object of a shared account. The account's webhook, a followed developer
 * and a developer's tags are singletons: a stack that did not write one neither takes it over
 * (a create stops at its check, which runs in the preview and again right before the create)
 * nor clears it (a delete leaves an object that is no longer what its resource last wrote, or
 * that another resource of the same run now holds: a rename, a replacement). What a run holds is
 * shared by every provider process of the engine run, per account (run-holds.ts).
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
  /** A strategy a Strategy resource of this stack holds: the stack's own to activate and deactivate. */
  strategy: (id: string) => `strategy ${id}`,
  /** A strategy an activation of this run keeps active: another activation's delete leaves it. */
  activeStrategy: (id: string) => `active ${id}`,
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
  /** Its key (`objectKey`): a refresh of this run may have proven the stack holds it. */
  key: string;
  /** The plugin's type token and the object's import id, for the `pulumi import` way. */
  pluginToken: string;
  importId: string;
  /** What the account holds there now, in words, or undefined when nothing is held. */
  held: () => Promise<string | undefined>;
}

/**
 * The ownership step of a singleton kind's check: a new resource (no old inputs) that does not
 * adopt fails when its object is held already, unless a refresh of this run read it as a resource
 * of this stack wrote it (a rename under `pulumi up --refresh`). Its property is left empty: the
 * engine would print the declared value again, and the reason names the object. Runs in the
 * preview and again right before the create, so no create takes an object over.
 */
export async function takeOverFailure(
  ctx: RuntimeContext,
  olds: PropertyBag,
  inputs: PropertyBag,
  object: SingletonObject,
): Promise<CheckFailure | undefined> {
  if (Object.keys(olds).length > 0 || inputs.adopt === true) return undefined;
  const found = await operation(object.label, "preview (ownership)", async () => {
    const held = await object.held();
    // Asked only of a held object: a check that finds nothing reads no account.
    return held !== undefined && (await readAsWrittenInRun(ctx, object.key)) ? undefined : held;
  });
  if (found === undefined) return undefined;
  return { property: "", reason: takeOverReason(object, found) };
}

/**
 * Why a new resource may not take the object, and the ways on: `aliases` first (a rename of this
 * very stack's resource is the common case, and the check cannot know the old name), then
 * `adopt: true`, then `pulumi import`.
 */
function takeOverReason(object: Omit<SingletonObject, "held" | "key">, found: string): string {
  return (
    `${object.label} already exists on the account (${found}) and this resource did not write it. ` +
    "If a resource of this stack holds it under another name (a rename), give this resource the old " +
    'name as an alias: in TypeScript the options `{ aliases: [{ name: "<old name>" }] }`, in YAML ' +
    '`options: { aliases: ["<old URN>"] }` (`pulumi stack --show-urns` lists it); or run ' +
    "`pulumi up --refresh` (also for `pulumi up --replace` of this resource, which the engine checks " +
    "as a new one), whose refresh of the old resource proves the stack holds it. If another " +
    "stack, the app or a person holds it, declaring it here would take it over (a destroy would then " +
    "clear it for them): to manage it from this stack on purpose, declare `adopt: true` on this " +
    `resource, or import it with the provider plugin (\`pulumi import ${object.pluginToken} <name> ` +
    `${object.importId}\`); otherwise remove it from the program.`
  );
}

/** The account of the key in use: holds are per account, as the objects they name. */
async function accountOf(ctx: RuntimeContext): Promise<string> {
  return (await ctx.run.account()).userId;
}

/**
 * A resource of this run writes or keeps `key`: the delete of another resource of the same run
 * (a rename, a replacement, a move to another provider process) leaves it in place.
 */
export async function hold(ctx: RuntimeContext, key: string): Promise<void> {
  ctx.run.holds().add(await accountOf(ctx), `held ${key}`);
}

/** Whether a resource of this run (in any provider process of the engine run) holds `key`. */
export async function heldInRun(ctx: RuntimeContext, key: string): Promise<boolean> {
  return ctx.run.holds().has(await accountOf(ctx), `held ${key}`);
}

/**
 * A refresh of this run read `key` exactly as a resource of this stack last wrote it: the read
 * compared the live object with the state's record, so a new resource of the same run may take it
 * without `adopt` (a rename the engine shows as a create and a delete).
 */
export async function noteReadAsWritten(ctx: RuntimeContext, key: string): Promise<void> {
  ctx.run.holds().add(await accountOf(ctx), `read ${key}`);
}

async function readAsWrittenInRun(ctx: RuntimeContext, key: string): Promise<boolean> {
  return ctx.run.holds().has(await accountOf(ctx), `read ${key}`);
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
  "another resource of this stack now declares it (a rename, a replacement or a move to another provider), so it stays as declared there";
