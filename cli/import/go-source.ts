/**
 * Typed values (`sdk-values.ts`) → Go expressions of the generated SDK (`sa.StrategyArgs{…}`,
 * `pulumi.String("…")`). Account text becomes a Go string literal escaped as `strconv.Quote` does
 * (every hidden, unassigned or private-use character an escape, so no line separator, bidi
 * control or invisible character is ever raw in the file). A composite literal goes on one line
 * when it fits, otherwise one element per line with a trailing comma, as gofmt keeps it.
 */
import { hiddenCharacters } from "../../provider/model/printable-text";
import type { ElementType, SdkValue } from "./sdk-values";

const GO_LINE_WIDTH = 100;
/** gofmt indents with tabs; a tab counts as 4 columns for the line width. */
const TAB_WIDTH = 4;

const NAMED: Readonly<Record<string, string>> = {
  "\u0007": "\\a",
  "\b": "\\b",
  "\f": "\\f",
  "\n": "\\n",
  "\r": "\\r",
  "\t": "\\t",
  "\v": "\\v",
  "\\": "\\\\",
  '"': '\\"',
};

/** One character a Go literal must not hold raw, as its escape. */
function goEscape(ch: string): string {
  const named = NAMED[ch];
  if (named) return named;
  const cp = ch.codePointAt(0)!;
  // A lone surrogate is no Unicode code point: Go refuses `\ud800`; its bytes are written instead.
  if (cp >= 0xd800 && cp <= 0xdfff)
    return [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f)]
      .map((b) => `\\x${b.toString(16)}`)
      .join("");
  if (cp < 0x80) return `\\x${cp.toString(16).padStart(2, "0")}`;
  if (cp <= 0xffff) return `\\u${cp.toString(16).padStart(4, "0")}`;
  return `\\U${cp.toString(16).padStart(8, "0")}`;
}

/** Characters a Go (or Python) literal escapes: hidden ones, unassigned and private-use ones. */
export function unsafeInLiteral(): RegExp {
  return new RegExp(`${hiddenCharacters().source}|[\\p{Cn}\\p{Co}]`, "gu");
}

