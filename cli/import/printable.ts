/**
 * Account data is untrusted text: a name may hold an escape sequence that rewrites the terminal,
 * a line separator that ends a line of generated code or YAML, or an invisible or bidi character
 * that makes two names look alike. Everything import writes into a file goes through here; what it
 * prints goes through `printableText` of the model.
 */

import { hiddenCharacters } from "../../provider/model/printable-text";

function unicodeEscape(ch: string): string {
  // YAML parsers refuse an escaped surrogate, so a character beyond U+FFFF (a tag character, a
  // variation selector of the supplement) cannot be written as one escape valid in JSON,
  // TypeScript and YAML alike: it stays as it is.
  if (ch.length > 1) return ch;
  return `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`;
}

/**
 * A double-quoted string literal that is valid JSON, TypeScript and YAML alike (JSON's escapes
 * are a subset of YAML's double-quoted ones), with every hidden character of the package's one
 * character class (`provider/model/printable-text.ts`) escaped too. Terminal lines use
 * `printableText` of that module.
 */
export function quoted(text: string): string {
  return JSON.stringify(text).replace(hiddenCharacters(), unicodeEscape);
}
