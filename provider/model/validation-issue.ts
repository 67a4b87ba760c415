/**
 * One validation failure: where (a path such as `rules[3].max`; empty for a whole response body)
 * and a sentence saying what is wrong.
 */
import { quotedText } from "./quoted-text";

export type ValidationIssue = { path: string; message: string };

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const MAX_SHOWN_KEY = 60;

/**
 * Appends an object key to a path, quoting keys that are not plain identifiers (`windows["5m"]`).
 * `root` names the whole value when the path starts with a bracket.
 */
export function childPath(parent: string, key: string, root = "input"): string {
  if (IDENTIFIER.test(key)) return parent === "" ? key : `${parent}.${key}`;
  const shown = key.length > MAX_SHOWN_KEY ? `${key.slice(0, MAX_SHOWN_KEY)}…` : key;
  return `${parent === "" ? root : parent}[${JSON.stringify(shown)}]`;
}

/**
 * Formats a zod-style path (keys and indexes) the way validation messages do: `rules[3].max`.
 * `root` names the whole value: "input" for what a program declares, "" for a response body
 * (whose messages say "(body)" themselves).
 */
export function formatPath(segments: readonly PropertyKey[], root = "input"): string {
  let path = "";
  for (const segment of segments) {
    if (typeof segment === "number") path = `${path === "" ? root : path}[${segment}]`;
    else path = childPath(path, String(segment), root);
  }
  return path === "" ? root : path;
}

/** A short, safe rendering of any value for a message (never throws, never dumps huge values). */
export function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  switch (typeof value) {
    case "string":
      return quotedText(value);
    case "number":
    case "boolean":
    case "bigint":
      return String(value);
    case "undefined":
      return "undefined";
    case "object":
      return "an object";
    default:
      return `a ${typeof value}`;
  }
}
