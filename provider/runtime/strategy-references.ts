/**
 * The preview's check of what a strategy's trigger configs name on the account: a developer tag,
 * a microblog tag, a followed developer (provider/model/trigger-references.ts, the service's own
 * rule). A developer may also be followed by a FollowedDeveloper of the same stack that the
 * preview has not created yet: its check notes the address in the run's holds (shared by every
 * provider process of the engine run), and the engine checks it before any strategy that takes
 * its `address` output. So a strategy passes when the account follows the developer (active or
 * not, as the service has it) or the run declares the follow, and fails before any write otherwise.
 */
import { stableStringify } from "../model/canonical";
import { quotedText } from "../model/quoted-text";
import {
  type TriggerReference,
  triggerReferences,
  unknownReferenceIssues,
} from "../model/trigger-references";
import { isUnknown } from "../model/unknown-value";
import type { RuntimeContext } from "./context";
import type { PropertyBag } from "./inputs";
import type { CheckFailure } from "./ownership";

/** The run's entry for a developer a FollowedDeveloper of this stack declares. */
const declaredEntry = (address: string) => `declared developer ${address}`;

/** A FollowedDeveloper of this run declares `address`: a strategy of the run may name it. */
export async function noteFollowDeclared(ctx: RuntimeContext, address: string): Promise<void> {
  ctx.run.holds().add((await ctx.run.account()).userId, declaredEntry(address));
}

async function followDeclaredInRun(ctx: RuntimeContext, address: string): Promise<boolean> {
  return ctx.run.holds().has((await ctx.run.account()).userId, declaredEntry(address));
}

/** A declared value is quoted whole up to this length (an address has at most 44 characters). */
const SHOWN_VALUE = 64;

/** What to do about a reference the account does not have, in the terms of a program. */
const WAYS_ON: Record<TriggerReference["kind"], string> = {
  microblogTag: "use the literal all or one of the account's microblog tags, which getMicroblogTags lists",
  developerTag: "use one of the account's developer tags, which getDeveloperTags lists",
  followedDeveloper:
    "the account does not follow it and no FollowedDeveloper of this stack declares it: declare one and " +
    "pass its `address` output here, in TypeScript `developerAddress: follow.address`, " +
    // biome-ignore lint/suspicious/noTemplateCurlyInString: YAML's interpolation, printed as written.
    "in YAML `developerAddress: ${follow.address}`, so the engine follows the developer before it writes the strategy",
};

/**
 * The failures of the references a strategy's inputs make, read only where the service would
 * check them: on a create (or adoption) and when the triggers or their configs change, as a PATCH
 * that sends either. A value unknown in the preview is checked when `up` checks the inputs again.
 */
export async function referenceFailures(
  ctx: RuntimeContext,
  previous: PropertyBag,
  inputs: PropertyBag,
): Promise<CheckFailure[]> {
  const existing = Object.keys(previous).length > 0;
  if (existing && same(previous, inputs, "triggers") && same(previous, inputs, "triggerConfigs")) return [];
  const refs = triggerReferences(inputs.triggerConfigs).filter((ref) => !isUnknown(ref.value));
  if (refs.length === 0) return [];
  const known = new Map<TriggerReference, boolean>();
  await Promise.all(refs.map(async (ref) => known.set(ref, await isKnown(ctx, ref))));
  const issues = unknownReferenceIssues(
    refs,
    (ref) => known.get(ref) === true,
    (ref) => WAYS_ON[ref.kind],
    // Whole: an address (at most 44 characters) or a tag id is what the user looks for.
    (value) => quotedText(value, SHOWN_VALUE),
  );
  return issues.map((issue) => ({ property: issue.path, reason: issue.message }));
}

async function isKnown(ctx: RuntimeContext, ref: TriggerReference): Promise<boolean> {
  if (ref.kind === "microblogTag") return (await ctx.run.microblogTagIds()).has(ref.value);
  if (ref.kind === "developerTag") return (await ctx.run.developerTagIds()).has(ref.value);
  if ((await ctx.run.developers()).has(ref.value)) return true;
  return followDeclaredInRun(ctx, ref.value);
}

function same(a: PropertyBag, b: PropertyBag, key: string): boolean {
  return stableStringify(a[key] ?? null) === stableStringify(b[key] ?? null);
}
