/**
 * What a policy sees of a resource: the engine's property bag, read safely. @pulumi/policy wraps
 * the bag in a proxy that throws on a value unknown during preview; policies here read a plain
 * copy in which such values are `UNKNOWN`, so one unknown field never hides the known ones.
 */
import { type ResourceKind, resourceKindOf } from "../model/type-tokens";

/** A value the engine cannot know yet (an output of a resource not created). */
export const UNKNOWN: unique symbol = Symbol("unknown during preview");
export type Unknown = typeof UNKNOWN;

export function isKnown<T>(value: T | Unknown): value is T {
  return value !== UNKNOWN;
}

// biome-ignore lint/suspicious/noExplicitAny: engine property bags are untyped JSON.
export type Props = Record<string, any>;

/**
 * A deep plain copy of a property bag without the serialized dynamic provider (`__provider` is
 * machinery, never a user's input). Unknown values, and values the proxy refuses to read, become
 * `UNKNOWN`.
 */
export function plainProps(props: Props): Props {
  const copy = plainValue(props, 0);
  if (copy === UNKNOWN || copy === null || typeof copy !== "object" || Array.isArray(copy)) return {};
  const { __provider: _provider, ...rest } = copy as Props;
  return rest;
}

// The engine's unknown sentinels, for bags that were not wrapped in @pulumi/policy's proxy.
const UNKNOWN_SENTINELS = new Set([
  "1c4a061d-8072-4f0a-a4cb-0ff528b18fe7",
  "3eeb2bf0-c639-47a8-9e75-3b44932eb421",
  "04da6b54-80e4-46f7-96ec-b56ff0331ba9",
  "6a19a0b0-7e62-4c92-b797-7f8e31da9cc2",
  "dd056dcd-154b-4c76-9bd3-c8f88648b5ff",
]);
const MAX_DEPTH = 32;

function plainValue(value: unknown, depth: number): unknown {
  if (typeof value === "string" && UNKNOWN_SENTINELS.has(value)) return UNKNOWN;
  if (value === null || typeof value !== "object") return value;
  if (depth > MAX_DEPTH) return UNKNOWN;
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (let i = 0; i < value.length; i++) out.push(read(value, i, depth));
    return out;
  }
  const out: Props = {};
  for (const key of Object.keys(value)) out[key] = read(value as Props, key, depth);
  return out;
}

function read(container: Props | unknown[], key: string | number, depth: number): unknown {
  try {
    return plainValue((container as Props)[key], depth + 1);
  } catch {
    // @pulumi/policy's proxy throws when the value is unknown during preview.
    return UNKNOWN;
  }
}

/** The parts of @pulumi/policy's PolicyResource the stack policies use. */
export interface StackResource {
  type: string;
  urn: string;
  name: string;
  props: Props;
  dependencies?: StackResource[];
  propertyDependencies?: Record<string, StackResource[]>;
}

/** One of our resources in a stack, its properties read plainly. */
export interface OurResource {
  kind: ResourceKind;
  urn: string;
  name: string;
  props: Props;
  source: StackResource;
}

/** Our resources of one kind (recognised by type token) among a stack's resources. */
export function ourResources(resources: readonly StackResource[], kind: ResourceKind): OurResource[] {
  return resources
    .filter((r) => resourceKindOf(r.type) === kind)
    .map((r) => ({ kind, urn: r.urn, name: r.name, props: plainProps(r.props), source: r }));
}

/**
 * The URNs of resources of `kind` that `resource`'s `property` was computed from (all of the
 * resource's dependencies when the engine did not record them per property).
 */
export function dependencyUrns(resource: StackResource, property: string, kind: ResourceKind): Set<string> {
  const sources = resource.propertyDependencies?.[property] ?? resource.dependencies ?? [];
  return new Set(sources.filter((d) => resourceKindOf(d.type) === kind).map((d) => d.urn));
}

/** A strategy's display name for messages: its `name` input, else its Pulumi name. */
export function strategyLabel(strategy: OurResource): string {
  const name = strategy.props.name;
  return `Strategy "${typeof name === "string" ? name : strategy.name}"`;
}
