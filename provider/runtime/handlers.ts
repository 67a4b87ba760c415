import type * as pulumi from "@pulumi/pulumi";
import type { ResourceKind } from "../model/type-tokens";
import type { RuntimeContext } from "./context";
import { developerTagsHandler } from "./developer-tags";
import { followedDeveloperHandler } from "./followed-developer";
import type { PropertyBag } from "./inputs";
import { strategyHandler } from "./strategy";
import { strategyActivationHandler } from "./strategy-activation";
import { webhookHandler } from "./webhook";

/**
 * One resource kind's operations. Both front doors call these: the dynamic shell with the
 * process's default context, the plugin with the context of the provider instance that serves
 * the resource. Results have the dynamic provider's shapes; the plugin translates them.
 */
export interface KindHandler {
  check(ctx: RuntimeContext, olds: PropertyBag, news: PropertyBag): Promise<pulumi.dynamic.CheckResult>;
  diff(
    ctx: RuntimeContext,
    id: string,
    olds: PropertyBag,
    news: PropertyBag,
  ): Promise<pulumi.dynamic.DiffResult>;
  create(ctx: RuntimeContext, inputs: PropertyBag): Promise<pulumi.dynamic.CreateResult>;
  read(ctx: RuntimeContext, id: string, props: PropertyBag): Promise<pulumi.dynamic.ReadResult>;
  update(
    ctx: RuntimeContext,
    id: string,
    olds: PropertyBag,
    news: PropertyBag,
  ): Promise<pulumi.dynamic.UpdateResult>;
  delete(ctx: RuntimeContext, id: string, props: PropertyBag): Promise<void>;
}

/** Resource kind (the type token's last part) → its runtime implementation. */
export const handlers: Record<ResourceKind, KindHandler> = {
  Strategy: strategyHandler,
  StrategyActivation: strategyActivationHandler,
  Webhook: webhookHandler,
  FollowedDeveloper: followedDeveloperHandler,
  DeveloperTags: developerTagsHandler,
};

export function isResourceKind(kind: string): kind is ResourceKind {
  return Object.hasOwn(handlers, kind);
}
