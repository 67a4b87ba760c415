import { ACCOUNT_PIN_KIND } from "../model/account-pin";
import type { ResourceKind } from "../model/type-tokens";
import { bindToAccount } from "./account-binding";
import { accountPinHandler } from "./account-pin";
import { boundedFailures } from "./check-failures";
import { developerTagsHandler } from "./developer-tags";
import { UnknownResourceKindError } from "./errors";
import { followedDeveloperHandler } from "./followed-developer";
import type { KindHandler } from "./kind-handler";
import { strategyHandler } from "./strategy";
import { strategyActivationHandler } from "./strategy-activation";
import { webhookHandler } from "./webhook";

/**
 * A check failure quotes what the program declared (an address, a URL, a rule value, a key):
 * its property and reason are made printable and bounded here (check-failures.ts), once for
 * every kind and both front doors.
 */
function withPrintableFailures(handler: KindHandler): KindHandler {
  return {
    ...handler,
    async check(ctx, olds, news) {
      const result = await handler.check(ctx, olds, news);
      if (!result.failures || result.failures.length === 0) return result;
      return { ...result, failures: boundedFailures(result.failures) };
    },
  };
}

/** Resource kind (the type token's last part) → its runtime implementation. */
export const handlers: Record<ResourceKind, KindHandler> = {
  Strategy: bindToAccount("Strategy", withPrintableFailures(strategyHandler)),
  StrategyActivation: bindToAccount("StrategyActivation", withPrintableFailures(strategyActivationHandler)),
  Webhook: bindToAccount("Webhook", withPrintableFailures(webhookHandler)),
  FollowedDeveloper: bindToAccount("FollowedDeveloper", withPrintableFailures(followedDeveloperHandler)),
  DeveloperTags: bindToAccount("DeveloperTags", withPrintableFailures(developerTagsHandler)),
};

function isResourceKind(kind: string): kind is ResourceKind {
  return Object.hasOwn(handlers, kind);
}

/**
 * The handler of a dynamic resource by the kind its provider shell names: a resource kind's, or
 * the stack's account pin, which the TypeScript door alone has (it is no kind of the schema).
 */
export function dynamicHandler(kind: string): KindHandler {
  if (kind === ACCOUNT_PIN_KIND) return accountPinHandler;
  if (!isResourceKind(kind)) throw new UnknownResourceKindError(kind);
  return handlers[kind];
}
