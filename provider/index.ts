/** pulumi-strategy-alerts: strategy portfolios as code. */
export * from "./api";
export type { LookupOptions } from "./functions/lookup-client";
export {
  getAccount,
  getDeveloperTags,
  getFollowedDevelopers,
  getMicroblogHandles,
  getMicroblogTags,
  getStrategies,
} from "./functions/lookups";
// Both layers name an issue type; the strategy-validation one is the public one.
export type { ValidationIssue } from "./model";
export * from "./model";
export { DeveloperTags, type DeveloperTagsArgs } from "./resources/developer-tags";
export { FollowedDeveloper, type FollowedDeveloperArgs } from "./resources/followed-developer";
export { providerShell, RUNTIME_MODULE } from "./resources/provider-shell";
export { Strategy, type StrategyArgs } from "./resources/strategy";
export { StrategyActivation, type StrategyActivationArgs } from "./resources/strategy-activation";
export { Webhook, type WebhookArgs } from "./resources/webhook";
export { type ReviewContext, type ReviewResult, renderReview } from "./review";
export {
  type VerifyWebhookOptions,
  verifyWebhook,
  type WebhookEvent,
  WebhookVerificationError,
} from "./webhooks/verify";
