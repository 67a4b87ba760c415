/**
 * The API's records and the model's types, named as `sa.types.X` (the convention of Pulumi's own
 * provider packages), so they never clash with the resource classes: `sa.Strategy` is the
 * resource, `sa.types.Strategy` the strategy the service returns.
 */
export type { ClientOptions } from "./api/client";
export type {
  EvaluableStrategy,
  EvaluatedRule,
  EvaluateOptions,
  GroupResult,
  StrategyEvaluation as EvaluationResult,
} from "./model/evaluate";
export type { LaunchPlatform, ProductGroupId, RiskLevel, RuleId } from "./model/rule-catalog";
export type {
  BooleanRuleItem,
  EnumRuleItem,
  NumericRuleItem,
  ObjectRuleItem,
  RuleItem,
  WalletType,
} from "./model/rule-items";
export type { Account } from "./model/schemas/account";
export type {
  BacktestCreateBody,
  BacktestJob,
  BacktestMetrics,
  BacktestPage,
  BacktestResultRow,
  BacktestResultRow as BacktestResult,
  BacktestResultsPage,
  BacktestResultsQuery,
  BacktestStatus,
} from "./model/schemas/backtest";
export type { ErrorBody } from "./model/schemas/common";
export type {
  DevAddBody,
  DevConfirmation,
  DeveloperPage,
  DeveloperRecord,
  DeveloperRecord as FollowedDeveloper,
  DevListQuery,
  DevTag,
  DevTag as DeveloperTag,
  DevTagIds,
  DevUpdateBody,
} from "./model/schemas/developer";
// The same records under the names the spec's sections use, for whoever looks for them there.
export type {
  Evaluation,
  Evaluation as StrategyEvaluation,
  EvaluationPage,
  EvaluationQuery,
  EvaluationSortBy,
} from "./model/schemas/evaluation";
export type {
  MicroblogHandle,
  MicroblogHandlesQuery,
  MicroblogTag,
  MicroblogTagsQuery,
} from "./model/schemas/microblog";
export type {
  Notification,
  NotificationGetQuery,
  NotificationListQuery,
  NotificationPage,
  NotificationSource,
} from "./model/schemas/notification";
export type {
  PerformanceJobCreated,
  PerformanceJobStatus,
  PerformanceJobStatus as PerformanceJob,
  PerformanceQuery,
  PerformanceRange,
  PerformanceSummary,
} from "./model/schemas/performance";
export type {
  StrategyActivityResponse,
  StrategyListResponse,
  StrategyUpdated,
} from "./model/schemas/strategy-responses";
export type { WebhookConfig, WebhookPutBody } from "./model/schemas/webhook";
export type {
  Matching,
  RetryPolicy,
  RuleGroup,
  StoredRule,
  Strategy,
  StrategyInput,
  StrategyPatch,
  StrategyTrigger,
} from "./model/strategy";
export type { TokenObservation } from "./model/token";
export type { EventType, TriggerConfigs } from "./model/triggers";
export type { ValidationIssue } from "./model/validation-issue";
export type { ResourceKind, TypeToken } from "./resources/type-tokens";
export type { WebhookEvent } from "./webhooks/verify";
