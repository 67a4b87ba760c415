/**
 * What a program or a client call sends: the rule items and settings of a strategy, a token to
 * evaluate offline, and the bodies and queries of the client's requests. Each is the type of its
 * zod schema; `DeepInput` and `RuleItemInput` give the forms a resource accepts, where any value
 * may be a Pulumi input.
 */
export type { EvaluableStrategy, EvaluateOptions } from "../model/evaluate";
export type { LaunchPlatform, RiskLevel, RuleId } from "../model/rule-catalog";
export type {
  BooleanRuleItem,
  EnumRuleItem,
  NumericRuleItem,
  ObjectRuleItem,
  RuleItem,
  WalletType,
} from "../model/rule-items";
export type { BacktestCreateBody, BacktestResultsQuery } from "../model/schemas/backtest";
export type { DevAddBody, DevListQuery, DevUpdateBody } from "../model/schemas/developer";
export type { EvaluationQuery, EvaluationSortBy } from "../model/schemas/evaluation";
export type { MicroblogHandlesQuery, MicroblogTagsQuery } from "../model/schemas/microblog";
export type { NotificationGetQuery, NotificationListQuery } from "../model/schemas/notification";
export type { PerformanceQuery, PerformanceRange } from "../model/schemas/performance";
export type { WebhookPutBody } from "../model/schemas/webhook";
export type { Matching, RetryPolicy, StrategyInput, StrategyPatch } from "../model/strategy";
export type { TokenObservation } from "../model/token";
export type { EventType, TriggerConfigs } from "../model/triggers";
export type { DeepInput, RuleItemInput } from "../resources/input-types";
