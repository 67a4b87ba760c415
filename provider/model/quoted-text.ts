/**
 * Inputs quoted in messages, cut to a bounded size. A check failure, an error or a review quotes
 * what a program declared or a service answered; a value of 100,000 characters would otherwise be
 * printed whole in a CI log (twice, by the engine's progress and its summary). Every message that
 * quotes an input shows a prefix and the whole length instead, so no output grows with the size
 * of a rejected value. Hidden characters are escaped as `printableText` shows them.
 */
import { printableText } from "./printable-text";

/** The characters of a value a message quotes whole; a longer one shows this many, then its length. */
export const QUOTED_PREFIX = 40;
/** The longest free text (a service's message, an engine diagnostic) shown whole. */
const MESSAGE_LIMIT = 2_000;

/**
 * A string value in a message, as a JSON string: `"abc"`, or `"aaaa…" (100000 characters)` when
 * it is longer than `prefix` characters. Control and bidi characters are escaped.
 */
export function quotedText(text: string, prefix = QUOTED_PREFIX): string {
  if (text.length <= prefix) return printableText(JSON.stringify(text));
  return `${printableText(JSON.stringify(`${head(text, prefix)}…`))} (${text.length} characters)`;
}

/**
 * Free text that may quote an input (a service's message, an engine diagnostic), cut after
 * `limit` characters with the length it had; printable on one line.
 */
export function shortText(text: string, limit = MESSAGE_LIMIT): string {
  return printableText(cutText(text, limit));
}

/**
 * `text` cut after `limit` characters with the length it had, not escaped: for a renderer that
 * escapes in its own way (the review's Markdown).
 */
export function cutText(text: string, limit = MESSAGE_LIMIT): string {
  return text.length <= limit ? text : `${head(text, limit)}… (cut: ${text.length} characters)`;
}

/** The first `n` UTF-16 units, never ending inside a surrogate pair. */
function head(text: string, n: number): string {
  const cut = text.slice(0, n);
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}
