/**
 * The domain diff of one Strategy resource: every field a reviewer cares about, in words, from
 * the old and new inputs (canonical, so order never matters). Tag ids are shown by name when
 * the review knows the names.
 */
import { stableStringify } from "../model/canonical";
import { kindOf, type ReviewWording, reviewedInputs } from "../model/kinds";
import { describeCondition, ruleChanges } from "./rule-diff";
import {
  code,
  isUnknownValue,
  joinMd,
  type Md,
  md,
  plural,
  quote,
  text as textOf,
  UNKNOWN_WORDS,
  value,
} from "./words";

// biome-ignore lint/suspicious/noExplicitAny: inputs come from the engine as untyped JSON.
type Bag = Record<string, any>;

export interface Names {
  /** Developer and microblog tag ids → names. */
  tags: Record<string, string>;
}

const same = (a: unknown, b: unknown) => stableStringify(a ?? null) === stableStringify(b ?? null);

function text(v: unknown): Md {
  if (isUnknownValue(v)) return UNKNOWN_WORDS;
  if (v === undefined || v === null || v === "") return md`none`;
  return quote(String(v));
}

type Words = ReviewWording["words"];

/** What a field holds when the program leaves it out (its descriptor's default). */
const held = (bag: Bag, field: string) => bag[field] ?? kindOf("Strategy").inputs[field]?.default;

/**
 * How each kind of words (the descriptor's `review`) states a change of a field: its label, then
 * the value before and after (each with the default for a field left out).
 */
const CHANGE: Record<Words, (label: Md, before: unknown, after: unknown, names: Names) => Md[]> = {
  text: (label, a, b) => [md`${label}: ${text(a)} → ${text(b)}`],
  value: (label, a, b) => [md`${label}: ${value(a)} → ${value(b)}`],
  minutes: (label, a, b) => [md`${label}: ${minutes(a)} → ${minutes(b)}`],
  switch: (label, _a, b) => [b === true ? md`${label} turned on` : md`${label} turned off`],
  matching: (label, a, b) => [md`${label}: ${matching(a)} → ${matching(b)}`],
  triggers: (_label, a, b) => triggerChanges(a, b),
  triggerConfigs: (_label, a, b, names) => triggerConfigChanges(a, b, names),
  rules: (_label, a, b) => ruleChanges(a as never, b as never),
};

/** How each kind of words states a new resource's value that is not the default. */
const SUMMARY: Record<Words, (label: Md, v: unknown, names: Names) => Md[]> = {
  text: (label, v) => [md`${label}: ${text(v)}`],
  value: (label, v) => [md`${label}: ${value(v)}`],
  minutes: (label, v) => [md`${label}: ${minutes(v)}`],
  switch: (label, v) => (v === true ? [md`${label} on`] : []),
  matching: (label, v) => [md`${label}: ${matching(v)}`],
  triggers: (label, v) => [md`${label}: ${triggerList(v)}`],
  triggerConfigs: (label, v, names) =>
    Object.entries((v ?? {}) as Bag).map(
      ([eventType, config]) => md`${label} ${code(eventType)}: ${triggerConfigWords(config, names)}`,
    ),
  rules: (_label, v) => ruleSummary(v),
};

/** The worded fields in the descriptor's order, rules last. */
function wordedFields(): [string, ReviewWording][] {
  const fields = reviewedInputs("Strategy");
  return [...fields.filter(([, r]) => r.words !== "rules"), ...fields.filter(([, r]) => r.words === "rules")];
}

/** The statements of an update (or replacement) of a strategy, rules last. */
export function strategyChanges(before: Bag, after: Bag, names: Names): Md[] {
  return wordedFields().flatMap(([field, review]) => {
    const [a, b] = [held(before, field), held(after, field)];
    if (review.words !== "triggers" && review.words !== "triggerConfigs" && same(a, b)) return [];
    return CHANGE[review.words](textOf(review.label), a, b, names);
  });
}

/** A new strategy in full: what it listens to and every rule it applies. */
export function strategySummary(inputs: Bag, names: Names): Md[] {
  const out: Md[] = [];
  for (const [field, review] of wordedFields()) {
    const v = inputs[field];
    if (review.words === "rules" && typeof inputs.adopt === "string")
      out.push(md`Adopts the existing strategy ${code(inputs.adopt)}`);
    if (review.summary === false) continue;
    const always = review.words === "triggers" || review.words === "rules";
    const absent = v === undefined || v === null || v === "" || same(v, held({}, field));
    if (always || !absent) out.push(...SUMMARY[review.words](textOf(review.label), v, names));
  }
  return out;
}

