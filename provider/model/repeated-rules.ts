/**
 * Rules are a set: a strategy holds each rule once. Two items of one rule either repeat a
 * condition or are decided by the stricter of them (the service joins a strategy's rules with
 * AND), and a second item is what a user writes when meaning "min and max" of a numeric rule, which
 * one item says. The one exception is excluding several values of an enum rule: an item carries
 * one value, so `not_equals` items with different values are the only way to say "neither a nor b".
 */
import { getRuleDefinition, type RuleDefinition } from "./rule-catalog";
import type { IssueList } from "./validation-checks";
import { isPlainObject, own } from "./validation-checks";

const HINT: Record<RuleDefinition["kind"], string> = {
  numeric: "put min and max in one item",
  boolean: "keep one item",
  object: "keep one item with the config wanted",
  enum: "only not_equals items with different values may repeat an enum rule (each excludes one value)",
};

type Seen = { index: number; operator: unknown; value: unknown };

/** One issue per item that repeats an earlier item's rule, naming both indexes as written. */
export function checkRepeatedRules(items: readonly unknown[], issues: IssueList): void {
  const seen = new Map<string, Seen[]>();
  items.forEach((item, index) => {
    if (!isPlainObject(item)) return;
    const rule = own(item, "rule");
    const def = typeof rule === "string" ? getRuleDefinition(rule) : undefined;
    if (def === undefined) return; // Reported by the item's own check.
    const current: Seen = {
      index,
      operator: own(item, "operator"),
      value: enumValue(def, own(item, "value")),
    };
    const earlier = seen.get(def.id) ?? [];
    const clash = earlier.find((e) => !mayRepeat(def, e, current));
    if (clash !== undefined) {
      const path = `rules[${index}]`;
      issues.push({
        path,
        message: `${path} repeats rules[${clash.index}] (${def.id}): a strategy holds each rule once; ${HINT[def.kind]}`,
      });
    }
    seen.set(def.id, [...earlier, current]);
  });
}

function enumValue(def: RuleDefinition, value: unknown): unknown {
  return def.kind === "enum" && def.caseInsensitive && typeof value === "string"
    ? value.toUpperCase()
    : value;
}

function mayRepeat(def: RuleDefinition, a: Seen, b: Seen): boolean {
  return (
    def.kind === "enum" && a.operator === "not_equals" && b.operator === "not_equals" && a.value !== b.value
  );
}
