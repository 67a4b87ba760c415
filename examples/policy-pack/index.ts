/**
 * A policy pack of guardrails for strategy-alerts portfolios:
 *
 *   pulumi preview --policy-pack path/to/policy-pack
 *   pulumi preview --policy-pack path/to/policy-pack --policy-pack-config policy-config.json
 *
 * Mandatory policies fail the preview; advisory ones print a warning. The policy config file
 * changes a policy's enforcement level or its settings per run, for example:
 *
 *   { "alert-cooldown": "mandatory", "max-rules-per-strategy": { "maxRules": 12 } }
 *
 * Stack config (of the stack being previewed):
 *   strategyAlertsPolicy:plan   optional, PRO (default) or DEGEN: the plan whose active-strategy
 *                               limit the active set is measured against
 */

import { PolicyPack } from "@pulumi/policy";
import * as pulumi from "@pulumi/pulumi";
import { PLAN_ACTIVE_LIMITS, type Plan, strategyAlertsPolicies } from "pulumi-strategy-alerts/policy";

// The pack reads the stack's own config: each stack says which plan its account is on.
const stackConfig = new pulumi.Config("strategyAlertsPolicy");
const plan = stackConfig.get("plan", { allowedValues: Object.keys(PLAN_ACTIVE_LIMITS) }) as Plan | undefined;

new PolicyPack("strategy-alerts", {
  description: "Guardrails for strategy-alerts portfolios.",
  policies: strategyAlertsPolicies({
    ...(plan ? { plan } : {}),
    maxRulesPerStrategy: 20,
    activeShareWarning: 0.8,
  }),
});
