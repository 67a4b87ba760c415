/**
 * Steps on one object of the account. The webhook is one per account, a followed developer and
 * a developer's tags one per address, so two resources of one change may write the same object:
 * a rename without an alias is a create of the new name and a delete of the old one, a
 * replacement is both in one step. The provider's delete leaves the live object alone when
 * another resource of the same run holds it, when it is no longer what the deleted resource
 * last wrote (someone changed it outside the stack), or when nothing the resource recorded proves
 * it (a webhook never seen verified); this module tells the review which, so it states each
 * object's end state once. A followed developer is released, not deactivated: inactive with the
 * alias that says no one holds it (provider/model/released-developer.ts).
 */
import { stableStringify } from "../model/canonical";
import { KINDS, type ResourceKind } from "../model/kinds";
import { RELEASED_ALIAS } from "../model/released-developer";
import { isUnknown } from "../model/unknown-value";
import type { PlanStep } from "./preview-json";

// biome-ignore lint/suspicious/noExplicitAny: inputs come from the engine as untyped JSON.
type Bag = Record<string, any>;

/** What the account holds now of the objects a change deletes (read by the review's session). */
export interface LiveObjects {
  /** `verifiedAt` when read: a webhook set again with the same url is verified again. */
  webhook?: { url: string | null; enabled: boolean; verifiedAt?: string | null };
  /** By address; a developer the account does not follow is absent. */
  developers?: Record<string, { alias: string | null; isActive: boolean }>;
  /** Tag ids by address. */
  tags?: Record<string, string[]>;
}

/** How the resources of a kind share one object of the account. */
interface SharedObject {
  /** The object a state writes (the webhook, the developer's address); undefined while unknown. */
  keyOf(bag: Bag | null | undefined): string | undefined;
  /**
   * Whether a released object (`key`, whose resource last wrote `wrote`) is left alone because
   * the account's object, when the review read it, is no longer that; undefined when the delete clears it.
   */
  liveRelease(step: PlanStep, key: string, wrote: Bag, live: LiveObjects): Release | undefined;
}

const addressKey = (bag: Bag | null | undefined): string | undefined => {
  const address = bag?.address;
  return typeof address === "string" && address !== "" && !isUnknown(address) ? address : undefined;
};

/**
 * Per kind, in one table keyed by `ResourceKind`: the object its resources share, or null for a
 * kind whose resources are each their own object (a strategy by its id; the activation, which
 * the review states in a section of its own). A new kind fails to compile here until it says which.
 */
const SHARED_OBJECTS = {
  Strategy: null,
  StrategyActivation: null,
  Webhook: { keyOf: () => KINDS.Webhook.importId.fixed, liveRelease: webhookRelease },
  FollowedDeveloper: { keyOf: addressKey, liveRelease: developerRelease },
  DeveloperTags: { keyOf: addressKey, liveRelease: tagsRelease },
} as const satisfies Record<ResourceKind, SharedObject | null>;

/** The kinds whose resources write one shared object of the account. */
export type ObjectKind = {
  [K in keyof typeof SHARED_OBJECTS]: (typeof SHARED_OBJECTS)[K] extends null ? never : K;
}[keyof typeof SHARED_OBJECTS];

const isObjectKind = (kind: PlanStep["kind"]): kind is ObjectKind =>
  kind !== undefined && SHARED_OBJECTS[kind] !== null;

/** The object a state writes: the webhook, or the developer's address; undefined while unknown. */
function keyOf(kind: ObjectKind, bag: Bag | null | undefined): string | undefined {
  return SHARED_OBJECTS[kind].keyOf(bag);
}

/** The object a step leaves behind (its old state's), if its old object is released. */
function releasedKey(step: PlanStep): string | undefined {
  if (!isObjectKind(step.kind) || (step.op !== "delete" && step.op !== "replace")) return undefined;
  return keyOf(step.kind, step.old?.inputs);
}

/** The objects of `kind` that the steps delete or replace, each once. */
export function releasedKeys(kind: ObjectKind, steps: PlanStep[]): string[] {
  return [...new Set(steps.filter((s) => s.kind === kind).flatMap((s) => releasedKey(s) ?? []))];
}

/** The object a step writes or keeps after the change (any op but a delete). */
function heldKey(step: PlanStep): string | undefined {
  if (!isObjectKind(step.kind) || step.op === "delete" || step.op === "read") return undefined;
  return keyOf(step.kind, step.new?.inputs ?? step.old?.inputs);
}

/** Why a step's delete (or its replacement's old half) leaves the live object alone. */
export type Release =
  /** Another resource of the change (or the replacement itself) holds the object. */
  | { why: "held"; by: PlanStep }
  /** The account's object is no longer what the resource last wrote. */
  | { why: "changed"; live: string }
  /** Nothing the resource recorded on the service's clock proves the object is still the one it wrote. */
  | { why: "unproven"; reason: string }
  /** The account holds nothing the delete would undo (no webhook URL, an inactive developer, no tags). */
  | { why: "nothing" };

