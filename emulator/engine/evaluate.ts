import { performance } from "node:perf_hooks";
import { newId } from "../ids";
import { evaluateStrategy, type MatchResult, type RuleItem } from "../model";
import type { EvaluationRecord, StrategyRecord } from "../store/records";
import type { TimedObservation } from "./history";
import { numberOr0, textOrEmpty } from "./missing-values";
import { sourceOf, type TriggerEvent } from "./triggers";

/**
 * Runs the shared model's evaluateStrategy for one strategy and token. A rule the model
 * cannot evaluate (it should not happen: stored rules were validated) becomes a failed
 * evaluation with that reason rather than an error, so one bad strategy never stops the event.
 */
export function runModel(
  strategy: Pick<StrategyRecord, "rules" | "strict" | "matching">,
  token: TimedObservation,
  strictOverride?: boolean,
): { result: MatchResult | null; error: string | null; elapsedMs: number } {
  const started = performance.now();
  try {
    const result = evaluateStrategy(
      { rules: strategy.rules as RuleItem[], strict: strategy.strict, matching: strategy.matching },
      token,
      strictOverride === undefined ? {} : { strictOverride },
    );
    return { result, error: null, elapsedMs: elapsed(started) };
  } catch (e) {
    return { result: null, error: (e as Error).message, elapsedMs: elapsed(started) };
  }
}

const elapsed = (started: number) => Math.round((performance.now() - started) * 1000) / 1000;

/** One failed rule as stored in failedRules (the spec does not show the inner shape). */
function failedRuleView(r: MatchResult["failedRules"][number]) {
  return {
    rule: r.rule,
    groupId: r.dealbreaker ? "dealbreakers" : r.groupId,
    dealbreaker: r.dealbreaker,
    reason: r.reason,
    ...(r.actual === undefined ? {} : { actual: r.actual }),
  };
}

/**
 * The stored evaluation: exactly the fields of service-api.md#strategy-evaluations in `view` (never currentMcap, athPrice,
 * athMcap, athAt, currentMultiple or athMultiple: an evaluation is a snapshot of the moment),
 * plus the sort and filter keys kept beside it.
 */
export function buildEvaluation(
  strategy: StrategyRecord,
  token: TimedObservation,
  event: TriggerEvent,
  seq: number,
  createdAt: string,
): EvaluationRecord {
  const { result, error, elapsedMs } = runModel(strategy, token);
  const matched = result?.matched ?? false;
  return {
    seq,
    evaluationTimeMs: elapsedMs,
    dealbreakerFailed: result?.dealbreakerFailed ?? false,
    failedGroupIds: result?.failedGroupIds ?? [],
    view: {
      evaluationId: newId(),
      strategyId: strategy.id,
      strategyName: strategy.name,
      userId: strategy.userId,
      tokenAddress: token.address,
      eventType: event.eventType,
      matched,
      matchDetails: {
        matchedGroups: result?.matchedGroups ?? [],
        failedGroupIds: result?.failedGroupIds ?? [],
        dealbreakerFailed: result?.dealbreakerFailed ?? false,
        ruleStats: result?.ruleStats ?? { evaluated: 0, passed: 0, percent: null },
        strict: result?.strict ?? strategy.strict,
      },
      failedRules: (result?.failedRules ?? []).map(failedRuleView),
      baselineAt: token.observedAt,
      baselinePrice: numberOr0(token.priceUsd),
      baselineMcap: numberOr0(token.marketCap),
      failureReason: error !== null ? `evaluation error: ${error}` : (result?.failureReason ?? null),
      marketAtEval: {
        liquidityUsd: numberOr0(token.liquidityUsd),
        marketCap: numberOr0(token.marketCap),
        priceUsd: numberOr0(token.priceUsd),
        holderCount: numberOr0(token.holderCount),
      },
      riskAtEval: { riskLevel: textOrEmpty(token.riskLevel), riskCount: numberOr0(token.riskCount) },
      sourceContext: {
        source: sourceOf(event.eventType),
        origin: event.origin,
        correlationId: event.correlationId,
        ...(event.tagId === undefined ? {} : { tagId: event.tagId }),
        ...(event.developerAddress === undefined ? {} : { developerAddress: event.developerAddress }),
      },
      createdAt,
      debugTrail: result?.debugTrail ?? [`evaluation error: ${error}`],
    },
  };
}
