/**
 * Names and descriptions are plain text. A control character (NUL, BEL, ESC and the escape
 * sequences it opens), a bidi control (U+202E turns the rest of a line around) or a line or
 * paragraph separator in a strategy's name would be stored as it is and shown wherever the
 * account is read: in the app, in notifications, in every log that prints the name. Emoji and
 * the joiners and variation selectors they are made of stay allowed: they are what a reader sees.
 */
import type { ValidationIssue } from "./validation-issue";

/** C0 and C1 controls and DEL, as Unicode's general category Cc. */
const CONTROL = /\p{Cc}/u;
/** The bidi marks, embeddings, overrides and isolates. */
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
const SEPARATOR = /[\u2028\u2029]/u;

/**
 * What a field may carry beyond printable text: a description may hold line feeds and tabs (a
 * description written as a block of YAML or a template literal has them), a name none.
 */
export type PlainTextField = { path: string; allowLineBreaks: boolean };

/** The first character that plain text may not hold, with its kind and its 1-based position. */
function forbiddenCharacter(
  text: string,
  allowLineBreaks: boolean,
): { char: string; kind: string; position: number } | undefined {
  let position = 0;
  for (const char of text) {
    position++;
    if (allowLineBreaks && (char === "\n" || char === "\t")) continue;
    const kind = kindOf(char);
    if (kind !== undefined) return { char, kind, position };
  }
  return undefined;
}

function kindOf(char: string): string | undefined {
  if (CONTROL.test(char)) return "control character";
  if (BIDI.test(char)) return "bidi control character";
  if (SEPARATOR.test(char)) return "line or paragraph separator";
  return undefined;
}

/** `\u001b`: the character as an escape, whatever it is. */
function escaped(char: string): string {
  return `\\u${(char.codePointAt(0) ?? 0).toString(16).padStart(4, "0")}`;
}

/**
 * The issue when `text` holds a character plain text may not, else undefined:
 * `name contains the control character \u001b at position 3: names and descriptions are plain text`.
 */
export function plainTextIssue(text: string, field: PlainTextField): ValidationIssue | undefined {
  const found = forbiddenCharacter(text, field.allowLineBreaks);
  if (found === undefined) return undefined;
  const where = `${escaped(found.char)} at position ${found.position}`;
  return {
    path: field.path,
    message: `${field.path} contains the ${found.kind} ${where}: names and descriptions are plain text`,
  };
}
