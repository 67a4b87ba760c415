/**
 * provider/model/plain-types.ts is generated (scripts/plain-types.ts, before every build,
 * type-check, lint and test script), never committed, and published in the schemas' place: each
 * type must be what `z.infer` of its schema gives, and the file what the generator writes.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type * as kinds from "../../../provider/model/kinds";
import type * as plain from "../../../provider/model/plain-types";
import type * as rule_items from "../../../provider/model/rule-items";
import type * as account from "../../../provider/model/schemas/account";
import type * as backtest from "../../../provider/model/schemas/backtest";
import type * as common from "../../../provider/model/schemas/common";
import type * as developer from "../../../provider/model/schemas/developer";
import type * as evaluation from "../../../provider/model/schemas/evaluation";
import type * as microblog from "../../../provider/model/schemas/microblog";
import type * as notification from "../../../provider/model/schemas/notification";
import type * as performance from "../../../provider/model/schemas/performance";
import type * as strategy_responses from "../../../provider/model/schemas/strategy-responses";
import type * as webhook from "../../../provider/model/schemas/webhook";
import type * as strategyModel from "../../../provider/model/strategy";
import type * as token from "../../../provider/model/token";
import type * as triggers from "../../../provider/model/triggers";
import type * as typeTokens from "../../../provider/model/type-tokens";
import type * as validate_strategy from "../../../provider/model/validate-strategy";
import { formattedPlainTypes, PLAIN_TYPES_FILE, plainTypesAreFresh } from "../../../scripts/plain-types";

/** True when each type is assignable to the other: what a caller may pass and receive is the same. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** The verdict of `Same` at compile time (nothing to compute at run time). */
function same<A, B>(): Same<A, B> {
  return true as Same<A, B>;
}

/**
 * Each plain type against the zod-derived alias of the same name in its module. Checked by `npm run
 * typecheck` (tsconfig.json includes test/): a type that drifts makes its line `false`, a compile error.
 */
