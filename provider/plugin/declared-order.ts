/**
 * The order of a set's elements as the program wrote them. The runtime's check sorts rules,
 * triggers, strategy ids and tag ids into their canonical order, but the engine reads the plugin's
 * detailed diff as paths into the checked inputs and shows them to a user who thinks in the order
 * of their program: the second rule they wrote must be `rules[1]`, and failures already name it
 * so. The plugin therefore hands the engine its checked inputs with each set in the program's
 * order (every element in its canonical form), and hands the runtime, whose comparisons expect
 * the canonical order, the canonical order back. A reorder stays no change: the runtime compares
 * canonical forms and the detailed diff compares sets.
 */
import { canonicalRuleItem, canonicalRules, canonicalStringSet, stableStringify } from "../model/canonical";
import { type ResourceKind, setInputs } from "../model/kinds";
import type { RuleItem } from "../model/rule-items";
import { type PropertyBag, unknownPaths } from "../runtime/inputs";

const isRuleItem = (item: unknown): item is RuleItem =>
  typeof item === "object" && item !== null && typeof (item as { rule?: unknown }).rule === "string";

/** Two elements that mean the same have the same key. */
function keyOf(item: unknown): string {
  try {
    return stableStringify(isRuleItem(item) ? canonicalRuleItem(item) : item);
  } catch {
    // A malformed item (a check failure names it): it can only equal itself.
    return stableStringify(item);
  }
}

/**
 * `bag` with each set's elements in the order their equals have in `reference`; elements with
 * no equal there (a rule changed in the app, seen by a refresh) follow in their own order. Only
 * the order changes, never an element.
 */
export function inOrderOf(kind: ResourceKind, reference: PropertyBag, bag: PropertyBag): PropertyBag {
  const out = { ...bag };
  for (const field of Object.keys(setInputs(kind))) {
    const wanted = reference[field];
    const items = bag[field];
    if (!Array.isArray(wanted) || !Array.isArray(items)) continue;
    const left = items.map((item) => ({ item, key: keyOf(item) }));
    const ordered: unknown[] = [];
    for (const key of wanted.map(keyOf)) {
      const at = left.findIndex((x) => x.key === key);
      if (at >= 0) ordered.push(left.splice(at, 1)[0]!.item);
    }
    out[field] = [...ordered, ...left.map((x) => x.item)];
  }
  return out;
}

/**
 * `bag` with each set in the canonical order the runtime's check gives it. A set holding a value
 * not known yet is left alone, as the runtime's check leaves it.
 */
export function inCanonicalOrder(kind: ResourceKind, bag: PropertyBag): PropertyBag {
  const out = { ...bag };
  for (const [field, elements] of Object.entries(setInputs(kind))) {
    const items = bag[field];
    if (!Array.isArray(items) || unknownPaths(items).length > 0) continue;
    if (elements === "rules" && items.every(isRuleItem)) out[field] = canonicalRules(items);
    if (elements === "strings" && items.every((i) => typeof i === "string"))
      out[field] = canonicalStringSet(items as string[]);
  }
  return out;
}