/** The steps on one object: the one that holds it after the change, and the ones that release it. */
export interface ObjectGroup {
  kind: ObjectKind;
  key: string;
  holder: PlanStep;
  /** Deletes (and replacements) whose old object this is: each leaves it to the holder. */
  released: PlanStep[];
  /** The steps whose lines the group's end state replaces: the releases, and a holder that creates or replaces. */
  members: PlanStep[];
}

/**
 * The objects of `kind` that one step releases and another (or the same replacement) holds,
 * over every step of the preview (an unchanged resource holds its object too). A replacement
 * that moves to another address releases its old object and is stated on its own.
 */
export function objectGroups(kind: ObjectKind, steps: PlanStep[]): ObjectGroup[] {
  const ofKind = steps.filter((s) => s.kind === kind);
  const groups = new Map<string, ObjectGroup>();
  for (const step of ofKind) {
    const key = releasedKey(step);
    if (key === undefined || groups.has(key)) continue;
    const holder =
      ofKind.find((s) => s.op === "replace" && s === step && heldKey(s) === key) ??
      ofKind.find((s) => s !== step && heldKey(s) === key && s.op !== "same") ??
      ofKind.find((s) => s !== step && heldKey(s) === key);
    if (!holder) continue;
    const released = ofKind.filter(
      (s) => releasedKey(s) === key && (s.op === "delete" || heldKey(s) === key),
    );
    // A replacement that moves to another address is stated on its own, with its release.
    if (released.length === 0) continue;
    const members = [
      ...((holder.op === "create" || holder.op === "replace") && heldKey(holder) === key ? [holder] : []),
      ...released.filter((s) => s !== holder),
    ];
    groups.set(key, { kind, key, holder, released, members });
  }
  return [...groups.values()];
}

/**
 * Why a delete (or a replacement that moves to another object) leaves its old object alone, or
 * undefined when it clears it: another resource holds it, or the live object, when the review
 * read it, is no longer what the state recorded.
 */
export function releaseOf(step: PlanStep, steps: PlanStep[], live: LiveObjects = {}): Release | undefined {
  const key = releasedKey(step);
  if (key === undefined || !isObjectKind(step.kind)) return undefined;
  const by = steps.find(
    (s) => s.kind === step.kind && heldKey(s) === key && (s !== step || s.op === "replace"),
  );
  if (by) return { why: "held", by };
  const wrote = (step.old?.outputs ?? step.old?.inputs ?? {}) as Bag;
  return SHARED_OBJECTS[step.kind].liveRelease(step, key, wrote, live);
}

function webhookRelease(step: PlanStep, _key: string, wrote: Bag, live: LiveObjects): Release | undefined {
  const now = live.webhook;
  if (!now) return undefined;
  if (!now.url) return { why: "nothing" };
  if (now.url !== (wrote.url ?? null) || now.enabled !== (wrote.enabled === true))
    return { why: "changed", live: `${now.url}${now.enabled ? "" : " (disabled)"}` };
  const outputs = step.old?.outputs as Bag | undefined;
  // The state's outputs are the record: without them the review says nothing of the proof.
  if (!outputs) return undefined;
  if (typeof outputs.verifiedAt !== "string")
    return {
      why: "unproven",
      reason:
        "this resource never recorded it verified (requireVerified: false), so nothing proves the url is still the webhook it wrote; declare `url: null` and `pulumi up` first to clear it",
    };
  if (now.verifiedAt !== undefined && now.verifiedAt !== outputs.verifiedAt)
    return { why: "changed", live: `${now.url} (verified again at ${now.verifiedAt ?? "no time"})` };
  return undefined;
}

function developerRelease(_step: PlanStep, key: string, wrote: Bag, live: LiveObjects): Release | undefined {
  if (!live.developers) return undefined;
  const now = live.developers[key];
  // Not followed, or released as a destroy leaves it: nothing to release.
  if (!now || (!now.isActive && now.alias === RELEASED_ALIAS)) return { why: "nothing" };
  const alias = typeof wrote.alias === "string" || wrote.alias === null ? wrote.alias : undefined;
  if (now.isActive !== (wrote.active !== false) || (alias !== undefined && now.alias !== alias))
    return {
      why: "changed",
      live: `${now.alias ? `alias ${now.alias}, ` : ""}${now.isActive ? "active" : "inactive"}`,
    };
  return undefined;
}

function tagsRelease(_step: PlanStep, key: string, wrote: Bag, live: LiveObjects): Release | undefined {
  const now = live.tags?.[key];
  if (!now) return undefined;
  if (now.length === 0) return { why: "nothing" };
  const declared = Array.isArray(wrote.tagIds) ? [...(wrote.tagIds as string[])].sort() : [];
  if (stableStringify([...now].sort()) !== stableStringify(declared))
    return { why: "changed", live: `${now.length} other tags` };
  return undefined;
}
