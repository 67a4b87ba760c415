/**
 * Account data is untrusted text: a name may hold an escape sequence that rewrites the terminal,
 * a line separator that ends a line of generated code or YAML, or an invisible or bidi character
 * that makes two names look alike. Everything import prints or writes goes through here.
 */

/**
 * Characters JSON leaves raw that must not reach a terminal or a generated file unescaped: DEL
 * and the C1 controls, the soft hyphen, zero-width and bidi controls, the line and paragraph
 * separators, the byte-order mark and the noncharacters YAML forbids.
 */
const INVISIBLE =
  /[\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\uffff]/g;
/** Every C0 control, including line breaks and ESC. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching controls is the point.
const CONTROL = /[\u0000-\u001f]/g;

const SHORT_ESCAPES: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

function unicodeEscape(ch: string): string {
  return `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`;
}

/**
 * A double-quoted string literal that is valid JSON, TypeScript and YAML alike (JSON's escapes
 * are a subset of YAML's double-quoted ones), with every invisible character escaped too.
 */
export function quoted(text: string): string {
  return JSON.stringify(text).replace(INVISIBLE, unicodeEscape);
}

/**
 * Text for a terminal line: controls, line breaks and invisible characters shown as escapes
 * (`\u001b`, `\n`), so account data can neither move the cursor nor forge a line.
 */
export function terminalText(text: string): string {
  return text
    .replace(CONTROL, (ch) => SHORT_ESCAPES[ch] ?? unicodeEscape(ch))
    .replace(INVISIBLE, unicodeEscape);
}
