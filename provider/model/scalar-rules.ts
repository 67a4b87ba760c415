/**
 * Evaluators of the boolean, numeric and enum rules (service-api.md#rule-items). Decisions
 * (docs/spec-decisions.md, "Rule evaluation"):
 * - boolean: the token's flag must equal the catalog's stored polarity (the condition to hold).
 * - numeric: the bounds are exclusive, as the stored operators say: min → value > min,
 *   max → value < max.
 * - risk_level equals is a threshold (the token's level is at most as severe as the value);
 *   not_equals is the exact negation of an exact match (any other level).
 * - launch_platform: exact match for equals and not_equals.
 */
import { RISK_SEVERITY, rankOn } from "./levels";
import { LAUNCH_PLATFORMS, RISK_LEVELS, RULE_CATALOG } from "./rule-catalog";
import { RULE_FIELDS } from "./rule-fields";
import type { BooleanRuleItem, EnumRuleItem, NumericRuleItem } from "./rule-items";
import { combine, fail, noData, type Outcome, pass } from "./rule-outcome";
import type { TokenObservation } from "./token";
import { readBoolean, readMember, readNumber } from "./token-read";

export function evaluateBoolean(item: BooleanRuleItem, token: TokenObservation): Outcome {
  if (item.rule === "at_least_one_social") return evaluateAtLeastOneSocial(token);
  const def = RULE_CATALOG[item.rule];
  const want = def.kind === "boolean" ? def.storedValue : true;
  const field = RULE_FIELDS[item.rule][0];
  const value = readBoolean(token, field);
  if (value === undefined) return noData(field);
  return value === want
    ? pass(`${field} is ${value}`, value)
    : fail(`${field} is ${value}, must be ${want}`, value);
}

// Any social link passes; all three known to be absent fails; otherwise the answer depends
// on a link we know nothing about.
function evaluateAtLeastOneSocial(token: TokenObservation): Outcome {
  const fields = RULE_FIELDS.at_least_one_social;
  const values = fields.map((f) => readBoolean(token, f));
  const actual = Object.fromEntries(fields.map((f, i) => [f, values[i]]));
  const present = fields.filter((_, i) => values[i] === true);
  if (present.length > 0)
    return pass(`${present.join(", ")} ${present.length > 1 ? "are" : "is"} true`, actual);
  const unknown = fields.filter((_, i) => values[i] === undefined);
  if (unknown.length > 0) return noData(unknown.join(", "));
  return fail(`none of ${fields.join(", ")} is true`, actual);
}

export function evaluateNumeric(item: NumericRuleItem, token: TokenObservation): Outcome {
  const field = RULE_FIELDS[item.rule][0];
  const value = readNumber(token, field);
  if (value === undefined) return noData(field);
  const checks: Outcome[] = [];
  if (item.min !== undefined)
    checks.push(
      value > item.min
        ? pass(`${field} ${value} is greater than ${item.min}`)
        : fail(`${field} ${value} is not greater than ${item.min}`),
    );
  if (item.max !== undefined)
    checks.push(
      value < item.max
        ? pass(`${field} ${value} is less than ${item.max}`)
        : fail(`${field} ${value} is not less than ${item.max}`),
    );
  return combine(checks, value);
}

export function evaluateEnum(item: EnumRuleItem, token: TokenObservation): Outcome {
  return item.rule === "risk_level" ? evaluateRiskLevel(item, token) : evaluateLaunchPlatform(item, token);
}

function evaluateRiskLevel(item: EnumRuleItem & { rule: "risk_level" }, token: TokenObservation): Outcome {
  const field = RULE_FIELDS.risk_level[0];
  const threshold = item.value.toUpperCase();
  const level = readMember(token, field, RISK_LEVELS, (s) => s.toUpperCase());
  if (level === undefined) return noData(field);
  if ((item.operator ?? "equals") === "not_equals")
    return level !== threshold
      ? pass(`${field} ${level} is not ${threshold}`, level)
      : fail(`${field} is ${level}`, level);
  return rankOn(RISK_SEVERITY, level) <= rankOn(RISK_SEVERITY, threshold)
    ? pass(`${field} ${level} is at or below ${threshold}`, level)
    : fail(`${field} ${level} is above ${threshold}`, level);
}

function evaluateLaunchPlatform(
  item: EnumRuleItem & { rule: "launch_platform" },
  token: TokenObservation,
): Outcome {
  const field = RULE_FIELDS.launch_platform[0];
  const platform = readMember(token, field, LAUNCH_PLATFORMS);
  if (platform === undefined) return noData(field);
  const equal = platform === item.value;
  if ((item.operator ?? "equals") === "not_equals")
    return equal
      ? fail(`${field} is ${platform}`, platform)
      : pass(`${field} ${platform} is not ${item.value}`, platform);
  return equal
    ? pass(`${field} is ${platform}`, platform)
    : fail(`${field} ${platform} is not ${item.value}`, platform);
}
