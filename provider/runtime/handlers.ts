import type { ResourceKind } from "../model/type-tokens";
import { bindToAccount } from "./account-binding";
import { developerTagsHandler } from "./developer-tags";
import { followedDeveloperHandler } from "./followed-developer";
import type { KindHandler } from "./kind-handler";
import { strategyHandler } from "./strategy";
import { strategyActivationHandler } from "./strategy-activation";
import { webhookHandler } from "./webhook";

export type { KindHandler } from "./kind-handler";

/** Resource kind (the type token's last part) → its runtime implementation. */
export const handlers: Record<ResourceKind, KindHandler> = {
  Strategy: bindToAccount("Strategy", strategyHandler),
  StrategyActivation: bindToAccount("StrategyActivation", strategyActivationHandler),
  Webhook: bindToAccount("Webhook", webhookHandler),
  FollowedDeveloper: bindToAccount("FollowedDeveloper", followedDeveloperHandler),
  DeveloperTags: bindToAccount("DeveloperTags", developerTagsHandler),
};

export function isResourceKind(kind: string): kind is ResourceKind {
  return Object.hasOwn(handlers, kind);
}
