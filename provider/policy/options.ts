/**
 * The policies' names, default enforcement levels and tunables. Every default can be changed in
 * code (the options of strategyAlertsPolicies) and again per stack run through the pack's
 * policy config (`pulumi preview --policy-pack-config`), which the engine hands each policy.
 */
import type { EnforcementLevel } from "@pulumi/policy";

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

/** Active-strategy limits of the plans (spec section 8). */
export const PLAN_ACTIVE_LIMITS = { PRO: 25, DEGEN: 50 } as const;
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

export function enforcementOf(name: PolicyName, options: StrategyAlertsPolicyOptions): EnforcementLevel {
  return options.enforcementLevels?.[name] ?? DEFAULT_ENFORCEMENT[name];
}

/** A policy's config as the engine passed it, over the defaults this pack was built with. */
export function configWithDefaults<T extends object>(defaults: T, given: Partial<T>): T {
  const out = { ...defaults };
  for (const [k, v] of Object.entries(given)) if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  return out;
}
