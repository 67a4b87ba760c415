/**
 * The per-property diff the engine shows for a plugin resource: keys are property paths into
 * the new inputs (`rules[2].min`), a deleted element is named by its path in the old inputs.
 * Sets (rules, triggers, strategyIds, tagIds) are compared as sets: a reorder is no change,
 * and a changed rule is matched to its old self by identity (rule id, then dealbreaker), so one
 * changed threshold is exactly one path whatever the order of the list.
 */
import { canonicalRuleItem, stableStringify } from "../model/canonical";
import { comparedInputs, type ResourceKind, replacingInputs, setInputs } from "../model/kinds";
import type { RuleItem } from "../model/rule-items";
import { isUnknown } from "../model/unknown-value";
import type { PropertyBag } from "../runtime/inputs";

type DiffKind = "ADD" | "DELETE" | "UPDATE" | "ADD_REPLACE" | "DELETE_REPLACE" | "UPDATE_REPLACE";
export type DetailedDiff = Record<string, DiffKind>;

type FieldDiffer = (path: string, old: unknown, now: unknown, out: DetailedDiff) => void;

const value: FieldDiffer = (path, old, now, out) => diffValue(path, old, now, out);
const DIFFERS: Record<"rules" | "strings", FieldDiffer> = {
  rules: (path, old, now, out) => diffRules(path, old, now, out),
  strings: (path, old, now, out) => diffStringSet(path, old, now, out),
};

/** The detailed diff of one resource's old and new inputs. */
export function detailedDiff(kind: ResourceKind, olds: PropertyBag, news: PropertyBag): DetailedDiff {
  const sets = setInputs(kind);
  const replaceOn = replacingInputs(kind);
  const out: DetailedDiff = {};
  for (const field of comparedInputs(kind)) {
    const found: DetailedDiff = {};
    const differ = sets[field] === undefined ? value : DIFFERS[sets[field]];
    differ(field, olds[field], news[field], found);
    for (const [path, k] of Object.entries(found))
      out[path] = replaceOn.includes(field) ? (`${k}_REPLACE` as DiffKind) : k;
  }
  return out;
}

/** The top-level properties a detailed diff touches (the engine's `diffs`). */
export function changedProperties(diff: DetailedDiff): string[] {
  return [...new Set(Object.keys(diff).map((path) => /^[^.[]+/.exec(path)?.[0] ?? path))];
}

/** An element added at an index an element was deleted from is an update of that index. */
function mark(out: DetailedDiff, path: string, kind: "ADD" | "DELETE"): void {
  const before = out[path];
  out[path] = before !== undefined && before !== kind ? "UPDATE" : kind;
}

const absent = (v: unknown) => v === undefined || v === null;
const same = (a: unknown, b: unknown) =>
  !isUnknown(b) && stableStringify(a ?? null) === stableStringify(b ?? null);
const isObject = (v: unknown): v is PropertyBag => typeof v === "object" && v !== null && !Array.isArray(v);

/** Leaf paths for objects, the path itself for anything else that differs. */
function diffValue(path: string, old: unknown, now: unknown, out: DetailedDiff): void {
  if (same(old, now)) return;
  if (absent(old) && !absent(now)) out[path] = "ADD";
  else if (!absent(old) && absent(now)) out[path] = "DELETE";
  else if (isObject(old) && isObject(now)) {
    for (const key of new Set([...Object.keys(old), ...Object.keys(now)]))
      diffValue(`${path}.${key}`, old[key], now[key], out);
  } else out[path] = "UPDATE";
}

function diffStringSet(path: string, old: unknown, now: unknown, out: DetailedDiff): void {
  if (!Array.isArray(old) || !Array.isArray(now)) {
    diffValue(path, old, now, out);
    return;
  }
  const before = new Set(old.map((v) => stableStringify(v)));
  const after = new Set(now.filter((v) => !isUnknown(v)).map((v) => stableStringify(v)));
  now.forEach((v, i) => {
    // A value not known yet (a strategy still to be created) is a change until it is.
    if (isUnknown(v) || !before.has(stableStringify(v))) mark(out, `${path}[${i}]`, "ADD");
  });
  old.forEach((v, i) => {
    if (!after.has(stableStringify(v)) && !now.some(isUnknown)) mark(out, `${path}[${i}]`, "DELETE");
  });
}

/**
 * Rules as a multiset: identical items pair off first; the rest pair by rule id and dealbreaker,
 * then by rule id alone, and a paired item shows only its changed fields.
 */
function diffRules(path: string, old: unknown, now: unknown, out: DetailedDiff): void {
  if (!Array.isArray(old) || !Array.isArray(now)) {
    diffValue(path, old, now, out);
    return;
  }
  const canonical = (item: unknown) =>
    isObject(item) && typeof item.rule === "string"
      ? (canonicalRuleItem(item as RuleItem) as PropertyBag)
      : item;
  const olds = old.map((item, i) => ({ i, item: canonical(item) }));
  const news = now.map((item, i) => ({ i, item: canonical(item) }));
  const pairs: [number, number][] = [];
  const pairBy = (key: (item: unknown) => string | undefined) => {
    for (const n of [...news]) {
      const k = key(n.item);
      if (k === undefined) continue;
      const o = olds.findIndex((x) => key(x.item) === k);
      if (o < 0) continue;
      pairs.push([olds[o]!.i, n.i]);
      olds.splice(o, 1);
      news.splice(news.indexOf(n), 1);
    }
  };
  pairBy((item) => stableStringify(item));
  pairBy((item) => (isObject(item) ? `${String(item.rule)}\u0000${String(item.dealbreaker)}` : undefined));
  pairBy((item) => (isObject(item) ? String(item.rule) : undefined));
  for (const [o, n] of pairs) diffValue(`${path}[${n}]`, canonical(old[o]), canonical(now[n]), out);
  for (const n of news) mark(out, `${path}[${n.i}]`, "ADD");
  for (const o of olds) mark(out, `${path}[${o.i}]`, "DELETE");
}
