/**
 * The policies' names, default enforcement levels and tunables. Every default can be changed in
 * code (the options of strategyAlertsPolicies) and again per stack run through the pack's
 * policy config (`pulumi preview --policy-pack-config`), which the engine hands each policy.
 */

import type { EnforcementLevel } from "@pulumi/policy";
import { StrategyAlertsError } from "../model/errors";
import { PLAN_LIMITS } from "../model/plan-limits";

export const POLICY_NAMES = [
  "honeypot-dealbreaker",
  "alert-cooldown",
  "webhook-https",
  "max-rules-per-strategy",
  "active-share-of-plan-limit",
  "followed-developers-only",
] as const;
export type PolicyName = (typeof POLICY_NAMES)[number];

/** Guardrails whose breach is a mistake fail the run; judgement calls only warn. */
export const DEFAULT_ENFORCEMENT: Record<PolicyName, EnforcementLevel> = {
  "honeypot-dealbreaker": "mandatory",
  "alert-cooldown": "advisory",
  "webhook-https": "mandatory",
  "max-rules-per-strategy": "mandatory",
  "active-share-of-plan-limit": "advisory",
  "followed-developers-only": "mandatory",
};

/** Active-strategy limits of the plans (service-api.md#plans-and-limits). */
export const PLAN_ACTIVE_LIMITS = { PRO: PLAN_LIMITS.PRO.active, DEGEN: PLAN_LIMITS.DEGEN.active } as const;
export type Plan = keyof typeof PLAN_ACTIVE_LIMITS;

export interface StrategyAlertsPolicyOptions {
  /** Enforcement level per policy name; unnamed policies keep DEFAULT_ENFORCEMENT. */
  enforcementLevels?: Partial<Record<PolicyName, EnforcementLevel>>;
  /** The most rule items a strategy may carry (default 20; the service's own cap is 50). */
  maxRulesPerStrategy?: number;
  /** The plan whose active-strategy limit the active set is measured against (default PRO). */
  plan?: Plan;
  /** An explicit active-strategy limit, instead of the plan's. */
  activeLimit?: number;
  /** Warn when the active set uses more than this share (0 to 1) of the limit (default 0.8). */
  activeShareWarning?: number;
}

export const DEFAULT_MAX_RULES_PER_STRATEGY = 20;
export const DEFAULT_ACTIVE_SHARE_WARNING = 0.8;

const ENFORCEMENT_LEVELS: readonly EnforcementLevel[] = ["advisory", "mandatory", "remediate", "disabled"];

/** Options that would make a policy meaningless, named by field. */
export class PolicyOptionsError extends StrategyAlertsError {
  constructor(
    readonly field: string,
    reason: string,
  ) {
    super(`strategyAlertsPolicies: ${field} ${reason}`);
    this.name = "PolicyOptionsError";
  }
}

/** Throws PolicyOptionsError for the first invalid option, so a pack fails when it loads. */
export function validateOptions(options: StrategyAlertsPolicyOptions): void {
  for (const [name, level] of Object.entries(options.enforcementLevels ?? {})) {
    if (!(POLICY_NAMES as readonly string[]).includes(name)) {
      throw new PolicyOptionsError(
        `enforcementLevels.${name}`,
        `names no policy (policies: ${POLICY_NAMES.join(", ")})`,
      );
    }
    if (!ENFORCEMENT_LEVELS.includes(level)) {
      throw new PolicyOptionsError(
        `enforcementLevels.${name}`,
        `must be one of ${ENFORCEMENT_LEVELS.join(", ")}`,
      );
    }
  }
  const positiveInteger = (field: string, v: number | undefined) => {
    if (v !== undefined && !(Number.isInteger(v) && v >= 1)) {
      throw new PolicyOptionsError(field, `must be a whole number of at least 1 (got ${v})`);
    }
  };
  positiveInteger("maxRulesPerStrategy", options.maxRulesPerStrategy);
  positiveInteger("activeLimit", options.activeLimit);
  if (options.plan !== undefined && !(options.plan in PLAN_ACTIVE_LIMITS)) {
    throw new PolicyOptionsError("plan", `must be one of ${Object.keys(PLAN_ACTIVE_LIMITS).join(", ")}`);
  }
  const share = options.activeShareWarning;
  if (share !== undefined && !(Number.isFinite(share) && share > 0 && share <= 1)) {
    throw new PolicyOptionsError(
      "activeShareWarning",
      `must be a share above 0 and at most 1 (got ${share})`,
    );
  }
}

export function enforcementOf(name: PolicyName, options: StrategyAlertsPolicyOptions): EnforcementLevel {
  return options.enforcementLevels?.[name] ?? DEFAULT_ENFORCEMENT[name];
}

/** A policy's config as the engine passed it, over the defaults this pack was built with. */
export function configWithDefaults<T extends object>(defaults: T, given: Partial<T>): T {
  const out = { ...defaults };
  for (const [k, v] of Object.entries(given)) if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  return out;
}
