/**
 * The Strategy's limits under the names the doctor and the temporary names read, taken from the
 * descriptor's bounds (provider/model/kinds/strategy.ts), where each is written once. The spec
 * leaves all but the cooldown's "not shown" (service-api.md#plans-and-limits;
 * docs/spec-decisions.md, "Rule catalog" / "Strategy limits"). Lengths are JavaScript string
 * lengths (UTF-16 code units), what a JSON service counts.
 */
import { STRATEGY_KIND } from "./kinds/strategy";

const { name, description, rules, triggers, alertCooldownMins } = STRATEGY_KIND.inputs;

export const STRATEGY_LIMITS = {
  nameMaxLength: name.bounds.max,
  descriptionMaxLength: description.bounds.max,
  maxRules: rules.bounds.max,
  maxTriggers: triggers.bounds.max,
  alertCooldownMinsMin: alertCooldownMins.bounds.min,
  alertCooldownMinsMax: alertCooldownMins.bounds.max,
} as const;
