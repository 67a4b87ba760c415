/**
 * `pulumi-strategy-alerts/policy`: guardrails for strategy portfolios as a @pulumi/policy pack.
 *
 *     new PolicyPack("strategy-alerts", { policies: strategyAlertsPolicies() });
 *
 * Policies recognise this package's resources by type token and read their checked inputs.
 * @pulumi/policy is an optional peer dependency: only a policy pack needs it.
 */
import type { ResourceValidationPolicy, StackValidationPolicy } from "@pulumi/policy";
import { activeSharePolicy } from "./active-share";
import { alertCooldownPolicy } from "./alert-cooldown";
import { followedDevelopersPolicy } from "./followed-developers";
import { honeypotDealbreakerPolicy } from "./honeypot-dealbreaker";
import { maxRulesPolicy } from "./max-rules";
import { type StrategyAlertsPolicyOptions, validateOptions } from "./options";
import { webhookHttpsPolicy } from "./webhook-https";

export {
  DEFAULT_ACTIVE_SHARE_WARNING,
  DEFAULT_ENFORCEMENT,
  DEFAULT_MAX_RULES_PER_STRATEGY,
  PLAN_ACTIVE_LIMITS,
  type Plan,
  POLICY_NAMES,
  type PolicyName,
  PolicyOptionsError,
  type StrategyAlertsPolicyOptions,
} from "./options";

/**
 * Every strategy-alerts policy, resource policies first, with the given defaults. Throws
 * PolicyOptionsError, naming the option, when an option is invalid.
 */
export function strategyAlertsPolicies(
  options: StrategyAlertsPolicyOptions = {},
): (ResourceValidationPolicy | StackValidationPolicy)[] {
  validateOptions(options);
  return [
    alertCooldownPolicy(options),
    maxRulesPolicy(options),
    webhookHttpsPolicy(options),
    honeypotDealbreakerPolicy(options),
    activeSharePolicy(options),
    followedDevelopersPolicy(options),
  ];
}
