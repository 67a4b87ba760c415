import { RESOURCE_OUTPUTS } from "../model/resource-outputs";
import { PLUGIN_TYPE_TOKENS, type ResourceKind, resourceKindOf, typeOfUrn } from "../model/type-tokens";
import { UNKNOWN } from "../model/unknown-value";
import type { PropertyBag } from "../runtime/inputs";

/** Outputs the plugin always returns as Pulumi secrets. */
export const SECRET_OUTPUTS: Record<ResourceKind, readonly string[]> = {
  Strategy: [],
  StrategyActivation: [],
  Webhook: ["secret"],
  FollowedDeveloper: [],
  DeveloperTags: [],
};

/**
 * The kind a resource URN names (`urn:pulumi:<stack>::<project>::<parent$>type::<name>`); only
 * the plugin's own type tokens, never the dynamic ones, which this plugin does not serve.
 */
export function kindOfUrn(urn: string): ResourceKind | undefined {
  const type = typeOfUrn(urn);
  const kind = resourceKindOf(type);
  return kind !== undefined && PLUGIN_TYPE_TOKENS[kind] === type ? kind : undefined;
}

/**
 * Outputs an update never changes. The engine keeps them known during a preview of the update,
 * so a resource that uses them (an activation naming a strategy's id) shows no change of its own.
 */
export const STABLE_OUTPUTS: Record<ResourceKind, readonly string[]> = {
  Strategy: ["strategyId", "userId", "createdAt", "accountId"],
  StrategyActivation: ["accountId"],
  Webhook: ["accountId"],
  FollowedDeveloper: ["address", "accountId"],
  DeveloperTags: ["address", "accountId"],
};

/**
 * What a preview of a create or an update shows, without a request: the new inputs, the stable
 * outputs the object already has, and every other output unknown until the real operation.
 */
export function previewOutputs(kind: ResourceKind, news: PropertyBag, olds?: PropertyBag): PropertyBag {
  const outs: PropertyBag = { ...news };
  const outputs: readonly string[] = RESOURCE_OUTPUTS[kind];
  for (const key of outputs) {
    const stable = olds !== undefined && STABLE_OUTPUTS[kind].includes(key) && olds[key] !== undefined;
    outs[key] = stable ? olds[key] : UNKNOWN;
  }
  return outs;
}
