/**
 * Untrusted text (names, descriptions, addresses, URLs, the service's messages) in anything the
 * package prints: errors and warnings of both front doors, check failures, the CLI's output. An
 * escape sequence in a developer's address would otherwise retitle or recolour a CI log, a
 * carriage return or line separator would forge a line, and a bidi override or a zero-width
 * character would make one name read as another. Every such character is shown as an escape.
 */

/**
 * What a reader cannot see or what acts on a terminal: control characters (C0 with line breaks,
 * DEL, C1), line and paragraph separators, format characters (zero-width, bidi embeddings,
 * overrides and isolates, the BOM, soft hyphen, tag characters), spaces other than the ASCII
 * space, lone surrogates, the noncharacters U+FFFE/U+FFFF, and the characters that show nothing
 * although they are not format characters (combining grapheme joiner, Hangul fillers, the
 * Mongolian vowel separator, variation selectors, the blank Braille pattern).
 */
const HIDDEN_SOURCE = [
  "[\\p{Cc}\\p{Cf}\\p{Zl}\\p{Zp}\\p{Cs}\\ufffe\\uffff]",
  "(?! )\\p{Zs}",
  "[\\u034f\\u115f\\u1160\\u17b4\\u17b5\\u180b-\\u180e\\u2800\\u3164\\uffa0\\ufe00-\\ufe0f]",
  "[\\u{e0100}-\\u{e01ef}]",
].join("|");

/** A fresh global matcher of one hidden character (a global RegExp carries state between uses). */
export function hiddenCharacters(): RegExp {
  return new RegExp(HIDDEN_SOURCE, "gu");
}

const ANY_HIDDEN = new RegExp(HIDDEN_SOURCE, "u");

/** Whether the text holds any character `printableText` would escape. */
export function hasHiddenCharacters(text: string): boolean {
  return ANY_HIDDEN.test(text);
}

const NAMED_ESCAPES: Readonly<Record<string, string>> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

/** The escape that names one hidden character: `\n`, `\u001b`, `\u202e`, `\u{e0041}`. */
function escapeCharacter(char: string): string {
  const named = NAMED_ESCAPES[char];
  if (named) return named;
  const cp = char.codePointAt(0) ?? 0;
  return cp > 0xffff ? `\\u{${cp.toString(16)}}` : `\\u${cp.toString(16).padStart(4, "0")}`;
}

/**
 * The text with every hidden character shown as its escape, on one line. Backslashes stay as
 * they are (a Windows path stays readable); a renderer that must tell a spelt-out escape from a
 * made one doubles them first. Applying it twice changes nothing more.
 */
export function printableText(text: string): string {
  return text.replace(hiddenCharacters(), escapeCharacter);
}
