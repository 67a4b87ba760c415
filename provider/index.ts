/**
 * pulumi-strategy-alerts: token-alerting strategy portfolios as code.
 *
 * The public surface, curated: the five resources, the lookups, the client and its errors,
 * webhook verification and strategy evaluation. Data shapes are in `types`, inputs apart from
 * outputs (`sa.types.input.RuleItem`, `sa.types.output.Strategy`, …). Everything else is
 * internal and may change.
 */

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
export {
  getAccountOutput,
  getDeveloperTagsOutput,
  getFollowedDevelopersOutput,
  getMicroblogHandlesOutput,
  getMicroblogTagsOutput,
  getStrategiesOutput,
  type LookupInputs,
} from "./functions/lookup-outputs";
export {
  getAccount,
  getDeveloperTags,
  getFollowedDevelopers,
  getMicroblogHandles,
  getMicroblogTags,
  getStrategies,
} from "./functions/lookups";
// Strategies tested offline, and the resource kinds with their type tokens.
export { evaluateStrategy } from "./model/evaluate";
export { type ResourceKind, TYPE_TOKENS, type TypeToken } from "./model/public-tokens";
export { StrategyValidationError, validateStrategyInput } from "./model/validate-strategy";
// Resources.
export { DeveloperTags, type DeveloperTagsArgs } from "./resources/developer-tags";
export { FollowedDeveloper, type FollowedDeveloperArgs } from "./resources/followed-developer";
export { Strategy, type StrategyArgs } from "./resources/strategy";
export { StrategyActivation, type StrategyActivationArgs } from "./resources/strategy-activation";
export { Webhook, type WebhookArgs } from "./resources/webhook";
// Pull-request review of a preview (the renderer behind `strategy-alerts review`).
export { type ReviewContext, type ReviewResult, renderReview } from "./review/render";
export * as types from "./types";
// Webhook receivers.
export { type VerifyWebhookOptions, verifyWebhook, WebhookVerificationError } from "./webhooks/verify";
