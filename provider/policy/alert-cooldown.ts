import type { ResourceValidationPolicy } from "@pulumi/policy";
import { enforcementOf, type StrategyAlertsPolicyOptions } from "./options";
import { validateOurResource } from "./resource-validation";
import { isKnown } from "./stack-view";

/**
 * A cooldown of 0 alerts on every evaluation of a token that keeps matching. The service's
 * default when the input is omitted is 0 as well, so an omitted cooldown is a violation too.
 */
export function alertCooldownPolicy(options: StrategyAlertsPolicyOptions): ResourceValidationPolicy {
  return {
    name: "alert-cooldown",
    description:
      "A strategy sets alertCooldownMins above 0, so a token that keeps matching is not re-alerted.",
    enforcementLevel: enforcementOf("alert-cooldown", options),
    validateResource: validateOurResource("Strategy", (props, args, reportViolation) => {
      const cooldown = props.alertCooldownMins;
      if (!isKnown(cooldown)) return;
      if (typeof cooldown === "number" && cooldown > 0) return;
      const name = typeof props.name === "string" ? props.name : args.name;
      reportViolation(
        `Strategy "${name}" has alertCooldownMins ${cooldown ?? "unset (0)"}: set alertCooldownMins to at least 1 ` +
          "so a token that keeps matching is not alerted on every evaluation.",
      );
    }),
  };
}
