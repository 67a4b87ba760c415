import type * as pulumi from "@pulumi/pulumi";
import { developerTagsHandler } from "./developer-tags";
import { followedDeveloperHandler } from "./followed-developer";
import { strategyHandler } from "./strategy";
import { strategyActivationHandler } from "./strategy-activation";
import { webhookHandler } from "./webhook";

/** Resource kind (the type token's last part) → its runtime implementation. */
export const handlers: Record<string, pulumi.dynamic.ResourceProvider> = {
  Strategy: strategyHandler,
  StrategyActivation: strategyActivationHandler,
  Webhook: webhookHandler,
  FollowedDeveloper: followedDeveloperHandler,
  DeveloperTags: developerTagsHandler,
};
