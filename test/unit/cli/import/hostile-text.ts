/** Account text that tries to break out of a generated program, for the Go and Python writers' tests. */
import fc from "fast-check";

/** Text that ends lines, quotes, comments, interpolates, escapes or rewrites a terminal. */
export const HOSTILE_TEXT = [
  "line\nbreak",
  "carriage\rreturn",
  "sep\u2028arator\u2029",
  "nel\u0085",
  'quote " and \\ backslash',
  "it's",
  '"""triple',
  "'''triple",
  "{f-string} {{braces}}",
  "%s %q %v",
  "`raw`",
  "*/ closes /* a comment",
  "// comment",
  "# comment",
  "\\x41 \\u0041 \\N{DIGIT ONE}",
  "\u001b[2K\u001b[1Aforged summary",
  "bell\u0007 del\u007f c1\u009b",
  "zero\u200bwidth",
  "bidi\u202eevil\u2066",
  "bom\ufeff",
  "tab\there",
  "nil",
  "None",
  "func",
  "lambda",
  "日本語 🚀",
];

export const hostileText = fc.oneof(
  fc.constantFrom(...HOSTILE_TEXT),
  fc.array(fc.constantFrom(...HOSTILE_TEXT), { minLength: 1, maxLength: 3 }).map((parts) => parts.join(" ")),
  fc.string({ unit: "binary", minLength: 1, maxLength: 12 }),
);

/**
 * What must never be in a generated source file raw: controls but the line feed and the tab (Go
 * indents with tabs; a literal escapes its own), separators, invisibles.
 */
export const RAW_IN_SOURCE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching controls is the point.
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/;
