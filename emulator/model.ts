/**
 * The names of the shared pure model that the emulator's routes and engine use, gathered in one
 * place: strategy validation, the rule mapping, token observations and rule evaluation come
 * from provider/model, so the emulator and the client can never disagree about what a valid
 * strategy is, how rules are stored, or whether a token matches. Not the only door: modules that
 * need one model module of their own (the error root, plan limits, rule fields, the token
 * fixtures) import it directly; the architecture test holds the emulator to provider/model.
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
// The performance summary's buckets (service-api.md#performance), shared with the review's charts.
export { MULTIPLE_BUCKETS } from "../provider/model/multiple-buckets";
export {
  type EvaluationQuery,
  type EvaluationSortBy,
  EvaluationSortBySchema,
  SortDirSchema,
} from "../provider/model/schemas";
