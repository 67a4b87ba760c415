/** Helpers for the property bags the engine hands a dynamic provider. */
import { ADDRESS_FORMAT_MESSAGE, isDeveloperAddress, uuidIssue } from "../model/identifiers";
import { quotedText } from "../model/quoted-text";
import { isUnknown } from "../model/unknown-value";
import { describeValue } from "../model/validation-issue";

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

/**
 * The failure of a developer's `address` input, if any: missing, of another type than a string
 * (a number in YAML is the usual slip), or blank, each said as such.
 */
export function addressFailure(
  value: unknown,
  what: string,
): { property: string; reason: string } | undefined {
  if (isUnknown(value)) return undefined;
  if (value === undefined || value === null)
    return { property: "address", reason: `address is required: ${what}` };
  if (typeof value !== "string") {
    const hint = typeof value === "number" ? "; an address of digits needs quotes" : "";
    return {
      property: "address",
      reason: `address must be a string (${what}), got ${describeValue(value)}${hint}`,
    };
  }
  if (value.trim() === "") return { property: "address", reason: `address must not be empty: ${what}` };
  // The service's format (model/identifiers.ts), which no control, bidi or invisible character fits.
  if (!isDeveloperAddress(value))
    return { property: "address", reason: `${ADDRESS_FORMAT_MESSAGE}, got ${quotedText(value)}` };
  return undefined;
}

/**
 * The failures of a declared list of ids (`strategyIds`, `tagIds`): missing, not an array, or an
 * element that is not a string or is blank, each said as such with the element's index.
 */
export function idListFailures(
  value: unknown,
  property: string,
  what: string,
  format?: "uuid",
): { property: string; reason: string }[] {
  if (isUnknown(value)) return [];
  if (value === undefined || value === null)
    return [{ property, reason: `${property} is required: an array of ${what}s ([] for none)` }];
  if (!Array.isArray(value))
    return [{ property, reason: `${property} must be an array of ${what}s, got ${describeValue(value)}` }];
  return value.flatMap((id: unknown, i: number) => {
    if (isUnknown(id)) return [];
    if (typeof id === "string" && id.trim() !== "") {
      const wrong = format === "uuid" ? uuidIssue(id, `${property}[${i}]`, `a ${what}`) : undefined;
      return wrong === undefined ? [] : [{ property: `${property}[${i}]`, reason: wrong }];
    }
    const problem =
      typeof id === "string" ? "must not be empty" : `must be a string, got ${describeValue(id)}`;
    return [{ property: `${property}[${i}]`, reason: `${property}[${i}] ${problem} (a ${what})` }];
  });
}
