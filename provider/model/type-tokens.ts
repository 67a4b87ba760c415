/**
 * The type token of each dynamic resource as the engine records it. Dynamic resources are all
 * served by the `pulumi-nodejs` provider, so the engine prefixes the module and type we pass with
 * `pulumi-nodejs:dynamic/`. Policies, the review and other tools recognise our resources through
 * `resourceKindOf`, which also knows the plugin's tokens.
 */
export const RESOURCE_MODULE = "strategy-alerts";

export const TYPE_TOKENS = {
  Strategy: "pulumi-nodejs:dynamic/strategy-alerts:Strategy",
  StrategyActivation: "pulumi-nodejs:dynamic/strategy-alerts:StrategyActivation",
  Webhook: "pulumi-nodejs:dynamic/strategy-alerts:Webhook",
  FollowedDeveloper: "pulumi-nodejs:dynamic/strategy-alerts:FollowedDeveloper",
  DeveloperTags: "pulumi-nodejs:dynamic/strategy-alerts:DeveloperTags",
} as const;

export type ResourceKind = keyof typeof TYPE_TOKENS;
export type TypeToken = (typeof TYPE_TOKENS)[ResourceKind];

/** The provider plugin's package name: its resources are `strategy-alerts:index:<Kind>`. */
export const PLUGIN_PACKAGE = "strategy-alerts";

/** The type token of each resource served by the provider plugin (the same kinds, same properties). */
export const PLUGIN_TYPE_TOKENS = {
  Strategy: "strategy-alerts:index:Strategy",
  StrategyActivation: "strategy-alerts:index:StrategyActivation",
  Webhook: "strategy-alerts:index:Webhook",
  FollowedDeveloper: "strategy-alerts:index:FollowedDeveloper",
  DeveloperTags: "strategy-alerts:index:DeveloperTags",
} as const satisfies Record<ResourceKind, string>;

const RESOURCE_KINDS = Object.keys(TYPE_TOKENS) as ResourceKind[];

/**
 * The resource kind a type token names, through either front door (a dynamic resource or the
 * plugin), or undefined for anything that is not ours.
 */
export function resourceKindOf(type: string): ResourceKind | undefined {
  return RESOURCE_KINDS.find((k) => TYPE_TOKENS[k] === type || PLUGIN_TYPE_TOKENS[k] === type);
}

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
