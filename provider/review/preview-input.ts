/**
 * Whether an input is a complete `pulumi preview --json`, before anything reads it as one. A
 * review of anything else (a stream cut before its summary, `{}`, an error document, a stack
 * export, a truncated digest, UTF-16 text) would say "No changes." and be approved: each is an
 * error that says what was expected and what was found.
 */
import { StrategyAlertsError } from "../model/errors";

export class PreviewParseError extends StrategyAlertsError {
  override readonly name = "PreviewParseError";
}

const EXPECTED =
  "expected the output of `pulumi preview --json`: the preview digest (one JSON object with steps and changeSummary) or the engine event stream (one JSON event per line, ending with a summaryEvent)";

export function notAPreview(found: string): PreviewParseError {
  return new PreviewParseError(`${EXPECTED}; found ${found}`);
}

/** Nesting deeper than this is not a preview (the deepest rule config is a few levels down). */
export const MAX_NESTING = 64;

/**
 * Text of the input bytes: UTF-8, with a byte order mark removed. UTF-16 (a file saved by some
 * Windows tools, or PowerShell's `>`) and binary data are named as such.
 */
export function decodePreview(bytes: Uint8Array): string {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    throw notAPreview(
      "UTF-16 text (it starts with a UTF-16 byte order mark): write the preview as UTF-8, e.g. `pulumi preview --json > preview.json` in a POSIX shell",
    );
  }
  const head = bytes.subarray(0, 64);
  if (head.length >= 2 && head.includes(0)) {
    throw notAPreview("UTF-16 or binary data (NUL bytes near its start): write the preview as UTF-8");
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw notAPreview("bytes that are not UTF-8 text");
  }
  return text.startsWith("\uFEFF") ? text.slice(1) : text;
}

/** The deepest nesting of arrays and objects in JSON text, counted without parsing it. */
export function nestingOf(text: string, stopAt = MAX_NESTING + 1): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest >= stopAt) return deepest;
    } else if (c === 0x7d || c === 0x5d) depth = Math.max(0, depth - 1);
  }
  return deepest;
}

/** What a JSON document that is not a digest is, in words for the error. */
export function describeDocument(value: unknown): string {
  if (Array.isArray(value)) return `a JSON array of ${value.length} items`;
  if (value === null || typeof value !== "object") return `a JSON ${value === null ? "null" : typeof value}`;
  const bag = value as Record<string, unknown>;
  const keys = Object.keys(bag);
  if (keys.length === 0) return "an empty JSON object `{}`";
  if (typeof bag.error === "string" || typeof bag.message === "string") {
    const message = String(bag.error ?? bag.message).slice(0, 200);
    return `an error document instead (${JSON.stringify(message)}): the preview did not run`;
  }
  if ("deployment" in bag && "version" in bag) {
    return "a `pulumi stack export` document (the state of a stack, not a preview of a change)";
  }
  const shown = keys
    .slice(0, 6)
    .map((k) => JSON.stringify(k.slice(0, 40)))
    .join(", ");
  return `a JSON object with the fields ${shown}${keys.length > 6 ? ", …" : ""} and no changeSummary`;
}

/** A JSON.parse error in words: where the text stops being JSON, or that it ends too early. */
export function describeJsonError(text: string, err: unknown): string {
  const message = (err as Error).message;
  const at = /position (\d+)/.exec(message);
  const position = at ? Number(at[1]) : undefined;
  if (/end of JSON input|Unterminated string/i.test(message) || position === text.length) {
    return `JSON that ends before it is complete after ${text.length} characters (a truncated file?)`;
  }
  return `text that is not JSON${position === undefined ? "" : ` (at character ${position})`}`;
}
