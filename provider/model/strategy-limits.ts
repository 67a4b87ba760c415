/**
 * Limits the spec leaves "not shown" (service-api.md#plans-and-limits), decided once here so the validator, the
 * emulator and the docs agree (docs/spec-decisions.md, "Rule catalog" / "Strategy limits").
 * Lengths are JavaScript string lengths (UTF-16 code units), what a JSON service counts.
 */
export const STRATEGY_LIMITS = {
  nameMaxLength: 100,
  descriptionMaxLength: 500,
  maxRules: 50,
  maxTriggers: 6,
  alertCooldownMinsMin: 0,
  alertCooldownMinsMax: 1440,
} as const;
