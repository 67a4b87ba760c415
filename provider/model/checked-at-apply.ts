/**
 * A value a program builds from another resource's output (a name made of a new strategy's id)
 * is unknown during a preview, so its check waits for apply. A preview that passes in silence
 * would promise what `up` may break halfway, so each front door says so, once per resource:
 * `checked at apply: name`. Both read which inputs a kind checks from here.
 */
import { checkedInputs, isCountedList, type ResourceKind } from "./kinds";
import { isUnknown } from "./unknown-value";

/**
 * Whether `key` of `kind` waits for apply when only some elements of its list are unknown: not
 * for a list whose check needs only its length (the activation's ids, always unknown for
 * strategies created in the same change, against the plan's active limit).
 */
export function waitsOnElements(kind: ResourceKind, key: string): boolean {
  return !isCountedList(kind, key);
}

/** The checked inputs of a preview's property bag that hold an unknown value, in the kind's order. */
export function checkedAtApply(kind: ResourceKind, inputs: Readonly<Record<string, unknown>>): string[] {
  return checkedInputs(kind).filter((key) => {
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
