import type { StackValidationPolicy } from "@pulumi/policy";
import { enforcementOf, type StrategyAlertsPolicyOptions } from "./options";
import { dependencyUrns, isKnown, ourResources, type Props, strategyLabel } from "./stack-view";

/**
 * A `followed_dev_new_token_created` trigger scoped to a wallet only ever fires for a developer
 * the account follows. Naming one that the stack does not follow is a strategy that never alerts.
 */
export function followedDevelopersPolicy(options: StrategyAlertsPolicyOptions): StackValidationPolicy {
  return {
    name: "followed-developers-only",
    description: "A strategy's trigger configs name only developers that the stack follows.",
    enforcementLevel: enforcementOf("followed-developers-only", options),
    validateStack: (args, reportViolation) => {
      const developers = ourResources(args.resources, "FollowedDeveloper").filter(
        (d) => d.props.active !== false,
      );
      const followed = new Set(developers.map((d) => d.props.address).filter(isKnown));
      const followedUrns = new Set(developers.map((d) => d.urn));
      for (const strategy of ourResources(args.resources, "Strategy")) {
        const configs = strategy.props.triggerConfigs;
        if (!isKnown(configs) || configs === null || typeof configs !== "object") continue;
        const config = (configs as Props).followed_dev_new_token_created;
        if (!isKnown(config) || config === null || typeof config !== "object") continue;
        if (config.scope !== "wallet") continue;
        const address = config.developerAddress;
        if (isKnown(address) && followed.has(address)) continue;
        if (!isKnown(address)) {
          // Computed during preview: fine when it comes from a developer the stack follows.
          const sources = dependencyUrns(strategy.source, "triggerConfigs", "FollowedDeveloper");
          if ([...sources].some((urn) => followedUrns.has(urn))) continue;
        }
        reportViolation(
          `${strategyLabel(strategy)} triggers on launches by developer ${isKnown(address) ? address : "(computed)"}, ` +
            "which this stack does not follow: declare a FollowedDeveloper for that address and use its address output.",
          strategy.urn,
        );
      }
    },
  };
}
