import type * as pulumi from "@pulumi/pulumi";
import { printableText } from "../model/printable-text";
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

/**
 * A check failure quotes what the program declared (an address, a URL, a rule value, a key):
 * its property and reason are made printable here, once for every kind and both front doors.
 */
function withPrintableFailures(handler: KindHandler): KindHandler {
  return {
    ...handler,
    async check(ctx, olds, news) {
      const result = await handler.check(ctx, olds, news);
      if (!result.failures) return result;
      const failures = result.failures.map((f) => ({
        property: printableText(f.property),
        reason: printableText(f.reason),
      }));
      return { ...result, failures };
    },
  };
}

/** Resource kind (the type token's last part) → its runtime implementation. */
export const handlers: Record<ResourceKind, KindHandler> = {
  Strategy: withPrintableFailures(strategyHandler),
  StrategyActivation: withPrintableFailures(strategyActivationHandler),
  Webhook: withPrintableFailures(webhookHandler),
  FollowedDeveloper: withPrintableFailures(followedDeveloperHandler),
  DeveloperTags: withPrintableFailures(developerTagsHandler),
};

export function isResourceKind(kind: string): kind is ResourceKind {
  return Object.hasOwn(handlers, kind);
}
