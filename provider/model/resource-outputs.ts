import { STRATEGY_OUTPUT_FIELDS } from "./strategy";
import type { ResourceKind } from "./type-tokens";

/**
 * The outputs of each kind beyond its inputs, read from the service. The dynamic resources
 * declare them (as inputs without a value, so that the engine tracks them) and the plugin
 * previews them as unknown until the operation runs. `accountId` is the account (the service's
 * user id) the resource belongs to: every operation on it checks the key in use against it.
 */
export const RESOURCE_OUTPUTS = {
  Strategy: [...STRATEGY_OUTPUT_FIELDS, "accountId"],
  StrategyActivation: ["activeStrategyIds", "accountId"],
  Webhook: ["verifiedAt", "hasSecret", "secret", "verificationError", "accountId"],
  FollowedDeveloper: ["isActive", "addedAt", "tagIds", "accountId"],
  DeveloperTags: ["accountId"],
} as const satisfies Record<ResourceKind, readonly string[]>;

export type ResourceOutput<K extends ResourceKind> = (typeof RESOURCE_OUTPUTS)[K][number];

/** A kind's outputs, each without a value: what a dynamic resource passes beside its args. */
export function unsetOutputs<K extends ResourceKind>(kind: K): Record<ResourceOutput<K>, undefined> {
  const outputs: readonly string[] = RESOURCE_OUTPUTS[kind];
  return Object.fromEntries(outputs.map((field) => [field, undefined])) as Record<
    ResourceOutput<K>,
    undefined
  >;
}
