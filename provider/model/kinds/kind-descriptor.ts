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

/**
 * How `provider/resources/<kind>.ts` declares a field where its other facts do not say it (`npm
 * run schema` writes those declarations). An input is optional in the args unless `required`,
 * takes null when its `default` is null, and is an output of the instance unless `notCompared`,
 * always there when required or `alwaysOutput`; an output is always there and never null.
 */
interface Declared {
  /** The args require it although the schema does not (the webhook's url: its null clears it). */
  readonly required?: true;
  /** Whether null is a value, where `default` does not say it. */
  readonly nullable?: boolean;
  /** The instance declares no output of it. */
  readonly output?: false;
  /** Whether the instance's output of it is always there (not `| undefined`). */
  readonly present?: boolean;
}

/**
 * A field's bounds, as zod's `min` and `max` read them: a number's least and greatest value, a
 * string's or a list's greatest length. Written once, in the descriptor: the field's zod schema
 * (provider/model/field-schema.ts), its type words and its description read it.
 */
export interface Bounds {
  readonly min?: number;
  readonly max?: number;
}

interface Field {
  /** One description: the TypeScript doc comment, the schema's description and the docs' row. */
  readonly description: string;
  readonly type: FieldType;
  /** The type in words, for docs/resources.md, where `typeWordsOf` cannot tell them from the type. */
  readonly typeWords?: string;
  readonly declared?: Declared;
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
  /**
   * A url that carries a credential (a query token, user info: `webhookUrlIsSecret`) is sealed as
   * a secret in the state and every preview, however the program declared it (the webhook's url).
   */
  readonly secretWithCredential?: true;
  /** How the service gives it back (the Strategy's fields): see `Echo`. */
  readonly echo?: Echo;
  /** How a review words it: see `ReviewWording`. */
  readonly review?: ReviewWording;
  readonly bounds?: Bounds;
}

/**
 * How the service gives a declared field back, which decides what a refresh, adoption, a create
 * whose answer was lost and `strategy-alerts import` read (provider/runtime/strategy-live-inputs.ts):
 * - `always`: every read answers it as sent: read back as is, compared by adoption, written by import;
 * - `stored`: every read answers it in the service's stored form, which the runtime maps back
 *   (a mapping per such field, checked by the compiler);
 * - `listed`: only the listing answers it: read back where the previous inputs hold it;
 * - `reads`: the single read answers it when the service returns it at all;
 * - `never`: no answer holds it: a refresh keeps the declared value, adoption always sends a
 *   declared one, import cannot write it.
 */
export type Echo = "always" | "stored" | "listed" | "reads" | "never";

/**
 * How a review words a field (provider/review/strategy-diff.ts): its label and the words of its
 * value: `text` quoted, `value` as JSON, `minutes` a duration, `switch` a mode turned on or off,
 * `matching` a share of the rules, `triggers`/`triggerConfigs`/`rules` their own statements (rules
 * last). `summary: false` leaves it out of a new resource's summary (the name is its heading).
 */
export interface ReviewWording {
  readonly label: string;
  readonly words:
    | "text"
    | "value"
    | "minutes"
    | "switch"
    | "matching"
    | "triggers"
    | "triggerConfigs"
    | "rules";
  readonly summary?: false;
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
  /**
   * The output where states written before `accountId` existed record the account (the
   * strategies' `userId`); a kind without one is not checked until its next write records it.
   */
  readonly legacyAccountOutput?: string;
  /** The outputs a program that `strategy-alerts import` writes exports as the stack's own. */
  readonly programOutputs?: readonly string[];
}

const SCALAR_WORDS = {
  string: "string",
  boolean: "boolean",
  integer: "integer",
  strings: "string[]",
} as const;

/**
 * A field's type in words (docs/resources.md): its `typeWords` where the descriptor gives them
 * (a named type, a timestamp, an id), otherwise read from its type, its bounds and whether null is
 * a value: `integer 0–1440`, `string or null`.
 */
export function typeWordsOf(field: InputField | OutputField): string {
  if (field.typeWords !== undefined) return field.typeWords;
  const { type } = field;
  if (type === "ruleItems") return "rule items (a union on `rule`)";
  if (typeof type !== "string") return type.name;
  const bounds = "bounds" in field ? field.bounds : undefined;
  const range =
    type === "integer" && bounds?.min !== undefined && bounds.max !== undefined
      ? ` ${bounds.min}–${bounds.max}`
      : "";
  const nullable = field.declared?.nullable ?? ("default" in field && field.default === null);
  return `${SCALAR_WORDS[type]}${range}${nullable ? " or null" : ""}`;
}

/** Every kind records the account it belongs to; a key of another account is refused. */
export const ACCOUNT_ID_OUTPUT = {
  description:
    "The account (the service's user id) this resource belongs to; an operation with a key of another account fails and changes nothing.",
  type: "string",
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
