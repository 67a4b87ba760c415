// `npm run schema` writes this file from provider/model/kinds/index.ts: every kind's class.
export { DeveloperTags, type DeveloperTagsArgs } from "./developer-tags";
export { FollowedDeveloper, type FollowedDeveloperArgs } from "./followed-developer";
export { Strategy, type StrategyArgs } from "./strategy";
export { StrategyActivation, type StrategyActivationArgs } from "./strategy-activation";
export { Webhook, type WebhookArgs } from "./webhook";
