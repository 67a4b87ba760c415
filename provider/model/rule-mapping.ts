/**
 * Submitted rule items ⇄ the structures the service generates from them
 * (service-api.md#stored-rules). Decisions (docs/spec-decisions.md, "Rule catalog"):
 * - numeric: min → greater_than, max → less_than; min and max → two adjacent conditions
 *   (greater_than first). storedToRules joins such an adjacent pair back into one item.
 * - enum: equals / not_equals with the value (risk_level upper-cased).
 * - boolean: operator "is", value = the catalog's stored polarity (the condition to hold).
 * - object: operator "matches", value = the config object (clusterConfig for the cluster
 *   rule) as JSON text, so it reads back unchanged while a stored value stays a boolean,
 *   number or string as service-api.md#stored-rules requires of dealbreakers.
 * - enabled: the item's flag (default true) on every condition it produces.
 */
import { randomUUID } from "node:crypto";
import { StrategyAlertsError } from "./errors";
import { getRuleDefinition, PRODUCT_GROUPS, type ProductGroupId, type RuleDefinition } from "./rule-catalog";
import type { RuleItem } from "./rule-items";
import type { RuleGroup, StoredRule } from "./strategy";

const OBJECT_RULE_OPERATOR = "matches";
const BOOLEAN_RULE_OPERATOR = "is";
const GROUP_LOGIC = "AND";
/** Groups the list view shows even when empty (service-api.md#stored-rules). */
const ALWAYS_LISTED_GROUPS: readonly ProductGroupId[] = ["security", "market", "socials", "ai"];

export type StoredRules = { dealbreakers: StoredRule[]; ruleGroups: RuleGroup[] };

export type RulesToStoredOptions = {
  /** create: only groups holding rules; list: also the empty security, market, socials and ai groups. */
  view: "create" | "list";
  /** Id of each generated condition; UUIDs by default, injectable so tests are deterministic. */
  newId?: () => string;
};

export function rulesToStored(rules: readonly RuleItem[], options: RulesToStoredOptions): StoredRules {
  const newId = options.newId ?? randomUUID;
  const dealbreakers: StoredRule[] = [];
  const grouped = new Map<ProductGroupId, StoredRule[]>(PRODUCT_GROUPS.map((g) => [g.id, []]));
  for (const item of rules) {
    const def = getRuleDefinition(item.rule);
    if (def === undefined)
      throw new StoredRuleError(`rule "${String(item.rule)}" is not a supported rule id`);
    const conditions = toConditions(item, def).map((c) => ({ id: newId(), ...c }));
    (item.dealbreaker ? dealbreakers : grouped.get(def.group)!).push(...conditions);
  }
  const ruleGroups = PRODUCT_GROUPS.filter(
    (g) => grouped.get(g.id)!.length > 0 || (options.view === "list" && ALWAYS_LISTED_GROUPS.includes(g.id)),
  ).map((g) => ({ id: g.id, name: g.name, logic: GROUP_LOGIC, rules: grouped.get(g.id)! }));
  return { dealbreakers, ruleGroups };
}

type Condition = Pick<StoredRule, "ruleType" | "operator" | "value" | "enabled">;

function toConditions(item: RuleItem, def: RuleDefinition): Condition[] {
  const r = item as Record<string, unknown>;
  const enabled = r.enabled !== false;
  const ruleType = item.rule;
  switch (def.kind) {
    case "boolean":
      return [{ ruleType, operator: BOOLEAN_RULE_OPERATOR, value: def.storedValue, enabled }];
    case "numeric": {
      const out: Condition[] = [];
      if (typeof r.min === "number") out.push({ ruleType, operator: "greater_than", value: r.min, enabled });
      if (typeof r.max === "number") out.push({ ruleType, operator: "less_than", value: r.max, enabled });
      return out;
    }
    case "enum": {
      const value = def.caseInsensitive ? String(r.value).toUpperCase() : String(r.value);
      return [{ ruleType, operator: (r.operator as string | undefined) ?? "equals", value, enabled: true }];
    }
    case "object":
      return [
        {
          ruleType,
          operator: OBJECT_RULE_OPERATOR,
          value: JSON.stringify(r[def.configKey]),
          enabled,
        },
      ];
  }
}

