/**
 * The plans and their limits (service-api.md#plans-and-limits): what `GET /me` reports for each plan unless the
 * account has its own. The client sizes its rate limiter by them before it has asked, the
 * emulator serves them, and `strategy-alerts doctor` compares a service's answer with them.
 */
export const PLANS = ["PRO", "DEGEN"] as const;
export type Plan = (typeof PLANS)[number];

export interface PlanLimits {
  requestsPerMinute: number;
  /** Maximum simultaneously active strategies. */
  active: number;
  /** Maximum strategies in total; null = no cap (the default for both plans). */
  total: number | null;
  /** Backtest jobs per UTC day; null = unlimited. */
  backtestsPerDay: number | null;
  lookbackDays: number;
}

export const PLAN_LIMITS: Readonly<Record<Plan, Readonly<PlanLimits>>> = {
  PRO: { requestsPerMinute: 60, active: 25, total: null, backtestsPerDay: 25, lookbackDays: 7 },
  DEGEN: { requestsPerMinute: 300, active: 50, total: null, backtestsPerDay: null, lookbackDays: 14 },
};

export function isPlan(name: string): name is Plan {
  return (PLANS as readonly string[]).includes(name);
}
