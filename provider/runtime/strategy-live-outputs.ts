import type { Strategy } from "../model/strategy";

/**
 * Outputs of a Strategy that come from the service rather than from the declared inputs: only
 * the facts the inputs do not already say. The service's own record of the rules (its
 * dealbreakers and rule groups) is the declared `rules` regrouped, so the state holds the rules
 * once, as declared; `client.strategies.get(id)` reads the service's record.
 */
export interface StrategyLiveOutputs {
  strategyId: string;
  userId: string;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

/** The live outputs of a strategy read from the service (create answer, list or single read). */
export function liveOutputs(s: Strategy): StrategyLiveOutputs {
  return {
    strategyId: s.id,
    userId: s.userId,
    isActive: s.isActive,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
  };
}
