/**
 * What a program or a client call sends: the rule items and settings of a strategy, a token to
 * evaluate offline, and the bodies and queries of the client's requests. Each is the type of its
 * zod schema; `DeepInput` and `RuleItemInput` give the forms a resource accepts, where any value
 * may be a Pulumi input.
 */

export type { EvaluableStrategy, EvaluateOptions } from "../model/evaluate";
export type {
  BacktestCreateBody,
  BacktestResultsQuery,
  BooleanRuleItem,
  DevAddBody,
  DevListQuery,
  DevUpdateBody,
  EnumRuleItem,
  EvaluationQuery,
  EvaluationSortBy,
  EventType,
  Matching,
  MicroblogHandlesQuery,
  MicroblogTagsQuery,
  NotificationGetQuery,
  NotificationListQuery,
  NumericRuleItem,
  ObjectRuleItem,
  PerformanceQuery,
  PerformanceRange,
  RetryPolicy,
  RuleItem,
  StrategyInput,
  StrategyPatch,
  TokenObservation,
  TriggerConfigs,
  WalletType,
  WebhookPutBody,
} from "../model/plain-types";
export type { LaunchPlatform, RiskLevel, RuleId } from "../model/rule-catalog";
export type { DeepInput, RuleItemInput } from "../resources/input-types";
