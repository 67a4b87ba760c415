import { outputNames, stableOutputs } from "../model/kinds";
import { PLUGIN_TYPE_TOKENS, type ResourceKind, resourceKindOf, typeOfUrn } from "../model/type-tokens";
import { UNKNOWN } from "../model/unknown-value";
import type { PropertyBag } from "../runtime/inputs";

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
 * What a preview of a create or an update shows, without a request: the new inputs, the stable
 * outputs the object already has, and every other output unknown until the real operation.
 */
export function previewOutputs(kind: ResourceKind, news: PropertyBag, olds?: PropertyBag): PropertyBag {
  const outs: PropertyBag = { ...news };
  const stable = stableOutputs(kind);
  for (const key of outputNames(kind)) {
    const kept = olds !== undefined && stable.includes(key) && olds[key] !== undefined;
    outs[key] = kept ? olds[key] : UNKNOWN;
  }
  return outs;
}
