/**
 * The domain diff of one Strategy resource: every field a reviewer cares about, in words, from
 * the old and new inputs (canonical, so order never matters). Tag ids are shown by name when
 * the review knows the names.
 */
import { stableStringify } from "../model/canonical";
import { defaultOf } from "../model/kinds";
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

/** The statements of an update (or replacement) of a strategy, rules last. */
export function strategyChanges(before: Bag, after: Bag, names: Names): Md[] {
  const out: Md[] = [];
  if (!same(before.name, after.name)) out.push(md`Name: ${text(before.name)} → ${text(after.name)}`);
  if (!same(before.description, after.description)) {
    out.push(md`Description: ${text(before.description)} → ${text(after.description)}`);
  }
  out.push(...triggerChanges(before.triggers, after.triggers));
  out.push(...triggerConfigChanges(before.triggerConfigs, after.triggerConfigs, names));
  const cooldown = (b: Bag) => b.alertCooldownMins ?? defaultOf("Strategy", "alertCooldownMins");
  if (!same(cooldown(before), cooldown(after))) {
    out.push(md`Alert cooldown: ${minutes(cooldown(before))} → ${minutes(cooldown(after))}`);
  }
  const strict = (b: Bag) => b.strict ?? defaultOf("Strategy", "strict");
  if (!same(strict(before), strict(after))) {
    out.push(after.strict === true ? md`Strict mode turned on` : md`Strict mode turned off`);
  }
  if (!same(before.matching, after.matching))
    out.push(md`Matching: ${matching(before.matching)} → ${matching(after.matching)}`);
  if (!same(before.retryPolicy, after.retryPolicy)) {
    out.push(md`Retry policy: ${value(before.retryPolicy)} → ${value(after.retryPolicy)}`);
  }
  out.push(...ruleChanges(before.rules, after.rules));
  return out;
}

/** A new strategy in full: what it listens to and every rule it applies. */
export function strategySummary(inputs: Bag, names: Names): Md[] {
  const out: Md[] = [];
  if (inputs.description) out.push(md`Description: ${text(inputs.description)}`);
  out.push(md`Triggers: ${triggerList(inputs.triggers)}`);
  for (const [eventType, config] of Object.entries((inputs.triggerConfigs ?? {}) as Bag)) {
    out.push(md`Trigger config ${code(eventType)}: ${triggerConfigWords(config, names)}`);
  }
  if (inputs.alertCooldownMins) out.push(md`Alert cooldown: ${minutes(inputs.alertCooldownMins)}`);
  if (inputs.strict === true) out.push(md`Strict mode on`);
  if (inputs.matching !== undefined) out.push(md`Matching: ${matching(inputs.matching)}`);
  if (inputs.retryPolicy !== undefined) out.push(md`Retry policy: ${value(inputs.retryPolicy)}`);
  if (typeof inputs.adopt === "string") out.push(md`Adopts the existing strategy ${code(inputs.adopt)}`);
  const rules = Array.isArray(inputs.rules) ? (inputs.rules as Bag[]) : [];
  if (isUnknownValue(inputs.rules)) out.push(md`Rules: ${UNKNOWN_WORDS}`);
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