/** A Go interpreted string literal that reads back as exactly `text` (as `strconv.Quote`). */
export function goString(text: string): string {
  const escaped = text.replace(/[\\"]/g, goEscape).replace(unsafeInLiteral(), goEscape);
  return `"${escaped}"`;
}

/** `text` as one `//` comment line: nothing in it can end the comment early. */
export function goComment(text: string, indent: string): string {
  return `${indent}// ${text.replace(unsafeInLiteral(), goEscape)}`;
}

const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A property name as the SDK's Go field (`triggerConfigs` → `TriggerConfigs`), a snake_case one
 * in Pascal case (`followed_dev_new_token_created` → `FollowedDevNewTokenCreated`), as the SDK's
 * generator names them.
 */
const goField = (name: string) => name.split("_").map(upperFirst).join("");

/**
 * The name the Go SDK gives a union-typed property's interface: `<Name>Input`, and for a list
 * `<Name>Array` (`rules` → `RuleArray`).
 */
const goUnionName = (property: string) => goField(property).replace(/s$/, "");

/**
 * The Go SDK's constant for an enum value (`sa.NumericRuleLiquidityUsd`, `sa.Window_5m`): the
 * type's name and the value's schema name (or the value), made an identifier as Pulumi's Go
 * generator makes it: first letter upper-cased, other characters `_`, `_` before a leading digit,
 * and before the whole when it holds an underscore.
 */
export function goEnumConstant(type: string, name: string): string {
  let suffix = upperFirst(name).replace(/-(.)/g, (_, c: string) => `_${c.toUpperCase()}`);
  suffix = suffix.replace(/[^A-Za-z0-9_]/g, "_");
  if (/^[0-9]/.test(suffix)) suffix = `_${suffix}`;
  suffix = suffix.replace(/_+/g, "_");
  if (suffix.includes("_") && !suffix.startsWith("_")) suffix = `_${suffix}`;
  return `${type}${suffix}`;
}

const SCALAR_INPUT: Readonly<Record<string, string>> = {
  string: "pulumi.String",
  number: "pulumi.Float64",
  integer: "pulumi.Int",
  boolean: "pulumi.Bool",
};

/** The Go type of a list or map of `element`: `pulumi.StringArray`, `sa.EventTypeArray`. */
function collectionType(element: ElementType, suffix: "Array" | "Map"): string {
  if (element === "any") return `pulumi.${suffix}`;
  if (typeof element === "string") return `${SCALAR_INPUT[element]}${suffix}`;
  if ("union" in element) return `sa.${goUnionName(element.union)}${suffix}`;
  return `sa.${"enum" in element ? element.enum : element.object}${suffix}`;
}

/** How the writer says what it cannot write itself: references, config secrets, tag lookups. */
export interface GoContext {
  ref: (variable: string, property: string) => string;
  secret: (key: string) => string;
  tag: (kind: "developer" | "microblog", name: string) => string;
}

type Composite = { open: string; entries: [string, SdkValue][]; close: string };

function scalarText(value: string | number | boolean): string {
  if (typeof value === "string") return goString(value);
  return String(value);
}

/** A value that is one expression, or a composite literal with its keyed or plain elements. */
function parts(value: SdkValue, c: GoContext): Composite | string {
  switch (value.t) {
    case "scalar":
      return `${SCALAR_INPUT[value.type]}(${scalarText(value.value)})`;
    case "enum":
      // A value the schema lists is its constant; another (which the preview will refuse) a conversion.
      return value.member
        ? `sa.${goEnumConstant(value.type, value.member.name ?? value.value)}`
        : `sa.${value.type}(${goString(value.value)})`;
    case "ref":
      return c.ref(value.ref.target.variable, goField(value.ref.property));
    case "secret":
      return c.secret(value.key);
    case "tag":
      return c.tag(value.tag.kind, value.tag.name);
    case "null":
      return "nil";
    case "list":
      if (typeof value.element === "object" && "union" in value.element) {
        const untyped = value.items.findIndex((item) => item.t === "object" && item.type === undefined);
        if (untyped !== -1)
          throw new TypeError(
            `${value.element.union}[${untyped}] is of none of the Go SDK's types for ${value.element.union}, so no Go program can declare it`,
          );
      }
      return {
        open: `${collectionType(value.element, "Array")}{`,
        entries: value.items.map((v) => ["", v]),
        close: "}",
      };
    case "map":
      return {
        open: `${collectionType(value.element, "Map")}{`,
        entries: value.entries.map(([k, v]) => [`${goString(k)}: `, v]),
        close: "}",
      };
    case "object": {
      const fields = value.fields.filter(([, v]) => v.t !== "null");
      if (value.type === undefined)
        return { open: "pulumi.Map{", entries: fields.map(([k, v]) => [`${goString(k)}: `, v]), close: "}" };
      return {
        open: `sa.${value.type}Args{`,
        entries: fields.map(([k, v]) => [`${goField(k)}: `, v]),
        close: "}",
      };
    }
  }
}

/** `value` on one line. */
function goFlat(value: SdkValue, c: GoContext): string {
  const p = parts(value, c);
  if (typeof p === "string") return p;
  return `${p.open}${p.entries.map(([key, v]) => `${key}${goFlat(v, c)}`).join(", ")}${p.close}`;
}

/** `value` as a Go expression starting at `column` of a line indented by `depth` tabs. */
export function goValue(value: SdkValue, c: GoContext, depth: number, column: number): string {
  const p = parts(value, c);
  if (typeof p === "string") return p;
  const flat = goFlat(value, c);
  if (p.entries.length === 0 || column + flat.length + 1 <= GO_LINE_WIDTH) return flat;
  const pad = "\t".repeat(depth + 1);
  const values = p.entries.map(([key, v]) => goValue(v, c, depth + 1, (depth + 1) * TAB_WIDTH + key.length));
  const keys = alignedKeys(
    p.entries.map(([key]) => key),
    values.map((v) => v.includes("\n")),
  );
  const lines = values.map((v, i) => `${pad}${keys[i]}${v},`);
  return `${p.open}\n${lines.join("\n")}\n${"\t".repeat(depth)}${p.close}`;
}

/**
 * Keys padded as gofmt aligns them: the values of a run of one-line `key: value` entries start in
 * one column; an entry that spans lines stands alone and ends the run.
 */
function alignedKeys(keys: string[], multiLine: boolean[]): string[] {
  const out = [...keys];
  for (let start = 0; start < keys.length; ) {
    if (multiLine[start]) {
      start++;
      continue;
    }
    let end = start;
    while (end < keys.length && !multiLine[end]) end++;
    const width = Math.max(...keys.slice(start, end).map((k) => k.length));
    for (let i = start; i < end; i++) out[i] = keys[i]!.padEnd(width);
    start = end;
  }
  return out;
}
