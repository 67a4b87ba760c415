/** The pull-request review of a `pulumi preview --json`: renderer, parsing and backtest types. */
export type { BacktestReport } from "./backtest-results";
export { PreviewParseError, parsePreview } from "./preview-json";
export { type ReviewContext, renderReview } from "./render";
