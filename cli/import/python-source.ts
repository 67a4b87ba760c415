/**
 * Typed values (`sdk-values.ts`) → Python expressions of the generated SDK
 * (`sa.BooleanRuleItemArgs(rule=sa.BooleanRule.IS_HONEYPOT, …)`). Account text becomes a plain double-quoted
 * literal (never an f-string, never triple quotes) with every backslash, quote, line break and
 * hidden, unassigned or private-use character an escape; a comment is one `#` line nothing can end
 * early. A call, list or dict goes on one line when it fits, otherwise one element per line with a
 * trailing comma, as Black keeps it.
 */

import { unsafeInLiteral } from "./go-source";
import type { SdkValue } from "./sdk-values";

const PYTHON_LINE_WIDTH = 88;
const INDENT = "    ";

const NAMED: Readonly<Record<string, string>> = {
  "\n": "\\n",
  "\r": "\\r",
  "\t": "\\t",
  "\\": "\\\\",
  '"': '\\"',
};

function pythonEscape(ch: string): string {
  const named = NAMED[ch];
  if (named) return named;
  const cp = ch.codePointAt(0)!;
  if (cp < 0x100) return `\\x${cp.toString(16).padStart(2, "0")}`;
  if (cp <= 0xffff) return `\\u${cp.toString(16).padStart(4, "0")}`;
  return `\\U${cp.toString(16).padStart(8, "0")}`;
}

/** A Python string literal that reads back as exactly `text`. */
export function pythonString(text: string): string {
  return `"${text.replace(/[\\"]/g, pythonEscape).replace(unsafeInLiteral(), pythonEscape)}"`;
}

/** `text` as one `#` comment line. */
export function pythonComment(text: string, indent = ""): string {
  return `${indent}# ${text.replace(unsafeInLiteral(), pythonEscape)}`;
}

/** A property or variable name as the SDK's Python name (`triggerConfigs` → `trigger_configs`). */
export const snakeCase = (name: string) => name.replace(/(?<=[a-z0-9])([A-Z])/g, "_$1").toLowerCase();

/** Pulumi's Python generator's snake case: a word break before each capital after a lower-case letter or digit. */
const pyName = (name: string) => name.replace(/(?<=[a-z0-9])([A-Z])/g, "_$1").toLowerCase();

/**
 * The Python SDK's member for an enum value (`VOLUME_24H`, `WINDOW_5M`): a snake_case value
 * upper-cased (the SDK is generated from such values, not from the schema's Pascal-case names for
 * Go), else its schema name or itself snake-cased and upper-cased; other characters `_`, and one
 * led by a digit prefixed with its type's name, as Pulumi's Python generator writes it.
 */
export function pythonEnumMember(type: string, value: string, name?: string): string {
  const source = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/.test(value) ? value : (name ?? value);
  let member = pyName(source)
    .toUpperCase()
    .replace(/[^A-Za-z0-9_]/g, "_");
  if (/^[0-9]/.test(member)) member = `_${member}`;
  if (member.startsWith("_")) member = `${pyName(type).toUpperCase()}${member}`;
  return member.replace(/_+/g, "_");
}

/** How the writer says what it cannot write itself: references, config secrets, tag lookups. */
export interface PythonContext {
  ref: (variable: string, property: string) => string;
  secret: (key: string) => string;
  tag: (kind: "developer" | "microblog", name: string) => string;
}

type Composite = { open: string; entries: [string, SdkValue][]; close: string };

function scalarText(value: string | number | boolean): string {
  if (typeof value === "string") return pythonString(value);
  if (typeof value === "boolean") return value ? "True" : "False";
  return String(value);
}

function parts(value: SdkValue, c: PythonContext): Composite | string {
  switch (value.t) {
    case "scalar":
      return scalarText(value.value);
    case "enum":
      // A value the schema lists is its enum member; another (which the preview will refuse) the
      // text itself (the SDK's enums are str subclasses, so both travel as the same string).
      return value.member
        ? `sa.${value.type}.${pythonEnumMember(value.type, value.value, value.member.name)}`
        : pythonString(value.value);
    case "ref":
      return c.ref(value.ref.target.variable, snakeCase(value.ref.property));
    case "secret":
      return c.secret(value.key);
    case "tag":
      return c.tag(value.tag.kind, value.tag.name);
    case "null":
      return "None";
    case "list":
      return { open: "[", entries: value.items.map((v) => ["", v]), close: "]" };
    case "map":
      return { open: "{", entries: value.entries.map(([k, v]) => [`${pythonString(k)}: `, v]), close: "}" };
    case "object": {
      if (value.type === undefined)
        return { open: "{", entries: value.fields.map(([k, v]) => [`${pythonString(k)}: `, v]), close: "}" };
      const fields = value.fields.filter(([, v]) => v.t !== "null");
      return {
        open: `sa.${value.type}Args(`,
        entries: fields.map(([k, v]) => [`${snakeCase(k)}=`, v]),
        close: ")",
      };
    }
  }
}

function pythonFlat(value: SdkValue, c: PythonContext): string {
  const p = parts(value, c);
  if (typeof p === "string") return p;
  return `${p.open}${p.entries.map(([key, v]) => `${key}${pythonFlat(v, c)}`).join(", ")}${p.close}`;
}

/** `value` as a Python expression starting at `column` of a line indented by `depth` levels. */
function pythonValue(value: SdkValue, c: PythonContext, depth: number, column: number): string {
  const p = parts(value, c);
  if (typeof p === "string") return p;
  const flat = pythonFlat(value, c);
  if (p.entries.length === 0 || column + flat.length + 1 <= PYTHON_LINE_WIDTH) return flat;
  return pythonBroken(p, c, depth);
}

/** One element per line, each with a trailing comma. */
export function pythonBroken(p: Composite, c: PythonContext, depth: number): string {
  const pad = INDENT.repeat(depth + 1);
  const lines = p.entries.map(
    ([key, v]) => `${pad}${key}${pythonValue(v, c, depth + 1, pad.length + key.length)},`,
  );
  return `${p.open}\n${lines.join("\n")}\n${INDENT.repeat(depth)}${p.close}`;
}
