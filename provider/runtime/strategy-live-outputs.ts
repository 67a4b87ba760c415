import type { Strategy } from "../model/strategy";

/** Outputs of a Strategy that come from the service rather than from the declared inputs. */
export interface StrategyLiveOutputs {
  strategyId: string;
  userId: string;
  dealbreakers: Strategy["dealbreakers"];
  ruleGroups: Strategy["ruleGroups"];
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

/** The live outputs of a strategy read from the service (create answer, list or single read). */
export function liveOutputs(s: Strategy): StrategyLiveOutputs {
  return {
    strategyId: s.id,
    userId: s.userId,
    dealbreakers: s.dealbreakers,
    ruleGroups: s.ruleGroups,
    isActive: s.isActive,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
  };
}
