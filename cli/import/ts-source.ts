/**
 * Prints values as TypeScript expressions in the layout Prettier and Biome give them with their
 * defaults (80 columns, 2 spaces, double quotes, trailing commas), so a generated program is
 * already formatted: a group goes on one line when it fits, otherwise one element per line.
 */
import { quoted } from "./printable";

export const LINE_WIDTH = 80;
const INDENT = "  ";

/** A piece of code printed as is (a reference such as `dev.address` or a call). */
class Code {
  constructor(readonly text: string) {}
}

export const code = (text: string) => new Code(text);

/** An object literal that always breaks onto several lines (a resource's arguments). */
class Expanded {
  constructor(readonly value: Record<string, unknown>) {}
}

export const expanded = (value: Record<string, unknown>) => new Expanded(value);

/**
 * The expression for `value` starting at column `column` of a line indented by `indent` levels,
 * followed on its line by `suffix` characters (a comma, `);`).
 */
export function printValue(value: unknown, indent: number, column: number, suffix = 0): string {
  const flat = printFlat(value);
  if (flat !== undefined && (!isGroup(value) || value instanceof Code)) return flat;
  if (flat !== undefined && !alwaysBreaks(value) && column + flat.length + suffix <= LINE_WIDTH) return flat;
  return printBroken(value, indent);
}

function isGroup(value: unknown): boolean {
  return typeof value === "object" && value !== null;
}

function entryCount(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  if (value instanceof Expanded) return Object.keys(value.value).length;
  if (isGroup(value) && !(value instanceof Code))
    return Object.values(value as object).filter((v) => v !== undefined).length;
  return 0;
}

/**
 * Expanded objects, and (as the formatters do) arrays of two or more elements that are all
 * objects or all arrays with more than one entry each.
 */
function alwaysBreaks(value: unknown): boolean {
  if (value instanceof Expanded) return true;
  if (!Array.isArray(value) || value.length < 2) return false;
  const allArrays = value.every(Array.isArray);
  const allObjects = value.every((v) => isGroup(v) && !Array.isArray(v) && !(v instanceof Code));
  return (allArrays || allObjects) && value.every((v) => entryCount(v) > 1);
}

function printBroken(value: unknown, indent: number): string {
  const inner = INDENT.repeat(indent + 1);
  const close = INDENT.repeat(indent);
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    const lines = value.map((v) => `${inner}${printValue(v, indent + 1, inner.length, 1)},`);
    return `[\n${lines.join("\n")}\n${close}]`;
  }
  const object = value instanceof Expanded ? value.value : (value as Record<string, unknown>);
  const entries = Object.entries(object).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return "{}";
  const lines = entries.map(([k, v]) => {
    const head = `${inner}${printKey(k)}: `;
    return `${head}${printValue(v, indent + 1, head.length, 1)},`;
  });
  return `{\n${lines.join("\n")}\n${close}}`;
}

/** The one-line form, or undefined when the value can only be printed broken. */
function printFlat(value: unknown): string | undefined {
  if (value instanceof Code) return value.text;
  if (value instanceof Expanded) return undefined;
  if (value === null) return "null";
  switch (typeof value) {
    case "string":
      return printString(value);
    case "number":
      return printNumber(value);
    case "boolean":
      return String(value);
    case "object": {
      if (Array.isArray(value)) {
        const items = value.map(printFlat);
        return items.some((i) => i === undefined) ? undefined : `[${items.join(", ")}]`;
      }
      const object = value as Record<string, unknown>;
      const entries = Object.entries(object).filter(([, v]) => v !== undefined);
      if (entries.length === 0) return "{}";
      const parts = entries.map(([k, v]) => {
        const printed = printFlat(v);
        return printed === undefined ? undefined : `${printKey(k)}: ${printed}`;
      });
      return parts.some((p) => p === undefined) ? undefined : `{ ${parts.join(", ")} }`;
    }
    default:
      throw new TypeError(`cannot print a ${typeof value} as TypeScript`);
  }
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Keys are quoted only where needed (the formatters' "as needed"). */
function printKey(key: string): string {
  return IDENTIFIER.test(key) ? key : printString(key);
}

/**
 * Double quotes unless the text holds more double than single quotes (the formatters' rule);
 * controls and invisible characters always escaped (account data is untrusted).
 */
export function printString(text: string): string {
  const doubles = (text.match(/"/g) ?? []).length;
  const singles = (text.match(/'/g) ?? []).length;
  const json = quoted(text);
  if (doubles <= singles) return json;
  return `'${json.slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;
}

function printNumber(n: number): string {
  if (!Number.isFinite(n)) throw new TypeError(`cannot print ${n} as a TypeScript number`);
  // `1e+21` is written `1e21` by the formatters.
  return String(n).replace("e+", "e");
}
