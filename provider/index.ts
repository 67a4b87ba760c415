/**
 * pulumi-strategy-alerts: token-alerting strategy portfolios as code.
 *
 * The public surface, curated: the five resources, the lookups, the client and its errors,
 * webhook verification and strategy evaluation. Data shapes are in `types`, inputs apart from
 * outputs (`sa.types.input.RuleItem`, `sa.types.output.Strategy`, …). Everything else is
 * internal and may change.
 */

import { deferred } from "./deferred";
import type * as LookupOutputs from "./functions/lookup-outputs";
import type * as Lookups from "./functions/lookups";
import type * as Evaluate from "./model/evaluate";
import type * as ValidateStrategy from "./model/validate-strategy";
import type * as Render from "./review/render";

// What only some programs use loads when first called (deferred.ts explains why).
const lookupOutputs = (): typeof LookupOutputs => require("./functions/lookup-outputs");
const lookups = (): typeof Lookups => require("./functions/lookups");
const evaluate = (): typeof Evaluate => require("./model/evaluate");
const validateStrategy = (): typeof ValidateStrategy => require("./model/validate-strategy");
const render = (): typeof Render => require("./review/render");

// The client and its errors.
export { ApiClient, type ClientOptions, createClient } from "./api/client";
export {
  AmbiguousWriteError,
  ApiError,
  BadRequestError,
  BaseUrlError,
  ConfigurationError,
  ConflictError,
  ConnectionError,
  ForbiddenError,
  NotFoundError,
  RateLimitError,
  RequestArgumentError,
  ResponseValidationError,
  ServerError,
  StrategyAlertsError,
  TimeoutError,
  UnauthorizedError,
  WriteStoppedError,
} from "./api/errors";
// Lookups, each also as an `…Output` form taking Inputs.
export type { LookupOptions } from "./functions/lookup-client";
export type { LookupInputs } from "./functions/lookup-outputs";
export const getAccountOutput = deferred(() => lookupOutputs().getAccountOutput);
export const getDeveloperTagsOutput = deferred(() => lookupOutputs().getDeveloperTagsOutput);
export const getFollowedDevelopersOutput = deferred(() => lookupOutputs().getFollowedDevelopersOutput);
export const getMicroblogHandlesOutput = deferred(() => lookupOutputs().getMicroblogHandlesOutput);
export const getMicroblogTagsOutput = deferred(() => lookupOutputs().getMicroblogTagsOutput);
export const getStrategiesOutput = deferred(() => lookupOutputs().getStrategiesOutput);
export const getAccount = deferred(() => lookups().getAccount);
export const getDeveloperTags = deferred(() => lookups().getDeveloperTags);
export const getFollowedDevelopers = deferred(() => lookups().getFollowedDevelopers);
export const getMicroblogHandles = deferred(() => lookups().getMicroblogHandles);
export const getMicroblogTags = deferred(() => lookups().getMicroblogTags);
export const getStrategies = deferred(() => lookups().getStrategies);
// Strategies tested offline, and the resource kinds with their type tokens.
export const evaluateStrategy = deferred(() => evaluate().evaluateStrategy);
export { type ResourceKind, TYPE_TOKENS, type TypeToken } from "./model/public-tokens";
export { StrategyValidationError } from "./model/strategy-validation-error";
export const validateStrategyInput = deferred(() => validateStrategy().validateStrategyInput);
// Resources.
// Every kind's class and args (generated from the kinds' descriptors by `npm run schema`).
export * from "./resources/classes";
// Pull-request review of a preview (the renderer behind `strategy-alerts review`).
export type { ReviewContext, ReviewResult } from "./review/render";
export const renderReview = deferred(() => render().renderReview);
export * as types from "./types";
// Webhook receivers.
export { type VerifyWebhookOptions, verifyWebhook, WebhookVerificationError } from "./webhooks/verify";