/** A stored condition that no rule item can express (unknown rule, operator or value type). */
export class StoredRuleError extends StrategyAlertsError {
  override readonly name = "StoredRuleError";
  constructor(
    message: string,
    readonly path?: string,
  ) {
    super(path === undefined ? message : `${path}: ${message}`);
  }
}

/**
 * The rule items that generate the given structures, dealbreakers first. Not canonical:
 * pass the result through canonicalRules before comparing. A boolean condition's stored
 * value is not read (an item cannot express the opposite polarity), and an enum condition's
 * enabled flag is not either (enum items cannot carry enabled).
 */
export function storedToRules(stored: {
  dealbreakers: readonly StoredRule[];
  ruleGroups: readonly RuleGroup[];
}): RuleItem[] {
  const items = fromContainer(stored.dealbreakers, true, "dealbreakers");
  stored.ruleGroups.forEach((group, g) => {
    items.push(...fromContainer(group.rules, false, `ruleGroups[${g}].rules`));
  });
  return items;
}

function fromContainer(conditions: readonly StoredRule[], dealbreaker: boolean, path: string): RuleItem[] {
  const items: Record<string, unknown>[] = [];
  let openMin: Record<string, unknown> | undefined;
  conditions.forEach((condition, i) => {
    const at = `${path}[${i}]`;
    const def = getRuleDefinition(condition.ruleType);
    if (def === undefined)
      throw new StoredRuleError(`rule "${condition.ruleType}" is not a supported rule id`, at);
    const item = fromCondition(condition, def, dealbreaker, at);
    const joinsOpenMin =
      openMin !== undefined &&
      condition.operator === "less_than" &&
      openMin.rule === condition.ruleType &&
      openMin.enabled === item.enabled &&
      (openMin.min as number) < (item.max as number);
    if (joinsOpenMin) openMin!.max = item.max;
    else items.push(item);
    openMin = !joinsOpenMin && condition.operator === "greater_than" ? item : undefined;
  });
  return items as RuleItem[];
}

function fromCondition(
  condition: StoredRule,
  def: RuleDefinition,
  dealbreaker: boolean,
  at: string,
): Record<string, unknown> {
  const { operator, value } = condition;
  const item: Record<string, unknown> = { rule: def.id, dealbreaker };
  const unexpected = () =>
    new StoredRuleError(
      `operator "${operator}" with a ${typeof value} value does not fit ${def.kind} rule ${def.id}`,
      at,
    );
  switch (def.kind) {
    case "boolean":
      if (operator !== BOOLEAN_RULE_OPERATOR || typeof value !== "boolean") throw unexpected();
      break;
    case "numeric":
      if (typeof value !== "number") throw unexpected();
      if (operator === "greater_than") item.min = value;
      else if (operator === "less_than") item.max = value;
      else throw unexpected();
      break;
    case "enum":
      if ((operator !== "equals" && operator !== "not_equals") || typeof value !== "string")
        throw unexpected();
      item.value = def.caseInsensitive ? value.toUpperCase() : value;
      if (operator === "not_equals") item.operator = operator;
      return item;
    case "object": {
      // JSON text since the value must be scalar; a config stored as an object reads too.
      const config = typeof value === "string" ? parseJsonObject(value) : value;
      if (operator !== OBJECT_RULE_OPERATOR || typeof config !== "object" || config === null)
        throw unexpected();
      item[def.configKey] = structuredClone(config);
      break;
    }
  }
  if (!condition.enabled) item.enabled = false;
  return item;
}

function parseJsonObject(text: string): unknown {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === "object" && v !== null && !Array.isArray(v) ? v : undefined;
  } catch {
    return undefined;
  }
}
