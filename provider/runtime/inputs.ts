/** Helpers for the property bags the engine hands a dynamic provider. */
import { isUnknown } from "../model/unknown-value";

// biome-ignore lint/suspicious/noExplicitAny: the engine's property bags are untyped JSON.
export type PropertyBag = Record<string, any>;

/** The engine passes the serialized provider among the inputs; it is never part of a request. */
export function withoutProvider(props: PropertyBag | undefined): PropertyBag {
  const { __provider: _provider, ...rest } = props ?? {};
  return rest;
}

/** Paths (`rules[2].min`, `triggerConfigs.x.tagId`) of every unknown value inside `value`. */
export function unknownPaths(value: unknown, path = ""): string[] {
  if (isUnknown(value)) return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => unknownPaths(v, `${path}[${i}]`));
  if (value !== null && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) => unknownPaths(v, path ? `${path}.${k}` : k));
  }
  return [];
}

/** True when `path` is, or lies inside, one of `prefixes`. */
export function underAny(path: string, prefixes: readonly string[]): boolean {
  return prefixes.some((p) => path === p || path.startsWith(`${p}.`) || path.startsWith(`${p}[`));
}

/** Only the listed keys, without undefined values: what a diff and a request compare. */
export function pick(bag: PropertyBag, keys: readonly string[]): PropertyBag {
  const out: PropertyBag = {};
  for (const k of keys) if (bag[k] !== undefined) out[k] = bag[k];
  return out;
}