/** The rules of a new strategy: dealbreakers, then the others. */
function ruleSummary(v: unknown): Md[] {
  const out: Md[] = [];
  const rules = Array.isArray(v) ? (v as Bag[]) : [];
  if (isUnknownValue(v)) out.push(md`Rules: ${UNKNOWN_WORDS}`);
  for (const role of [true, false]) {
    const items = rules.filter((r) => (r.dealbreaker === true) === role);
    if (items.length === 0) continue;
    const list = joinMd(
      items.map((r) => md`${code(String(r.rule))} ${describeCondition(r)}`),
      "; ",
    );
    out.push(md`${role ? md`Dealbreakers (${items.length})` : md`Rules (${items.length})`}: ${list}`);
  }
  return out;
}

function triggerList(triggers: unknown): Md {
  if (isUnknownValue(triggers)) return UNKNOWN_WORDS;
  return Array.isArray(triggers) && triggers.length > 0
    ? joinMd(
        triggers.map((t) => code(String(t))),
        ", ",
      )
    : md`none`;
}

function triggerChanges(before: unknown, after: unknown): Md[] {
  if (isUnknownValue(after)) return same(before, after) ? [] : [md`Triggers: ${UNKNOWN_WORDS}`];
  const a = Array.isArray(before) ? before.map(String) : [];
  const b = Array.isArray(after) ? after.map(String) : [];
  return [
    ...b.filter((t) => !a.includes(t)).map((t) => md`Trigger added: ${code(t)}`),
    ...a.filter((t) => !b.includes(t)).map((t) => md`Trigger removed: ${code(t)}`),
  ];
}

function triggerConfigChanges(before: unknown, after: unknown, names: Names): Md[] {
  const a = (typeof before === "object" && before !== null ? before : {}) as Bag;
  const b = (typeof after === "object" && after !== null ? after : {}) as Bag;
  const out: Md[] = [];
  for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
    if (same(a[key], b[key])) continue;
    const label = md`Trigger config ${code(key)}`;
    if (a[key] === undefined) out.push(md`${label} set: ${triggerConfigWords(b[key], names)}`);
    else if (b[key] === undefined) out.push(md`${label} removed (was: ${triggerConfigWords(a[key], names)})`);
    else out.push(md`${label}: ${triggerConfigWords(a[key], names)} → ${triggerConfigWords(b[key], names)}`);
  }
  return out;
}

/** `scope wallet, developer 7xK…` / `tag “KOL Majors”`; a followed-dev config without scope is scope all. */
function triggerConfigWords(config: unknown, names: Names): Md {
  if (isUnknownValue(config)) return UNKNOWN_WORDS;
  if (typeof config !== "object" || config === null) return value(config);
  const parts: Md[] = [];
  for (const [k, v] of Object.entries(config as Bag)) {
    if (k === "tagId") parts.push(v === "all" ? md`every tag` : md`tag ${tagName(v, names)}`);
    else if (k === "developerAddress")
      parts.push(md`developer ${isUnknownValue(v) ? UNKNOWN_WORDS : code(String(v))}`);
    else parts.push(md`${textOf(k)} ${value(v)}`);
  }
  return parts.length > 0 ? joinMd(parts, ", ") : md`defaults`;
}

function tagName(id: unknown, names: Names): Md {
  if (isUnknownValue(id)) return UNKNOWN_WORDS;
  const name = names.tags[String(id)];
  return name ? md`${quote(name)} (${code(String(id))})` : code(String(id));
}

function minutes(n: unknown): Md {
  return typeof n === "number" ? (n === 0 ? md`none` : plural(n, "minute")) : value(n);
}

function matching(m: unknown): Md {
  if (m === undefined || m === null) return md`off (every group must pass)`;
  if (isUnknownValue(m)) return UNKNOWN_WORDS;
  if (typeof m !== "object") return value(m);
  const { enabled, minPercent } = m as Bag;
  return enabled === false
    ? md`off (minimum ${value(minPercent)}% kept)`
    : md`at least ${value(minPercent)}% of the rules`;
}

export { tagName };
