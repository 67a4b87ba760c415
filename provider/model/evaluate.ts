/**
 * A whole strategy against one token observation: the service's matching step, as pure
 * functions shared by the emulator's engine and by users' own tests
 * (`sa.evaluateStrategy(strategy, token)`). Decisions (docs/spec-decisions.md, "Rule
 * evaluation"):
 * - Dealbreakers first. All of them are evaluated; if any fails the strategy does not match
 *   and the product groups are not evaluated at all (groupResults is empty).
 * - Product groups: AND of their rules. A group whose rules were all skipped neither passes
 *   nor fails.
 * - strict=true: a rule without data fails. strict=false (the default): a rule without data
 *   is skipped, dealbreakers included.
 * - matching.enabled: instead of every group passing, at least minPercent % of the evaluated
 *   (not skipped) non-dealbreaker rules must pass; dealbreakers still all must pass.
 */
import { evaluateParsedRule, parseRuleItem, type RuleResult } from "./evaluate-rule";
import type { RuleGroup, RuleItem, StoredRule, TokenObservation } from "./plain-types";
import { getRuleDefinition, PRODUCT_GROUPS, type ProductGroupId } from "./rule-catalog";
import { storedToRules } from "./rule-mapping";

export {
  evaluateRule,
  RULE_EVALUATORS,
  RuleEvaluationError,
} from "./evaluate-rule";

type MatchingSetting = { enabled: boolean; minPercent: number };

/**
 * A strategy as submitted (rule items) or as the service returns it (stored form,
 * service-api.md#stored-rules).
 */
export type EvaluableStrategy =
  | { rules: readonly RuleItem[]; strict?: boolean | undefined; matching?: MatchingSetting | undefined }
  | {
      dealbreakers: readonly StoredRule[];
      ruleGroups: readonly RuleGroup[];
      strict?: boolean | undefined;
      matching?: MatchingSetting | undefined;
    };

export type EvaluateOptions = {
  /** Replaces the strategy's strict flag (a backtest's options.strictOverride). */
  strictOverride?: boolean | undefined;
};

export type EvaluatedRule = RuleResult & { dealbreaker: boolean; groupId: ProductGroupId; index: number };

export type GroupResult = {
  id: ProductGroupId;
  name: string;
  logic: "AND";
  /** Every evaluated rule passed (and at least one was evaluated). */
  passed: boolean;
  /** Every rule of the group was skipped. */
  skipped: boolean;
  rules: EvaluatedRule[];
};

/** One strategy against one token: whether it matched, and which rules and groups decided it. */
export type MatchResult = {
  matched: boolean;
  dealbreakerFailed: boolean;
  /** Every evaluated rule that did not pass, dealbreakers first. */
  failedRules: EvaluatedRule[];
  /** Ids of the product groups that passed, in product-group order. */
  matchedGroups: ProductGroupId[];
  /** Ids of the product groups that failed, in product-group order (dealbreakers are not a group). */
  failedGroupIds: ProductGroupId[];
  dealbreakerResults: EvaluatedRule[];
  /** Empty when a dealbreaker failed: groups are then not evaluated. */
  groupResults: GroupResult[];
  /** Non-dealbreaker rules: how many were evaluated and passed; percent is null when none were evaluated. */
  ruleStats: { evaluated: number; passed: number; percent: number | null };
  strict: boolean;
  matching: MatchingSetting;
  debugTrail: string[];
  /** null when matched; otherwise one sentence saying why not. */
  failureReason: string | null;
};

/**
 * A strategy whose rule items are parsed and placed in their groups once, for evaluating it
 * against many tokens (a backtest replays thousands): evaluateStrategy accepts it in place of
 * the strategy and skips that work. Later changes to the original strategy are not seen.
 */
export class PreparedStrategy {
  private constructor(
    readonly rules: readonly PreparedRule[],
    readonly strict: boolean,
    readonly matching: Readonly<MatchingSetting>,
  ) {}

  /** Throws RuleEvaluationError (naming rules[i]) or StoredRuleError like evaluateStrategy. */
  static from(strategy: EvaluableStrategy): PreparedStrategy {
    const items = "rules" in strategy ? strategy.rules : storedToRules(strategy);
    const rules = items.map((raw, index) => {
      const item = parseRuleItem(raw, `rules[${index}]`);
      return { item, index, groupId: getRuleDefinition(item.rule)!.group };
    });
    const matching = {
      enabled: strategy.matching?.enabled ?? false,
      minPercent: strategy.matching?.minPercent ?? 0,
    };
    return new PreparedStrategy(rules, strategy.strict ?? false, matching);
  }
}

type PreparedRule = { item: RuleItem; index: number; groupId: ProductGroupId };

export function prepareStrategy(strategy: EvaluableStrategy): PreparedStrategy {
  return PreparedStrategy.from(strategy);
}

