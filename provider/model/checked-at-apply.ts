/**
 * A value a program builds from another resource's output (a name made of a new strategy's id)
 * is unknown during a preview, so its check waits for apply. A preview that passes in silence
 * would promise what `up` may break halfway, so each front door says so, once per resource:
 * `checked at apply: name`. Both read which inputs a kind checks from here.
 */
import { STRATEGY_FIELDS } from "./strategy";
import type { ResourceKind } from "./type-tokens";
import { isUnknown } from "./unknown-value";

/** The inputs each kind's check validates (docs/resources.md, "Checked at preview, or at apply"). */
export const CHECKED_INPUTS: Readonly<Record<ResourceKind, readonly string[]>> = {
  Strategy: [...STRATEGY_FIELDS, "adopt"],
  StrategyActivation: ["strategyIds", "exclusive"],
  Webhook: ["url", "enabled", "requireVerified"],
  FollowedDeveloper: ["address", "alias", "active"],
  DeveloperTags: ["address", "tagIds"],
};

/**
 * Lists whose unknown elements hold up no check: the activation's check needs only how many ids
 * it holds (the plan's active limit), and the ids of strategies created in the same change are
 * always unknown at preview. Only a whole list unknown waits for apply.
 */
const COUNTED_LISTS: Readonly<Partial<Record<ResourceKind, readonly string[]>>> = {
  StrategyActivation: ["strategyIds"],
};

/** Whether `key` of `kind` waits for apply when only some elements of its list are unknown. */
export function waitsOnElements(kind: ResourceKind, key: string): boolean {
  return !(COUNTED_LISTS[kind] ?? []).includes(key);
}

/** The checked inputs of a preview's property bag that hold an unknown value, in the kind's order. */
export function checkedAtApply(kind: ResourceKind, inputs: Readonly<Record<string, unknown>>): string[] {
  return CHECKED_INPUTS[kind].filter((key) => {
    const value = inputs[key];
    if (isUnknown(value)) return true;
    return waitsOnElements(kind, key) && holdsUnknown(value);
  });
}

/** The one line a preview shows for a resource: `checked at apply: name, rules`. */
export function checkedAtApplyLine(fields: readonly string[]): string {
  return `checked at apply: ${fields.join(", ")}`;
}

function holdsUnknown(value: unknown): boolean {
  if (isUnknown(value)) return true;
  if (Array.isArray(value)) return value.some(holdsUnknown);
  if (value !== null && typeof value === "object") return Object.values(value).some(holdsUnknown);
  return false;
}
