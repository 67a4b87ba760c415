/**
 * The domain diff of a strategy's rules: which rules were added, removed or changed, in words.
 * Rules are matched by rule id (the same id in old and new is "the same rule", so a flag that
 * moves between dealbreaker and group shows as a change of that rule, not as remove + add).
 * Both sides are canonicalised first, so reordering rules in code is never a change.
 */
import { canonicalRuleItem, stableStringify } from "../model/canonical";
import type { RuleItem } from "../model/plain-types";
import { getRuleDefinition, type NumericUnit } from "../model/rule-catalog";
import { code, isUnknownValue, joinMd, type Md, md, num, text, UNKNOWN_WORDS, value } from "./words";

// biome-ignore lint/suspicious/noExplicitAny: rule items come from the engine as untyped JSON.
type Item = Record<string, any>;

const UNIT_SUFFIX: Partial<Record<NumericUnit, Md>> = { percent: md`%`, minutes: md` minutes` };

function amount(rule: string, n: unknown): Md {
  if (isUnknownValue(n)) return UNKNOWN_WORDS;
  if (typeof n !== "number") return value(n);
  const def = getRuleDefinition(rule);
  const suffix = def?.kind === "numeric" ? (UNIT_SUFFIX[def.unit] ?? md``) : md``;
  return md`${num(n)}${suffix}`;
}

function canonical(item: Item): Item {
  return getRuleDefinition(String(item.rule)) ? (canonicalRuleItem(item as RuleItem) as Item) : item;
}

/** What one rule item requires, in words (without its id or role). */
export function describeCondition(item: Item): Md {
  const rule = String(item.rule);
  const def = getRuleDefinition(rule);
  const off = item.enabled === false ? md` (disabled: skipped)` : md``;
  switch (def?.kind) {
    case "boolean":
      return item.enabled === false ? md`disabled: skipped` : md`must be ${text(String(def.storedValue))}`;
    case "numeric": {
      const parts: Md[] = [];
      if (item.min !== undefined) parts.push(md`min ${amount(rule, item.min)}`);
      if (item.max !== undefined) parts.push(md`max ${amount(rule, item.max)}`);
      return md`${parts.length > 0 ? joinMd(parts, ", ") : md`no bound`}${off}`;
    }
    case "enum":
      return enumWords(rule, item.value, item.operator);
    case "object": {
      const config = item.clusterConfig ?? item.config;
      return md`${configWords(config)}${off}`;
    }
    default:
      return value(
        Object.fromEntries(Object.entries(item).filter(([k]) => k !== "rule" && k !== "dealbreaker")),
      );
  }
}

function enumWords(rule: string, v: unknown, operator: unknown): Md {
  const shown = value(v);
  if (operator === "not_equals") return md`not ${shown}`;
  // risk_level equals X is a threshold (service-api.md#rule-items): X and every lower risk.
  if (rule === "risk_level") return v === "LOW" ? md`LOW only` : md`${shown} or lower`;
  return shown;
}

function configWords(config: unknown): Md {
  if (config === undefined || config === null) return md`no config`;
  if (isUnknownValue(config)) return UNKNOWN_WORDS;
  if (typeof config !== "object") return value(config);
  const out: Md[] = [];
  for (const [key, v] of Object.entries(config as Record<string, unknown>)) {
    if (key === "windows" && typeof v === "object" && v !== null) {
      for (const [w, t] of Object.entries(v as Record<string, unknown>))
        out.push(md`${text(w)} window ≥ ${value(t)}`);
    } else out.push(md`${text(key)} ${value(v)}`);
  }
  return out.length > 0 ? joinMd(out, ", ") : md`empty config`;
}

function role(item: Item): Md {
  return item.dealbreaker === true ? md`dealbreaker` : md`rule`;
}

/** Statements for one rule id whose items differ (one old item, one new item). */
function changedItem(before: Item, after: Item): Md[] {
  const rule = String(after.rule);
  const id = code(rule);
  const out: Md[] = [];
  if (before.dealbreaker !== after.dealbreaker) {
    out.push(
      after.dealbreaker === true ? md`${id} became a dealbreaker` : md`${id} is no longer a dealbreaker`,
    );
  }
  if ((before.enabled === false) !== (after.enabled === false)) {
    out.push(after.enabled === false ? md`${id} was disabled (skipped)` : md`${id} was re-enabled`);
  }
  const kind = getRuleDefinition(rule)?.kind;
  if (kind === "numeric") {
    for (const bound of ["min", "max"] as const) {
      const a = before[bound];
      const b = after[bound];
      if (stableStringify(a) === stableStringify(b)) continue;
      const word = bound === "min" ? md`min` : md`max`;
      if (a === undefined) out.push(md`${id}: ${word} ${amount(rule, b)} added`);
      else if (b === undefined) out.push(md`${id}: ${word} ${amount(rule, a)} removed`);
      else out.push(md`${id}: ${word} ${amount(rule, a)} → ${amount(rule, b)}${direction(bound, a, b)}`);
    }
  } else if (kind === "enum") {
    if (before.value !== after.value || (before.operator ?? "equals") !== (after.operator ?? "equals")) {
      out.push(
        md`${id}: ${enumWords(rule, before.value, before.operator)} → ${enumWords(rule, after.value, after.operator)}`,
      );
    }
  } else if (kind === "object") {
    const key =
      after.clusterConfig !== undefined || before.clusterConfig !== undefined ? "clusterConfig" : "config";
    out.push(...configChanges(id, before[key], after[key]));
  } else if (kind === undefined) {
    const strip = (i: Item) => stableStringify({ ...i, dealbreaker: undefined, enabled: undefined });
    if (strip(before) !== strip(after))
      out.push(md`${id}: ${describeCondition(before)} → ${describeCondition(after)}`);
  }
  return out;
}