/**
 * Evaluates the strategy against the token. Throws RuleEvaluationError when a rule item is
 * not valid (naming rules[i]) and StoredRuleError when the stored form cannot be read back;
 * never throws because of the token, whatever it holds.
 */
export function evaluateStrategy(
  strategy: EvaluableStrategy | PreparedStrategy,
  token: TokenObservation,
  options: EvaluateOptions = {},
): MatchResult {
  const prepared = strategy instanceof PreparedStrategy ? strategy : PreparedStrategy.from(strategy);
  const strict = options.strictOverride ?? prepared.strict;
  const matching: MatchingSetting = { ...prepared.matching };
  const trail: string[] = [
    `strict=${strict}; ${matching.enabled ? `matching: at least ${matching.minPercent}% of rules` : "matching: every group (AND)"}`,
  ];
  const dealbreakerResults = prepared.rules
    .filter((r) => r.item.dealbreaker)
    .map((r) => evaluateItem(r, token, strict));
  for (const r of dealbreakerResults) trail.push(`dealbreaker ${describe(r)}`);
  const dealbreakerFailed = dealbreakerResults.some(isFailure);

  const base = { dealbreakerFailed, dealbreakerResults, strict, matching, debugTrail: trail };
  if (dealbreakerFailed) {
    const failed = dealbreakerResults.filter(isFailure);
    trail.push("a dealbreaker failed: product groups not evaluated; not matched");
    return {
      ...base,
      matched: false,
      failedRules: failed,
      matchedGroups: [],
      failedGroupIds: [],
      groupResults: [],
      ruleStats: { evaluated: 0, passed: 0, percent: null },
      failureReason: `dealbreaker ${failed.map((r) => `${r.rule} failed: ${r.reason}`).join("; ")}`,
    };
  }

  const groupRules = prepared.rules
    .filter((r) => !r.item.dealbreaker)
    .map((r) => evaluateItem(r, token, strict));
  const groupResults = PRODUCT_GROUPS.map((g) => groupResult(g, groupRules)).filter(
    (g) => g.rules.length > 0,
  );
  for (const g of groupResults) {
    trail.push(`group ${g.id}: ${g.skipped ? "skipped" : g.passed ? "passed" : "failed"}`);
    for (const r of g.rules) trail.push(`  ${describe(r)}`);
  }
  const matchedGroups = groupResults.filter((g) => g.passed).map((g) => g.id);
  const failedGroupIds = groupResults.filter((g) => !g.passed && !g.skipped).map((g) => g.id);
  const counted = groupRules.filter((r) => !r.skipped);
  const passedCount = counted.filter((r) => r.passed).length;
  const percent = counted.length === 0 ? null : (passedCount / counted.length) * 100;
  const ruleStats = { evaluated: counted.length, passed: passedCount, percent };

  let failureReason: string | null;
  if (matching.enabled) {
    const ok = percent === null || percent >= matching.minPercent;
    failureReason = ok
      ? null
      : `${passedCount} of ${counted.length} rules passed (${round(percent!)}%), fewer than the required ${matching.minPercent}%`;
  } else {
    const firstFailed = groupResults.find((g) => failedGroupIds.includes(g.id));
    const culprit = firstFailed?.rules.find(isFailure);
    failureReason =
      firstFailed === undefined
        ? null
        : `group ${firstFailed.id} failed: ${culprit!.rule} ${culprit!.reason}`;
  }
  trail.push(failureReason === null ? "matched" : `not matched: ${failureReason}`);
  return {
    ...base,
    matched: failureReason === null,
    failedRules: [...dealbreakerResults, ...groupRules].filter(isFailure),
    matchedGroups,
    failedGroupIds,
    groupResults,
    ruleStats,
    failureReason,
  };
}

function evaluateItem(
  { item, index, groupId }: PreparedRule,
  token: TokenObservation,
  strict: boolean,
): EvaluatedRule {
  const result = evaluateParsedRule(item, token);
  // Missing data outside strict mode: the rule is skipped rather than failed.
  if (result.noData && !strict) {
    result.skipped = true;
    result.reason = `${result.reason}; skipped (strategy is not strict)`;
  }
  return { ...result, dealbreaker: item.dealbreaker, groupId, index };
}

function groupResult(group: (typeof PRODUCT_GROUPS)[number], rules: readonly EvaluatedRule[]): GroupResult {
  const own = rules.filter((r) => r.groupId === group.id);
  const skipped = own.every((r) => r.skipped);
  return {
    id: group.id,
    name: group.name,
    logic: "AND",
    passed: !skipped && !own.some(isFailure),
    skipped,
    rules: own,
  };
}

const isFailure = (r: RuleResult) => !r.passed && !r.skipped;

function describe(r: EvaluatedRule): string {
  const verdict = r.skipped ? "skipped" : r.passed ? "pass" : "FAIL";
  return `rules[${r.index}] ${r.rule}: ${verdict} (${r.reason})`;
}

const round = (n: number) => Math.round(n * 100) / 100;
