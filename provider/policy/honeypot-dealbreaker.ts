import type { StackValidationPolicy } from "@pulumi/policy";
import { activeSet } from "./active-strategies";
import { enforcementOf, type StrategyAlertsPolicyOptions } from "./options";
import { isKnown, type Props, strategyLabel } from "./stack-view";

/**
 * An active strategy must reject honeypots outright: a token nobody can sell is never worth an
 * alert, whatever else matches. The strategy must carry `is_honeypot` as an enabled dealbreaker.
 */
export function honeypotDealbreakerPolicy(options: StrategyAlertsPolicyOptions): StackValidationPolicy {
  return {
    name: "honeypot-dealbreaker",
    description: "An active strategy carries the is_honeypot rule as an enabled dealbreaker.",
    enforcementLevel: enforcementOf("honeypot-dealbreaker", options),
    validateStack: (args, reportViolation) => {
      for (const strategy of activeSet(args.resources).strategies) {
        const rules = strategy.props.rules;
        // Rules computed from another resource's output cannot be judged before they exist.
        if (!isKnown(rules) || (Array.isArray(rules) && !rules.every(isKnown))) continue;
        if (Array.isArray(rules) && rules.some(isHoneypotDealbreaker)) continue;
        reportViolation(
          `${strategyLabel(strategy)} is active but has no is_honeypot dealbreaker: ` +
            `add { rule: "is_honeypot", dealbreaker: true } to its rules.`,
          strategy.urn,
        );
      }
    },
  };
}

function isHoneypotDealbreaker(item: unknown): boolean {
  if (item === null || typeof item !== "object") return false;
  const rule = item as Props;
  return rule.rule === "is_honeypot" && rule.dealbreaker === true && rule.enabled !== false;
}
