/**
 * Declared inputs → values typed by the package schema, for the writers of the generated SDKs'
 * languages (Go, Python): which input type an object is (`BooleanRuleItem`), which enum a string
 * is (`EventType`) and which of its constants, what a list or map holds. A union (the rule items, the followed-developer
 * trigger config) is resolved by the variant whose properties and enum values the value fits; a
 * value that fits no type of the schema stays untyped (a map in Go, a dict in Python), which both
 * SDKs send as it is.
 */
import { PLUGIN_TYPE_TOKENS, type ResourceKind } from "../../provider/model/type-tokens";
// The checked-in schema (a test holds it equal to what the model generates), bundled as data: the
// schema's builder would load the lookups and, through them, the Pulumi SDK.
import schemaJson from "../../provider/plugin/schema.json";
import { Ref, SecretConfig, TagRef } from "./declarations";

type ScalarType = "string" | "number" | "integer" | "boolean";

/**
 * What a list or map holds: a scalar, an enum or object type by name, one of a union of object
 * types (`union` the property's name: the Go SDK types the list as `<Name>Array`), or anything.
 */
export type ElementType = ScalarType | { enum: string } | { object: string } | { union: string } | "any";

export type SdkValue =
  | { t: "scalar"; type: ScalarType; value: string | number | boolean }
  /**
   * A value of an enum type: `member` is the schema's entry when the value is one of the type's
   * (its `name`, when the schema gives one, is what the SDKs name their constant after).
   */
  | { t: "enum"; type: string; value: string; member?: { name?: string } }
  | { t: "list"; element: ElementType; items: SdkValue[] }
  | { t: "map"; element: ElementType; entries: [string, SdkValue][] }
  /** An object of an input type (`type` its name), or untyped (`type` undefined: wire keys). */
  | { t: "object"; type: string | undefined; fields: [string, SdkValue][] }
  | { t: "ref"; ref: Ref }
  | { t: "secret"; key: string }
  | { t: "tag"; tag: TagRef }
  | { t: "null" };

interface PropertySpec {
  type?: string;
  $ref?: string;
  items?: PropertySpec;
  additionalProperties?: PropertySpec;
  oneOf?: PropertySpec[];
}

interface TypeSpec {
  type: string;
  properties?: Record<string, PropertySpec>;
  required?: string[];
  enum?: { value: unknown; name?: string }[];
}

interface Schema {
  resources: Record<string, { inputProperties: Record<string, PropertySpec> }>;
  types: Record<string, TypeSpec>;
}

let cached: Schema | undefined;
const schema = (): Schema => {
  cached ??= schemaJson as unknown as Schema;
  return cached;
};

/** `#/types/strategy-alerts:index:BooleanRuleItem` → its token and its name (`BooleanRuleItem`). */
function referenced(ref: string): { token: string; name: string; spec: TypeSpec | undefined } {
  const token = ref.replace(/^#\/types\//, "");
  return { token, name: token.slice(token.lastIndexOf(":") + 1), spec: schema().types[token] };
}

/** A resource's declared inputs, typed: in the order declared, nulls kept (a writer leaves them out). */
export function typedArgs(kind: ResourceKind, args: Record<string, unknown>): [string, SdkValue][] {
  const inputs = schema().resources[PLUGIN_TYPE_TOKENS[kind]]?.inputProperties ?? {};
  return Object.entries(args)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => [k, typed(v, inputs[k], k)]);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * `value` as the schema property `spec` (named `property`) types it (untyped where the schema has
 * no type for it).
 */
function typed(value: unknown, spec: PropertySpec | undefined, property = ""): SdkValue {
  if (value instanceof Ref) return { t: "ref", ref: value };
  if (value instanceof SecretConfig) return { t: "secret", key: value.secret.key };
  if (value instanceof TagRef) return { t: "tag", tag: value };
  if (value === null || value === undefined) return { t: "null" };
  const resolved = spec?.oneOf ? spec.oneOf.find((variant) => fits(value, variant)) : spec;
  if (Array.isArray(value)) {
    const items = resolved?.type === "array" ? resolved.items : undefined;
    const element: ElementType = items?.oneOf ? { union: property } : elementType(items);
    return { t: "list", element, items: value.map((v) => typed(v, items)) };
  }
  if (resolved?.$ref) {
    const { name, spec: type } = referenced(resolved.$ref);
    if (type?.enum && typeof value === "string") {
      const entry = type.enum.find((e) => e.value === value);
      const member = entry ? (entry.name === undefined ? {} : { name: entry.name }) : undefined;
      return { t: "enum", type: name, value, ...(member ? { member } : {}) };
    }
    if (type?.type === "object" && isRecord(value) && fits(value, resolved))
      return {
        t: "object",
        type: name,
        fields: Object.entries(value)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => [k, typed(v, type.properties?.[k], k)]),
      };
  }
  if (isRecord(value)) {
    const of = resolved?.type === "object" ? resolved.additionalProperties : undefined;
    if (of !== undefined)
      return {
        t: "map",
        element: elementType(of),
        entries: Object.entries(value).map(([k, v]) => [k, typed(v, of)]),
      };
    return {
      t: "object",
      type: undefined,
      fields: Object.entries(value).map(([k, v]) => [k, typed(v, undefined)]),
    };
  }
  return scalar(value, resolved);
}

function scalar(value: unknown, spec: PropertySpec | undefined): SdkValue {
  switch (typeof value) {
    case "string":
      return { t: "scalar", type: "string", value };
    case "boolean":
      return { t: "scalar", type: "boolean", value };
    case "number":
      if (!Number.isFinite(value)) throw new TypeError(`cannot write ${value} as a number`);
      return {
        t: "scalar",
        type: spec?.type === "integer" && Number.isInteger(value) ? "integer" : "number",
        value,
      };
    default:
      throw new TypeError(`cannot write a ${typeof value} as a program value`);
  }
}

function elementType(spec: PropertySpec | undefined): ElementType {
  if (spec === undefined || spec.oneOf) return "any";
  if (spec.$ref) {
    const { name, spec: type } = referenced(spec.$ref);
    if (type?.enum) return { enum: name };
    return type?.type === "object" ? { object: name } : "any";
  }
  const t = spec.type;
  return t === "string" || t === "number" || t === "integer" || t === "boolean" ? t : "any";
}

/**
 * Whether `value` is of the type `spec` names: an object has only its properties, every required
 * one, and an enum property only one of its values; anything else fits where the type matches.
 */
function fits(value: unknown, spec: PropertySpec): boolean {
  if (value instanceof Ref || value instanceof SecretConfig || value instanceof TagRef) return true;
  if (spec.oneOf) return spec.oneOf.some((variant) => fits(value, variant));
  if (!spec.$ref) return !isRecord(value) || spec.type === "object";
  const type = referenced(spec.$ref).spec;
  if (!type) return false;
  if (type.enum) return type.enum.some((e) => e.value === value);
  if (!isRecord(value)) return false;
  const properties = type.properties ?? {};
  const keys = Object.keys(value).filter((k) => value[k] !== undefined);
  return (
    keys.every((k) => k in properties && fits(value[k], properties[k]!)) &&
    (type.required ?? []).every((k) => keys.includes(k))
  );
}
