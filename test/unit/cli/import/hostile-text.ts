/** Account text that tries to break out of a generated program, for the Go and Python writers' tests. */
import fc from "fast-check";

/** Text that breaks out of any generated file: line ends, quotes, comments, terminal rewrites. */
export const BREAKOUT = {
  lineEnds: ["line\nbreak", "carriage\rreturn", "sep\u2028arator\u2029", "nel\u0085"],
  quotes: ['quote " and \\ backslash', "it's"],
  comments: ["*/ closes /* a comment", "// comment", "# comment"],
  terminal: [
    "\u001b[2K\u001b[1Aforged summary",
    "bell\u0007 del\u007f c1\u009b",
    "zero\u200bwidth",
    "bidi\u202eevil\u2066",
    "bom\ufeff",
    "tab\there",
  ],
};

/** Text that ends lines, quotes, comments, interpolates, escapes or rewrites a terminal. */
export const HOSTILE_TEXT = [
  ...BREAKOUT.lineEnds,
  ...BREAKOUT.quotes,
  '"""triple',
  "'''triple",
  "{f-string} {{braces}}",
  "%s %q %v",
  "`raw`",
  ...BREAKOUT.comments,
  "\\x41 \\u0041 \\N{DIGIT ONE}",
  ...BREAKOUT.terminal,
  "nil",
  "None",
  "func",
  "lambda",
  "日本語 🚀",
];

/** Account text from `texts`: one of them, a few joined, or any short string. */
export const textFrom = (texts: string[]) =>
  fc.oneof(
    fc.constantFrom(...texts),
    fc.array(fc.constantFrom(...texts), { minLength: 1, maxLength: 3 }).map((parts) => parts.join(" ")),
    fc.string({ unit: "binary", minLength: 1, maxLength: 12 }),
  );

export const hostileText = textFrom(HOSTILE_TEXT);

/** Asserts `property` of `numRuns` accounts whose strategy names, developer alias and description are `text`. */
export function forHostileAccounts(
  text: fc.Arbitrary<string>,
  numRuns: number,
  property: (names: string[], alias: string, description: string) => void,
): void {
  fc.assert(fc.property(fc.array(text, { minLength: 1, maxLength: 4 }), text, text, property), { numRuns });
}

/**
 * What must never be in a generated source file raw: controls but the line feed and the tab (Go
 * indents with tabs; a literal escapes its own), separators, invisibles.
 */
export const RAW_IN_SOURCE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching controls is the point.
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/;
