/**
 * The type tokens of both front doors, from the kinds' descriptors. Policies, the review and
 * other tools recognise our resources through `resourceKindOf`, which knows both families.
 */
import { KINDS, PLUGIN_PACKAGE, RESOURCE_KINDS, type ResourceKind } from "./kinds";

export { resourceKindOf } from "./kinds";
export { PLUGIN_PACKAGE, type ResourceKind };

export type DynamicTokens = { readonly [K in ResourceKind]: (typeof KINDS)[K]["dynamicToken"] };
type PluginTokens = { readonly [K in ResourceKind]: (typeof KINDS)[K]["pluginToken"] };

/** The type token of each dynamic resource as the engine records it. */
export const TYPE_TOKENS = Object.fromEntries(
  RESOURCE_KINDS.map((k) => [k, KINDS[k].dynamicToken]),
) as DynamicTokens;

export type TypeToken = DynamicTokens[ResourceKind];

/** The type token of each resource served by the provider plugin (the same kinds, same properties). */
export const PLUGIN_TYPE_TOKENS = Object.fromEntries(
  RESOURCE_KINDS.map((k) => [k, KINDS[k].pluginToken]),
) as PluginTokens;

/** The type token of a URN (`urn:pulumi:stack::project::type::name`; nested types use `$`). */
export function typeOfUrn(urn: string): string {
  const qualified = urn.split("::")[2] ?? "";
  return qualified.slice(qualified.lastIndexOf("$") + 1);
}

/**
 * Recognises a resource by the type token the SDK records on every instance. Unlike
 * `instanceof`, it also holds when a program ends up with two copies of this package or the SDK.
 */
export function hasTypeToken(obj: unknown, token: TypeToken): boolean {
  return (
    typeof obj === "object" && obj !== null && (obj as { __pulumiType?: unknown }).__pulumiType === token
  );
}
