import type { StackValidationPolicy } from "@pulumi/policy";
import { activeSet } from "./active-strategies";
import {
  configWithDefaults,
  DEFAULT_ACTIVE_SHARE_WARNING,
  enforcementOf,
  PLAN_ACTIVE_LIMITS,
  type Plan,
  type StrategyAlertsPolicyOptions,
} from "./options";

interface ActiveShareConfig {
  plan: Plan;
  activeLimit?: number;
  maxShare: number;
}

/**
 * A stack that fills most of the plan's active-strategy limit leaves no room to switch on a
 * strategy in a hurry (the activation's own preview fails only once the limit is crossed).
 */
export function activeSharePolicy(options: StrategyAlertsPolicyOptions): StackValidationPolicy {
  const defaults: ActiveShareConfig = {
    plan: options.plan ?? "PRO",
    maxShare: options.activeShareWarning ?? DEFAULT_ACTIVE_SHARE_WARNING,
    ...(options.activeLimit !== undefined ? { activeLimit: options.activeLimit } : {}),
  };
  return {
    name: "active-share-of-plan-limit",
    description:
      "The stack's active set uses at most a configured share of the plan's active-strategy limit.",
    enforcementLevel: enforcementOf("active-share-of-plan-limit", options),
    configSchema: {
      properties: {
        plan: { type: "string", enum: Object.keys(PLAN_ACTIVE_LIMITS), default: defaults.plan },
        activeLimit: { type: "integer", minimum: 1 },
        maxShare: { type: "number", exclusiveMinimum: 0, maximum: 1, default: defaults.maxShare },
      },
    },
    validateStack: (args, reportViolation) => {
      const config = configWithDefaults(defaults, args.getConfig<Partial<ActiveShareConfig>>());
      const limit = config.activeLimit ?? PLAN_ACTIVE_LIMITS[config.plan];
      const active = activeSet(args.resources).size;
      if (active <= config.maxShare * limit) return;
      const percent = (n: number) => `${Math.round(n * 100)}%`;
      const limitName =
        config.activeLimit !== undefined ? "the configured limit" : `the ${config.plan} plan's limit`;
      reportViolation(
        `The stack's active set holds ${active} strategies, ${percent(active / limit)} of ${limitName} of ${limit} ` +
          `(policy config maxShare ${percent(config.maxShare)}): deactivate strategies you no longer need, ` +
          "or plan for a larger plan.",
      );
    },
  };
}
