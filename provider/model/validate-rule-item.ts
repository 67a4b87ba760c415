/**
 * Validation of one submitted rule item against service-api.md#rule-items (the Must / Must not table per
 * kind and the config fields of object rules), with a message per failure.
 */
import { getRuleDefinition, type ObjectRuleId, type RuleDefinition } from "./rule-catalog";
import {
  BUY_PRESSURES,
  CLUSTER_RISKS,
  ENUM_OPERATORS,
  VOLUME_SPIKES,
  VOLUME_WINDOWS,
  WALLET_TYPES,
} from "./rule-items";
import {
  checkBoolean,
  checkNumber,
  checkOneOf,
  expectObject,
  has,
  type IssueList,
  isPlainObject,
  type NumberRule,
  own,
  type PlainObject,
  rejectUnknownKeys,
  requireField,
} from "./validation-checks";
import { childPath, describeValue } from "./validation-issue";

const ITEM_FIELDS = [
  "rule",
  "dealbreaker",
  "enabled",
  "min",
  "max",
  "value",
  "operator",
  "config",
  "clusterConfig",
];

/** Fields each kind must not carry (beyond the config key of the other object kind). */
const FORBIDDEN_BY_KIND: Record<RuleDefinition["kind"], readonly string[]> = {
  boolean: ["min", "max", "value", "operator", "config", "clusterConfig"],
  numeric: ["value", "operator", "config", "clusterConfig"],
  enum: ["enabled", "min", "max", "config", "clusterConfig"],
  object: ["min", "max", "value", "operator"],
};

export function validateRuleItem(item: unknown, path: string, issues: IssueList): void {
  if (!isPlainObject(item)) {
    issues.add(path, `must be an object with a rule id, got ${describeValue(item)}`);
    return;
  }
  rejectUnknownKeys(item, ITEM_FIELDS, path, issues, "rule item field");

  const def = checkRuleId(item, path, issues);
  checkDealbreaker(item, def, path, issues);
  if (def === undefined) return;

  for (const key of FORBIDDEN_BY_KIND[def.kind]) {
    if (!has(item, key)) continue;
    issues.add(`${path}.${key}`, `is not allowed on ${def.kind} rule ${def.id}`);
  }

  switch (def.kind) {
    case "boolean":
      if (has(item, "enabled")) checkBoolean(item.enabled, `${path}.enabled`, issues);
      return;
    case "numeric":
      checkNumericItem(item, def, path, issues);
      return;
    case "enum":
      checkEnumItem(item, def, path, issues);
      return;
    case "object":
      checkObjectItem(item, def, path, issues);
      return;
  }
}

function checkRuleId(item: PlainObject, path: string, issues: IssueList): RuleDefinition | undefined {
  if (!requireField(item, "rule", path, issues)) return undefined;
  const rule = own(item, "rule");
  if (typeof rule !== "string") {
    issues.add(`${path}.rule`, `must be a string, got ${describeValue(rule)}`);
    return undefined;
  }
  const def = getRuleDefinition(rule);
  if (def === undefined) issues.add(`${path}.rule`, `${describeValue(rule)} is not a supported rule id`);
  return def;
}

function checkDealbreaker(
  item: PlainObject,
  def: RuleDefinition | undefined,
  path: string,
  issues: IssueList,
): void {
  if (!requireField(item, "dealbreaker", path, issues)) return;
  const value = own(item, "dealbreaker");
  if (typeof value !== "boolean") {
    issues.add(`${path}.dealbreaker`, `must be a boolean, got ${describeValue(value)}`);
  } else if (value && def !== undefined && !def.dealbreakerAllowed) {
    const p = `${path}.dealbreaker`;
    issues.push({ path: p, message: `${p}: ${def.id} cannot be a dealbreaker` });
  }
}

function checkNumericItem(item: PlainObject, def: RuleDefinition, path: string, issues: IssueList): void {
  if (has(item, "enabled") && item.enabled !== false) {
    issues.add(
      `${path}.enabled`,
      `must be false or omitted on numeric rule ${def.id}, got ${describeValue(item.enabled)}`,
    );
  }
  const hasMin = has(item, "min");
  const hasMax = has(item, "max");
  if (!hasMin && !hasMax) {
    issues.add(path, `must carry min and/or max for numeric rule ${def.id}`);
    return;
  }
  const bound: NumberRule = { min: 0 };
  const min = hasMin ? checkNumber(item.min, `${path}.min`, issues, bound) : undefined;
  const max = hasMax ? checkNumber(item.max, `${path}.max`, issues, bound) : undefined;
  if (min !== undefined && max !== undefined && max <= min) {
    issues.add(`${path}.max`, `must be greater than min (min ${min}, max ${max})`);
  }
}

