/**
 * What comes back: the service's records (each the type of the zod schema its response is
 * validated with), a webhook delivery as `verifyWebhook` returns it, and the result of evaluating
 * a strategy offline (`MatchResult`, not to be confused with `Evaluation`, the service's stored
 * record of an evaluation).
 */

export type { EvaluatedRule, GroupResult, MatchResult } from "../model/evaluate";
export type {
  Account,
  BacktestJob,
  BacktestMetrics,
  BacktestPage,
  BacktestResultRow,
  BacktestResultsPage,
  BacktestStatus,
  DevConfirmation,
  DeveloperPage,
  DeveloperRecord,
  DevTag,
  DevTagIds,
  ErrorBody,
  Evaluation,
  EvaluationPage,
  MicroblogHandle,
  MicroblogTag,
  Notification,
  NotificationPage,
  NotificationSource,
  PerformanceJobCreated,
  PerformanceJobStatus,
  PerformanceSummary,
  RuleGroup,
  StoredRule,
  Strategy,
  StrategyActivityResponse,
  StrategyListResponse,
  StrategyTrigger,
  StrategyUpdated,
  WebhookConfig,
} from "../model/plain-types";
export type { ProductGroupId } from "../model/rule-catalog";
export type { ValidationIssue } from "../model/validation-issue";
export type { WebhookEvent } from "../webhooks/verify";
