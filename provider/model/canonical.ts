/**
 * The canonical form of a strategy input: two inputs that mean the same thing have equal
 * canonical forms, so reordering rules or triggers in code is never a change, and the form
 * rebuilt from the stored structures (rule-mapping) compares equal to the form of the code.
 *
 * Defaults are dropped, never materialised: `enabled: true` (boolean and object rules),
 * `operator: "equals"` (enum rules), `scope: "all"` (followed-developer trigger) and an
 * empty triggerConfigs all disappear. risk_level values are upper-cased; walletTypes are
 * sorted and de-duplicated.
 */
import { getRuleDefinition } from "./rule-catalog";
import type { RuleItem } from "./rule-items";
import type { StrategyInput, StrategyPatch, TriggerConfigs } from "./strategy";

/** A sorted, de-duplicated copy: the form of every "set of ids" input. */
export function canonicalStringSet<T extends string>(ids: readonly T[]): T[] {
  return [...new Set(ids)].sort(compareStrings);
}

export function canonicalStrategyInput<T extends StrategyInput | StrategyPatch>(input: T): T {
  const out: Record<string, unknown> = { ...input };
  if (input.rules !== undefined) out.rules = canonicalRules(input.rules);
  if (input.triggers !== undefined) out.triggers = canonicalStringSet(input.triggers);
  if (input.triggerConfigs !== undefined && input.triggerConfigs !== null) {
    const configs = canonicalTriggerConfigs(input.triggerConfigs);
    if (configs === undefined) delete out.triggerConfigs;
    else out.triggerConfigs = configs;
  }
  return out as T;
}

export function canonicalRules(rules: readonly RuleItem[]): RuleItem[] {
  return rules
    .map(canonicalRuleItem)
    .map((item) => ({ item, key: ruleSortKey(item) }))
    .sort((a, b) => compareStrings(a.key, b.key))
    .map(({ item }) => item);
}

export function canonicalRuleItem(item: RuleItem): RuleItem {
  const kind = getRuleDefinition(item.rule)?.kind;
  const r = item as Record<string, unknown>;
  const out: Record<string, unknown> = { rule: item.rule, dealbreaker: item.dealbreaker };
  switch (kind) {
    case "numeric":
      if (r.min !== undefined) out.min = r.min;
      if (r.max !== undefined) out.max = r.max;
      if (r.enabled === false) out.enabled = false;
      break;
    case "enum":
      out.value = item.rule === "risk_level" ? String(r.value).toUpperCase() : r.value;
      if (r.operator !== undefined && r.operator !== "equals") out.operator = r.operator;
      break;
    case "object":
      if (r.enabled === false) out.enabled = false;
      if (r.config !== undefined) out.config = canonicalConfig(r.config as Record<string, unknown>);
      if (r.clusterConfig !== undefined) out.clusterConfig = { ...(r.clusterConfig as object) };
      break;
    default:
      if (r.enabled === false) out.enabled = false;
  }
  return out as RuleItem;
}

function canonicalConfig(config: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(config)) {
    if (value === undefined) continue;
    if (key === "walletTypes" && Array.isArray(value)) out[key] = canonicalStringSet(value as string[]);
    else if (key === "windows" && typeof value === "object" && value !== null)
      out[key] = withoutUndefined(value);
    else out[key] = value;
  }
  return out;
}

function canonicalTriggerConfigs(configs: TriggerConfigs): TriggerConfigs | undefined {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(configs)) {
    if (value === undefined) continue;
    const config = withoutUndefined(value as object);
    // Scope all is what an omitted followed-developer config means (service-api.md#triggers).
    if (key === "followed_dev_new_token_created" && (config.scope ?? "all") === "all") continue;
    out[key] = config;
  }
  return Object.keys(out).length === 0 ? undefined : (out as TriggerConfigs);
}

/**
 * Orders by rule id, then dealbreaker, then the rest. Numeric items of one rule, dealbreaker
 * flag and enabled flag sort max-only, then min+max, then min-only: then a min-only item is
 * never directly followed by a max-only one, which is what lets storedToRules re-join an
 * adjacent greater_than/less_than pair into one item without ambiguity.
 */
function ruleSortKey(item: RuleItem): string {
  const r = item as Record<string, unknown>;
  const { rule, dealbreaker, ...rest } = r;
  let restKey = stableStringify(rest);
  if (getRuleDefinition(item.rule)?.kind === "numeric") {
    const shape = r.min === undefined ? 0 : r.max === undefined ? 2 : 1;
    restKey = `${r.enabled === false ? 0 : 1}${shape}${restKey}`;
  }
  return `${String(rule)}\u0000${dealbreaker ? 1 : 0}\u0000${restKey}`;
}

/** JSON with object keys sorted, so equal values give equal strings. */
export function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => compareStrings(a, b));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

function withoutUndefined(value: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
}

// Code-unit order, not localeCompare: the canonical form must not depend on the machine's locale.
function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
