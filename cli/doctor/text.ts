import type { DoctorResponse } from "./http";

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
