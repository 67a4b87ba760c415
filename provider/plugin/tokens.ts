import { PLUGIN_TYPE_TOKENS, type ResourceKind } from "../resources/type-tokens";

/** Outputs the plugin always returns as Pulumi secrets. */
export const SECRET_OUTPUTS: Record<ResourceKind, readonly string[]> = {
  Strategy: [],
  StrategyActivation: [],
  Webhook: ["secret"],
  FollowedDeveloper: [],
  DeveloperTags: [],
};

const KINDS = Object.keys(PLUGIN_TYPE_TOKENS) as ResourceKind[];

/**
 * The kind a resource URN names (`urn:pulumi:<stack>::<project>::<parent$>type::<name>`); only
 * the plugin's own type tokens, never the dynamic ones, which this plugin does not serve.
 */
export function kindOfUrn(urn: string): ResourceKind | undefined {
  const qualified = urn.split("::")[2] ?? "";
  const type = qualified.slice(qualified.lastIndexOf("$") + 1);
  return KINDS.find((k) => PLUGIN_TYPE_TOKENS[k] === type);
}
