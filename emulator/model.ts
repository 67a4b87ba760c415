/**
 * The one seam between the emulator and the shared pure model: strategy validation, the
 * rule mapping, token observations and rule evaluation come from provider/model, so the
 * emulator and the client can never disagree about what a valid strategy is, how rules are
 * stored, or whether a token matches.
 */
export {
  EVENT_TYPES,
  evaluateStrategy,
  type MatchResult,
  PRODUCT_GROUPS,
  type RuleItem,
  rulesToStored,
  type TokenObservation,
  TokenObservationSchema,
  validateStrategyInput,
} from "../provider/model";
// The performance summary's buckets (spec 2.9), shared with the review's charts.
export { MULTIPLE_BUCKETS } from "../provider/model/multiple-buckets";
export {
  type EvaluationQuery,
  type EvaluationSortBy,
  EvaluationSortBySchema,
  SortDirSchema,
} from "../provider/model/schemas";