function checkEnumItem(item: PlainObject, def: RuleDefinition, path: string, issues: IssueList): void {
  if (def.kind !== "enum") return;
  if (has(item, "operator")) {
    checkOneOf(item.operator, ENUM_OPERATORS, `${path}.operator`, issues, "an enum operator");
  }
  if (!has(item, "value")) {
    issues.add(`${path}.value`, `is required for enum rule ${def.id}`);
    return;
  }
  const value = item.value;
  const p = `${path}.value`;
  if (typeof value !== "string") {
    issues.add(p, `must be a string, got ${describeValue(value)}`);
    return;
  }
  const candidate = def.caseInsensitive ? value.toUpperCase() : value;
  if (!def.values.includes(candidate)) {
    const suffix = def.caseInsensitive ? " (case-insensitive)" : "";
    issues.add(
      p,
      `${describeValue(value)} is not a valid ${def.id}; expected one of ${def.values.join(", ")}${suffix}`,
    );
  }
}

function checkObjectItem(item: PlainObject, def: RuleDefinition, path: string, issues: IssueList): void {
  if (def.kind !== "object") return;
  const key = def.configKey;
  const other = key === "config" ? "clusterConfig" : "config";
  if (has(item, other)) {
    const hint = other === "clusterConfig" ? "only coordinated_wallet_cluster takes it" : "use clusterConfig";
    issues.add(`${path}.${other}`, `is not allowed on object rule ${def.id}; ${hint}`);
  }
  if (has(item, "enabled")) checkBoolean(item.enabled, `${path}.enabled`, issues);
  if (!has(item, key)) {
    issues.add(`${path}.${key}`, `is required for object rule ${def.id}`);
    return;
  }
  const configPath = `${path}.${key}`;
  const config = item[key];
  if (!expectObject(config, configPath, issues)) return;
  const fields: Record<string, FieldCheck> = CONFIG_FIELDS[def.id as ObjectRuleId];
  rejectUnknownKeys(config, Object.keys(fields), configPath, issues, `field of ${def.id} ${key}`);
  for (const [field, check] of Object.entries(fields)) {
    if (requireField(config, field, configPath, issues))
      check(config[field], `${configPath}.${field}`, issues);
  }
}

type FieldCheck = (value: unknown, path: string, issues: IssueList) => void;

const number =
  (rule: NumberRule): FieldCheck =>
  (value, path, issues) =>
    void checkNumber(value, path, issues, rule);

const oneOf =
  (allowed: readonly string[], what: string): FieldCheck =>
  (value, path, issues) =>
    checkOneOf(value, allowed, path, issues, what);

const checkWalletTypes: FieldCheck = (value, path, issues) => {
  if (!Array.isArray(value)) {
    issues.add(path, `must be an array of wallet types, got ${describeValue(value)}`);
    return;
  }
  if (value.length === 0) issues.add(path, `must not be empty; expected some of ${WALLET_TYPES.join(", ")}`);
  const seen = new Set<unknown>();
  value.forEach((type, i) => {
    checkOneOf(type, WALLET_TYPES, `${path}[${i}]`, issues, "a wallet type");
    if (seen.has(type)) issues.add(`${path}[${i}]`, `repeats ${describeValue(type)}`);
    seen.add(type);
  });
};

const checkWindows: FieldCheck = (value, path, issues) => {
  if (!expectObject(value, path, issues)) return;
  let thresholds = 0;
  for (const key of Object.keys(value)) {
    const p = childPath(path, key);
    if (!(VOLUME_WINDOWS as readonly string[]).includes(key)) {
      issues.add(p, `is not a volume window; expected one of ${VOLUME_WINDOWS.join(", ")}`);
    } else if (value[key] !== undefined) {
      thresholds++;
      checkNumber(value[key], p, issues, { min: 0 });
    }
  }
  if (thresholds === 0)
    issues.add(path, `must set a threshold for at least one of ${VOLUME_WINDOWS.join(", ")}`);
};

const COUNT: NumberRule = { min: 0, integer: true };
const PERCENT: NumberRule = { min: 0, max: 100 };
const WINDOW = oneOf(VOLUME_WINDOWS, "a window label");

const CONFIG_FIELDS = {
  volume_24h: { windows: checkWindows },
  buy_sell_ratio_window: { window: WINDOW, buyPressure: oneOf(BUY_PRESSURES, "a buyPressure level") },
  validated_volume_spike: { window: WINDOW, volumeSpike: oneOf(VOLUME_SPIKES, "a volumeSpike level") },
  quality_wallet_count: { minWallets: number(COUNT), walletTypes: checkWalletTypes },
  quality_wallet_total_value: { minTotalValueUsd: number({ min: 0 }), walletTypes: checkWalletTypes },
  quality_wallet_min_winrate: {
    minWinratePct: number(PERCENT),
    minWalletsAboveThreshold: number(COUNT),
    walletTypes: checkWalletTypes,
  },
  coordinated_wallet_cluster: {
    maxTotalHeldPct: number(PERCENT),
    maxSingleClusterPct: number(PERCENT),
    maxClusterRisk: oneOf(CLUSTER_RISKS, "a cluster risk level"),
  },
} satisfies Record<ObjectRuleId, Record<string, FieldCheck>>;
