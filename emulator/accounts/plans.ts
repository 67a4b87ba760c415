/** Plan limits (service-api.md#plans-and-limits) and per-user overrides set through the control plane. */
import { PLAN_LIMITS, type Plan, type PlanLimits } from "../../provider/model/plan-limits";

export { PLANS, type Plan } from "../../provider/model/plan-limits";

export type LimitOverrides = Partial<PlanLimits>;

export function effectiveLimits(plan: Plan, overrides: LimitOverrides = {}): PlanLimits {
  const base = PLAN_LIMITS[plan];
  const out: PlanLimits = { ...base };
  for (const [k, v] of Object.entries(overrides) as [keyof PlanLimits, number | null | undefined][]) {
    if (v !== undefined) (out as unknown as Record<string, number | null>)[k] = v;
  }
  return out;
}
