/** Plan limits (spec section 8) and per-user overrides set through the control plane. */

export type Plan = "PRO" | "DEGEN";
export const PLANS: readonly Plan[] = ["PRO", "DEGEN"];

export interface Limits {
  requestsPerMinute: number;
  /** Maximum simultaneously active strategies. */
  active: number;
  /** Maximum strategies in total; null = no cap (the default for both plans). */
  total: number | null;
  /** Backtest jobs per UTC day; null = unlimited. */
  backtestsPerDay: number | null;
  lookbackDays: number;
}

export type LimitOverrides = Partial<Limits>;

const PLAN_LIMITS: Record<Plan, Limits> = {
  PRO: { requestsPerMinute: 60, active: 25, total: null, backtestsPerDay: 25, lookbackDays: 7 },
  DEGEN: { requestsPerMinute: 300, active: 50, total: null, backtestsPerDay: null, lookbackDays: 14 },
};

export function effectiveLimits(plan: Plan, overrides: LimitOverrides = {}): Limits {
  const base = PLAN_LIMITS[plan];
  const out: Limits = { ...base };
  for (const [k, v] of Object.entries(overrides) as [keyof Limits, number | null | undefined][]) {
    if (v !== undefined) (out as unknown as Record<string, number | null>)[k] = v;
  }
  return out;
}
