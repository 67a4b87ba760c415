/**
 * What comes back: the service's records (each the type of the zod schema its response is
 * validated with), a webhook delivery as `verifyWebhook` returns it, and the result of evaluating
 * a strategy offline (`MatchResult`, not to be confused with `Evaluation`, the service's stored
 * record of an evaluation).
 */
export type { EvaluatedRule, GroupResult, MatchResult } from "../model/evaluate";
export type { ProductGroupId } from "../model/rule-catalog";
export type { Account } from "../model/schemas/account";
export type {
  BacktestJob,
  BacktestMetrics,
  BacktestPage,
  BacktestResultRow,
  BacktestResultsPage,
  BacktestStatus,
} from "../model/schemas/backtest";
export type { ErrorBody } from "../model/schemas/common";
export type {
  DevConfirmation,
  DeveloperPage,
  DeveloperRecord,
  DevTag,
  DevTagIds,
} from "../model/schemas/developer";
export type { Evaluation, EvaluationPage } from "../model/schemas/evaluation";
export type { MicroblogHandle, MicroblogTag } from "../model/schemas/microblog";
export type { Notification, NotificationPage, NotificationSource } from "../model/schemas/notification";
export type {
  PerformanceJobCreated,
  PerformanceJobStatus,
  PerformanceSummary,
} from "../model/schemas/performance";
export type {
  StrategyActivityResponse,
  StrategyListResponse,
  StrategyUpdated,
} from "../model/schemas/strategy-responses";
export type { WebhookConfig } from "../model/schemas/webhook";
export type { RuleGroup, StoredRule, Strategy, StrategyTrigger } from "../model/strategy";
export type { ValidationIssue } from "../model/validation-issue";
export type { WebhookEvent } from "../webhooks/verify";
