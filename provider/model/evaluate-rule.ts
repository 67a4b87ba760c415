/**
 * One rule item against one token observation. The evaluator table is keyed by every rule id
 * of the catalog, so a rule added to the catalog without an evaluator does not compile.
 */
import { StrategyAlertsError } from "./errors";
import {
  evaluateBuyPressure,
  evaluateClusters,
  evaluateVolumeSpike,
  evaluateVolumeWindows,
  evaluateWalletCount,
  evaluateWalletValue,
  evaluateWalletWinrate,
} from "./object-rules";
import type { RuleItem, TokenObservation } from "./plain-types";
import {
  BOOLEAN_RULE_IDS,
  type BooleanRuleId,
  ENUM_RULE_IDS,
  type EnumRuleId,
  NUMERIC_RULE_IDS,
  type NumericRuleId,
  type RuleId,
} from "./rule-catalog";
import { RuleItemSchema } from "./rule-items";
import type { Outcome } from "./rule-outcome";
import { evaluateBoolean, evaluateEnum, evaluateNumeric } from "./scalar-rules";

export type RuleResult = {
  rule: RuleId;
  /** True only when the rule was evaluated and holds. */
  passed: boolean;
  /** Not evaluated: enabled=false, a level of "off", or missing data in a non-strict strategy. */
  skipped: boolean;
  /** The token lacked a value the rule needs (reason starts with "no data"). */
  noData: boolean;
  reason: string;
  /** The token value(s) the rule compared, when there were any. */
  actual?: unknown;
};

type ItemOf<Id extends RuleId> = RuleItem & { rule: Id };
type Evaluator<Id extends RuleId> = (item: ItemOf<Id>, token: TokenObservation) => Outcome;
export type RuleEvaluators = { readonly [Id in RuleId]: Evaluator<Id> };

function forIds<Id extends RuleId>(ids: readonly Id[], evaluator: Evaluator<Id>): Record<Id, Evaluator<Id>> {
  return Object.fromEntries(ids.map((id) => [id, evaluator])) as Record<Id, Evaluator<Id>>;
}

export const RULE_EVALUATORS: RuleEvaluators = Object.freeze({
  ...forIds<BooleanRuleId>(BOOLEAN_RULE_IDS, evaluateBoolean),
  ...forIds<NumericRuleId>(NUMERIC_RULE_IDS, evaluateNumeric),
  ...forIds<EnumRuleId>(ENUM_RULE_IDS, evaluateEnum),
  volume_24h: evaluateVolumeWindows,
  buy_sell_ratio_window: evaluateBuyPressure,
  validated_volume_spike: evaluateVolumeSpike,
  quality_wallet_count: evaluateWalletCount,
  quality_wallet_total_value: evaluateWalletValue,
  quality_wallet_min_winrate: evaluateWalletWinrate,
  coordinated_wallet_cluster: evaluateClusters,
});

/** A rule item that is not a valid item of service-api.md#rule-items; `path` names it inside a strategy. */
export class RuleEvaluationError extends StrategyAlertsError {
  override readonly name = "RuleEvaluationError";
  constructor(
    message: string,
    readonly path?: string,
  ) {
    super(path === undefined ? message : `${path}: ${message}`);
  }
}

/** Parses a rule item, throwing RuleEvaluationError (with the zod messages) when it is not valid. */
export function parseRuleItem(item: unknown, path?: string): RuleItem {
  const parsed = RuleItemSchema.safeParse(item);
  if (parsed.success) return parsed.data;
  const details = parsed.error.issues
    .map((i) => (i.path.length > 0 ? `${i.path.join(".")}: ${i.message}` : i.message))
    .join("; ");
  throw new RuleEvaluationError(`not a valid rule item (${details})`, path);
}

/**
 * Evaluates one rule item. A missing token value fails the rule ("no data"); the strategy
 * evaluator decides, through `strict`, whether such a failure counts. Throws
 * RuleEvaluationError for an item that is not valid (an unknown rule id, a numeric rule
 * without bounds, …).
 */
export function evaluateRule(item: RuleItem, token: TokenObservation): RuleResult {
  return evaluateParsedRule(parseRuleItem(item), token);
}

/** evaluateRule for an item already known to be valid (the strategy evaluator parses once). */
export function evaluateParsedRule(item: RuleItem, token: TokenObservation): RuleResult {
  if ((item as { enabled?: boolean }).enabled === false)
    return {
      rule: item.rule,
      passed: false,
      skipped: true,
      noData: false,
      reason: "disabled (enabled=false)",
    };
  const evaluator = RULE_EVALUATORS[item.rule] as Evaluator<RuleId>;
  const outcome = evaluator(item, token);
  const result: RuleResult = {
    rule: item.rule,
    passed: outcome.status === "pass",
    skipped: outcome.status === "skip",
    noData: outcome.status === "no_data",
    reason: outcome.reason,
  };
  if (outcome.actual !== undefined) result.actual = outcome.actual;
  return result;
}