const HELD: Record<string, true> = {
  RuleItem: same<plain.RuleItem, rule_items.RuleItem>(),
  BooleanRuleItem: same<plain.BooleanRuleItem, rule_items.BooleanRuleItem>(),
  NumericRuleItem: same<plain.NumericRuleItem, rule_items.NumericRuleItem>(),
  EnumRuleItem: same<plain.EnumRuleItem, rule_items.EnumRuleItem>(),
  ObjectRuleItem: same<plain.ObjectRuleItem, rule_items.ObjectRuleItem>(),
  WalletType: same<plain.WalletType, rule_items.WalletType>(),
  Account: same<plain.Account, account.Account>(),
  BacktestStatus: same<plain.BacktestStatus, backtest.BacktestStatus>(),
  BacktestMetrics: same<plain.BacktestMetrics, backtest.BacktestMetrics>(),
  BacktestJob: same<plain.BacktestJob, backtest.BacktestJob>(),
  BacktestPage: same<plain.BacktestPage, backtest.BacktestPage>(),
  BacktestCreateBody: same<plain.BacktestCreateBody, backtest.BacktestCreateBody>(),
  BacktestResultRow: same<plain.BacktestResultRow, backtest.BacktestResultRow>(),
  BacktestResultsPage: same<plain.BacktestResultsPage, backtest.BacktestResultsPage>(),
  BacktestResultsQuery: same<plain.BacktestResultsQuery, backtest.BacktestResultsQuery>(),
  ErrorBody: same<plain.ErrorBody, common.ErrorBody>(),
  SuccessResponse: same<plain.SuccessResponse, common.SuccessResponse>(),
  DeveloperRecord: same<plain.DeveloperRecord, developer.DeveloperRecord>(),
  DeveloperPage: same<plain.DeveloperPage, developer.DeveloperPage>(),
  DevListQuery: same<plain.DevListQuery, developer.DevListQuery>(),
  DevTag: same<plain.DevTag, developer.DevTag>(),
  DevTagList: same<plain.DevTagList, developer.DevTagList>(),
  DevTagIds: same<plain.DevTagIds, developer.DevTagIds>(),
  DevAddBody: same<plain.DevAddBody, developer.DevAddBody>(),
  DevUpdateBody: same<plain.DevUpdateBody, developer.DevUpdateBody>(),
  DevConfirmation: same<plain.DevConfirmation, developer.DevConfirmation>(),
  Evaluation: same<plain.Evaluation, evaluation.Evaluation>(),
  EvaluationPage: same<plain.EvaluationPage, evaluation.EvaluationPage>(),
  EvaluationSortBy: same<plain.EvaluationSortBy, evaluation.EvaluationSortBy>(),
  EvaluationQuery: same<plain.EvaluationQuery, evaluation.EvaluationQuery>(),
  MicroblogHandle: same<plain.MicroblogHandle, microblog.MicroblogHandle>(),
  MicroblogHandleList: same<plain.MicroblogHandleList, microblog.MicroblogHandleList>(),
  MicroblogTag: same<plain.MicroblogTag, microblog.MicroblogTag>(),
  MicroblogTagList: same<plain.MicroblogTagList, microblog.MicroblogTagList>(),
  MicroblogHandlesQuery: same<plain.MicroblogHandlesQuery, microblog.MicroblogHandlesQuery>(),
  MicroblogTagsQuery: same<plain.MicroblogTagsQuery, microblog.MicroblogTagsQuery>(),
  NotificationSource: same<plain.NotificationSource, notification.NotificationSource>(),
  Notification: same<plain.Notification, notification.Notification>(),
  NotificationPage: same<plain.NotificationPage, notification.NotificationPage>(),
  NotificationListQuery: same<plain.NotificationListQuery, notification.NotificationListQuery>(),
  NotificationGetQuery: same<plain.NotificationGetQuery, notification.NotificationGetQuery>(),
  PerformanceRange: same<plain.PerformanceRange, performance.PerformanceRange>(),
  PerformanceQuery: same<plain.PerformanceQuery, performance.PerformanceQuery>(),
  PerformanceSummary: same<plain.PerformanceSummary, performance.PerformanceSummary>(),
  PerformanceJobCreated: same<plain.PerformanceJobCreated, performance.PerformanceJobCreated>(),
  PerformanceJobStatus: same<plain.PerformanceJobStatus, performance.PerformanceJobStatus>(),
  StrategyListResponse: same<plain.StrategyListResponse, strategy_responses.StrategyListResponse>(),
  StrategyUpdated: same<plain.StrategyUpdated, strategy_responses.StrategyUpdated>(),
  StrategyActivityResponse: same<
    plain.StrategyActivityResponse,
    strategy_responses.StrategyActivityResponse
  >(),
  WebhookConfig: same<plain.WebhookConfig, webhook.WebhookConfig>(),
  WebhookPutBody: same<plain.WebhookPutBody, webhook.WebhookPutBody>(),
  StrategyOutputField: same<plain.StrategyOutputField, strategyModel.StrategyOutputField>(),
  RetryPolicy: same<plain.RetryPolicy, strategyModel.RetryPolicy>(),
  Matching: same<plain.Matching, strategyModel.Matching>(),
  StrategyField: same<plain.StrategyField, strategyModel.StrategyField>(),
  StrategyInput: same<plain.StrategyInput, strategyModel.StrategyInput>(),
  StrategyPatch: same<plain.StrategyPatch, strategyModel.StrategyPatch>(),
  StoredRule: same<plain.StoredRule, strategyModel.StoredRule>(),
  RuleGroup: same<plain.RuleGroup, strategyModel.RuleGroup>(),
  StrategyTrigger: same<plain.StrategyTrigger, strategyModel.StrategyTrigger>(),
  Strategy: same<plain.Strategy, strategyModel.Strategy>(),
  QualityWallet: same<plain.QualityWallet, token.QualityWallet>(),
  WalletCluster: same<plain.WalletCluster, token.WalletCluster>(),
  TokenObservation: same<plain.TokenObservation, token.TokenObservation>(),
  TokenField: same<plain.TokenField, token.TokenField>(),
  EventType: same<plain.EventType, triggers.EventType>(),
  TriggerConfigs: same<plain.TriggerConfigs, triggers.TriggerConfigs>(),
  ValidationMode: same<plain.ValidationMode, validate_strategy.ValidationMode>(),
  ResourceKind: same<plain.ResourceKind, kinds.ResourceKind>(),
  TypeTokens: same<plain.TypeTokens, typeTokens.DynamicTokens>(),
};

describe("the plain types published in the schemas' place", () => {
  it("hold every type the file declares against its schema's", () => {
    const declared = [...readFileSync(PLAIN_TYPES_FILE, "utf8").matchAll(/^export type (\w+)/gm)].map(
      (m) => m[1],
    );
    expect(declared.sort()).toEqual(Object.keys(HELD).sort());
  });

  it("are what the generator writes from the schemas today", { timeout: 120_000 }, () => {
    // Stale only when the model changed since the last build, type-check, lint or test script.
    expect(plainTypesAreFresh(), "npm run plain-types rewrites it").toBe(true);
    expect(readFileSync(PLAIN_TYPES_FILE, "utf8")).toBe(formattedPlainTypes());
  });

  it("are not committed: git ignores the generated file", () => {
    const ignored = readFileSync(join(__dirname, "../../../.gitignore"), "utf8").split("\n");
    expect(ignored).toContain("provider/model/plain-types.ts");
  });
});
