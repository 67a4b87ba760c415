import type { DoctorResponse } from "./http";

/**
 * Text from the service shown in a terminal: control characters (ANSI escapes, carriage
 * returns) and bidirectional overrides are shown as escapes instead of acting on the terminal.
 */
export function escapeTerminal(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is escaped.
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, (c) => {
    const code = c.charCodeAt(0);
    return code <= 0xff
      ? `\\x${code.toString(16).padStart(2, "0")}`
      : `\\u${code.toString(16).padStart(4, "0")}`;
  });
}

/** At most `max` characters, with an ellipsis when cut. */
function clip(text: string, max = 120): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** A short rendering of an answer's body for a table cell (already redacted by DoctorHttp). */
export function describeBody(res: DoctorResponse): string {
  if (res.json === undefined) return res.text ? clip(res.text, 80) : "no body";
  const b = res.json as Record<string, unknown>;
  if (b && typeof b === "object" && typeof b.message === "string") return clip(b.message, 100);
  return clip(JSON.stringify(res.json), 80);
}

/** `{a, b, c}`: the top-level keys of a JSON object, sorted. */
export function keysOf(json: unknown): string {
  if (!json || typeof json !== "object" || Array.isArray(json)) return JSON.stringify(json) ?? "no body";
  return `{${Object.keys(json).sort().join(", ")}}`;
}
