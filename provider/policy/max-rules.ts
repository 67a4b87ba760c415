import type { ResourceValidationPolicy } from "@pulumi/policy";
import {
  configWithDefaults,
  DEFAULT_MAX_RULES_PER_STRATEGY,
  enforcementOf,
  type StrategyAlertsPolicyOptions,
} from "./options";
import { validateOurResource } from "./resource-validation";
import { isKnown } from "./stack-view";

/** Long rule lists are hard to review and rarely mean what their authors think. */
export function maxRulesPolicy(options: StrategyAlertsPolicyOptions): ResourceValidationPolicy {
  const defaults = { maxRules: options.maxRulesPerStrategy ?? DEFAULT_MAX_RULES_PER_STRATEGY };
  return {
    name: "max-rules-per-strategy",
    description: "A strategy carries at most a configured number of rule items.",
    enforcementLevel: enforcementOf("max-rules-per-strategy", options),
    configSchema: {
      properties: { maxRules: { type: "integer", minimum: 1, default: defaults.maxRules } },
    },
    validateResource: validateOurResource("Strategy", (props, args, reportViolation) => {
      const { maxRules } = configWithDefaults(defaults, args.getConfig<Partial<typeof defaults>>());
      const rules = props.rules;
      if (!isKnown(rules) || !Array.isArray(rules) || rules.length <= maxRules) return;
      const name = typeof props.name === "string" ? props.name : args.name;
      reportViolation(
        `Strategy "${name}" has ${rules.length} rules, more than the ${maxRules} allowed (policy config maxRules): ` +
          "split it into strategies with one purpose each.",
      );
    }),
  };
}
