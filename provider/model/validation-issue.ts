/** One validation failure: where (a path such as `rules[3].max`) and a sentence starting with it. */
export type ValidationIssue = { path: string; message: string };

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const MAX_SHOWN_KEY = 60;

/** Appends an object key to a path, quoting keys that are not plain identifiers (`windows["5m"]`). */
export function childPath(parent: string, key: string): string {
  if (IDENTIFIER.test(key)) return parent === "" ? key : `${parent}.${key}`;
  const shown = key.length > MAX_SHOWN_KEY ? `${key.slice(0, MAX_SHOWN_KEY)}…` : key;
  return `${parent === "" ? "input" : parent}[${JSON.stringify(shown)}]`;
}

/** Formats a zod-style path (keys and indexes) the way validation messages do. */
export function formatPath(segments: readonly PropertyKey[]): string {
  let path = "";
  for (const segment of segments) {
    if (typeof segment === "number") path = `${path === "" ? "input" : path}[${segment}]`;
    else path = childPath(path, String(segment));
  }
  return path === "" ? "input" : path;
}

const MAX_SHOWN_STRING = 40;

/** A short, safe rendering of any value for a message (never throws, never dumps huge values). */
export function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  switch (typeof value) {
    case "string":
      return JSON.stringify(value.length > MAX_SHOWN_STRING ? `${value.slice(0, MAX_SHOWN_STRING)}…` : value);
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
