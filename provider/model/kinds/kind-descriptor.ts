/**
 * What one resource kind is, written once: its fields with one description each, which of them
 * are sets, replace the resource, are checked at preview or always present, its defaults and
 * how import names an object of it. The dynamic resources, the runtime's diff, the plugin's
 * schema, detailed diff and secrets, the review, import and docs/resources.md all read a kind's
 * descriptor instead of keeping a table of their own.
 */
import type { z } from "zod";

/** How the plugin schema types a field; a zod schema (built on demand) becomes a named object type. */
export type FieldType =
  | "string"
  | "boolean"
  | "integer"
  | "strings"
  | "ruleItems"
  | { readonly zod: () => z.ZodType; readonly name: string; readonly list?: true; readonly io?: "output" };

interface Field {
  /** One description: the TypeScript doc comment, the schema's description and the docs' row. */
  readonly description: string;
  readonly type: FieldType;
  /** The type in words, for docs/resources.md. */
  readonly typeWords: string;
}

export interface InputField extends Field {
  /** The program must set it. */
  readonly required?: true;
  /** The resource's outputs always hold it (the schema's required properties). */
  readonly alwaysOutput?: true;
  /** A set: order and duplicates are no change; `rules` are rule items, `strings` plain values. */
  readonly set?: "rules" | "strings";
  /** Another value is another object: a change replaces the resource. */
  readonly replaces?: true;
  /** What the service holds when the program leaves the field out (and what removing it resets). */
  readonly default?: string | number | boolean | null;
  /**
   * The kind's check validates it, so an unknown value waits for apply; `count`: a list of which
   * the check needs only the length, so unknown elements hold up nothing.
   */
  readonly checked?: true | "count";
  /** Never a change (the id `adopt` takes over): the diff does not compare it. */
  readonly notCompared?: true;
}

export interface OutputField extends Field {
  /** Always returned as a Pulumi secret. */
  readonly secret?: true;
  /** An update never changes it, so a preview keeps its old value known. */
  readonly stable?: true;
  /** The resource's outputs always hold it. */
  readonly alwaysOutput?: true;
}

/** How `pulumi import` (and `strategy-alerts import`) names an object of the kind. */
type ImportId =
  | { readonly fixed: string; readonly words: string }
  | { readonly field: string; readonly words: string };

export interface KindDescriptor {
  /** The dynamic resource's type token, as the engine records it. */
  readonly dynamicToken: string;
  /** The provider plugin's type token. */
  readonly pluginToken: string;
  /** What the resource is: the class's doc comment and the schema's description. */
  readonly description: string;
  /** The heading of the kind's section in a review ("Followed developers"). */
  readonly heading: string;
  readonly inputs: Readonly<Record<string, InputField>>;
  readonly outputs: Readonly<Record<string, OutputField>>;
  readonly importId: ImportId;
}

/** Every kind records the account it belongs to; a key of another account is refused. */
export const ACCOUNT_ID_OUTPUT = {
  description:
    "The account (the service's user id) this resource belongs to; an operation with a key of another account fails and changes nothing.",
  type: "string",
  typeWords: "string",
  stable: true,
} as const satisfies OutputField;

/** The module of the dynamic resources' type tokens. */
const RESOURCE_MODULE = "strategy-alerts";

/** The provider plugin's package name: its resources are `strategy-alerts:index:<Kind>`. */
export const PLUGIN_PACKAGE = "strategy-alerts";

/**
 * The type tokens of a kind named `name` in both front doors. Dynamic resources are all served
 * by the `pulumi-nodejs` provider, so the engine prefixes the module and type a dynamic resource
 * passes with `pulumi-nodejs:dynamic/`.
 */
export function tokensOf<N extends string>(
  name: N,
): {
  dynamicToken: `pulumi-nodejs:dynamic/${typeof RESOURCE_MODULE}:${N}`;
  pluginToken: `${typeof PLUGIN_PACKAGE}:index:${N}`;
} {
  return {
    dynamicToken: `pulumi-nodejs:dynamic/${RESOURCE_MODULE}:${name}`,
    pluginToken: `${PLUGIN_PACKAGE}:index:${name}`,
  };
}
