/** The pull-request review of a `pulumi preview --json`: renderer, parsing and backtest types. */
export type { ActivationReview, ReviewAccount } from "./activation";
export type { BacktestReport, Metrics, StrategyBacktest, TokenImpact } from "./backtest-report";
export {
  type PlanDiagnostic,
  type PlanStep,
  type PolicyViolation,
  PreviewParseError,
  type PreviewPlan,
  parsePolicyEvents,
  parsePreview,
} from "./preview-json";
export { GITHUB_COMMENT_LIMIT, type ReviewContext, type ReviewResult, renderReview } from "./render";