/** Tightening a min (raising it) or a max (lowering it) lets fewer tokens through. */
function direction(bound: "min" | "max", a: unknown, b: unknown): Md {
  if (typeof a !== "number" || typeof b !== "number") return md``;
  const tighter = bound === "min" ? b > a : b < a;
  return tighter ? md` (tighter)` : md` (looser)`;
}

function configChanges(id: Md, before: unknown, after: unknown): Md[] {
  if (
    isUnknownValue(before) ||
    isUnknownValue(after) ||
    typeof before !== "object" ||
    typeof after !== "object"
  ) {
    return stableStringify(before) === stableStringify(after)
      ? []
      : [md`${id}: ${configWords(before)} → ${configWords(after)}`];
  }
  const a = flatten(before as Record<string, unknown>);
  const b = flatten(after as Record<string, unknown>);
  const out: Md[] = [];
  for (const path of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
    const x = a[path];
    const y = b[path];
    if (stableStringify(x) === stableStringify(y)) continue;
    const label = path.startsWith("windows.")
      ? md`${text(path.slice("windows.".length))} window`
      : text(path);
    if (Array.isArray(x) && Array.isArray(y)) {
      const added = y.filter((v) => !x.includes(v));
      const removed = x.filter((v) => !y.includes(v));
      const parts = [
        ...(added.length ? [md`added ${joinMd(added.map(value), ", ")}`] : []),
        ...(removed.length ? [md`removed ${joinMd(removed.map(value), ", ")}`] : []),
      ];
      out.push(md`${id}: ${label} ${joinMd(parts, "; ")}`);
    } else if (x === undefined) out.push(md`${id}: ${label} ${value(y)} added`);
    else if (y === undefined) out.push(md`${id}: ${label} ${value(x)} removed`);
    else out.push(md`${id}: ${label} ${value(x)} → ${value(y)}`);
  }
  return out;
}

function flatten(obj: Record<string, unknown>, prefix = ""): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) {
    const path = prefix ? `${prefix}.${k}` : k;
    if (typeof v === "object" && v !== null && !Array.isArray(v))
      Object.assign(out, flatten(v as Record<string, unknown>, path));
    else out[path] = v;
  }
  return out;
}

function addedStatement(item: Item): Md {
  return md`Added ${role(item)} ${code(String(item.rule))}: ${describeCondition(item)}`;
}

function removedStatement(item: Item): Md {
  return md`Removed ${role(item)} ${code(String(item.rule))} (was: ${describeCondition(item)})`;
}

/**
 * Every rule-level change between two rule lists, one statement each. Several items of one
 * rule id are paired by exact equality first (unchanged), then by dealbreaker flag, then in
 * canonical order; what is left over was added or removed.
 */
export function ruleChanges(oldRules: unknown, newRules: unknown): Md[] {
  if (isUnknownValue(newRules)) return [md`Rules: ${UNKNOWN_WORDS}`];
  const before = asItems(oldRules).map(canonical);
  const after = asItems(newRules).map(canonical);
  const ids = [...new Set([...before, ...after].map((i) => String(i.rule)))].sort();
  const out: Md[] = [];
  for (const id of ids) {
    let olds = before.filter((i) => String(i.rule) === id);
    let news = after.filter((i) => String(i.rule) === id);
    // Drop exact matches: unchanged items of this rule.
    for (const o of [...olds]) {
      const j = news.findIndex((n) => stableStringify(n) === stableStringify(o));
      if (j >= 0) {
        news = news.filter((_, k) => k !== j);
        olds = olds.filter((x) => x !== o);
      }
    }
    const pairs: [Item, Item][] = [];
    for (const o of [...olds]) {
      const j = news.findIndex((n) => n.dealbreaker === o.dealbreaker);
      if (j >= 0) {
        pairs.push([o, news[j]!]);
        news = news.filter((_, k) => k !== j);
        olds = olds.filter((x) => x !== o);
      }
    }
    while (olds.length > 0 && news.length > 0) pairs.push([olds.shift()!, news.shift()!]);
    for (const [o, n] of pairs) out.push(...changedItem(o, n));
    for (const n of news) out.push(addedStatement(n));
    for (const o of olds) out.push(removedStatement(o));
  }
  return out;
}

function asItems(rules: unknown): Item[] {
  return Array.isArray(rules) ? rules.filter((r): r is Item => typeof r === "object" && r !== null) : [];
}
