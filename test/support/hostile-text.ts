/**
 * Untrusted text built to act on a terminal or a CI log: escape sequences (a window title, a
 * colour, a cursor move), line breaks, C1 controls, bidi overrides and isolates, zero-width and
 * tag characters. Tests feed it to every field that reaches a message.
 */
import fc from "fast-check";

/** One character of each family that must never be printed raw. */
export const HOSTILE_CHARACTERS = [
  "\u0000",
  "\u0007",
  "\b",
  "\t",
  "\n",
  "\r",
  "\u001b",
  "\u007f",
  "\u0085",
  "\u009b",
  "\u00ad",
  "\u061c",
  "\u200b",
  "\u200d",
  "\u200e",
  "\u2028",
  "\u2029",
  "\u202a",
  "\u202e",
  "\u2066",
  "\u2069",
  "\ufeff",
  "\u{e0041}",
] as const;

/** Escape sequences seen in attacks on logs: a window title, a colour, a line erase, a CSI of C1. */
export const HOSTILE_SEQUENCES = [
  "x\u001b]0;pwned\u0007\u202e",
  "\u001b[31mred\u001b[0m",
  "\u001b[2K\rok",
  "\u009b2J",
  "safe\u200b name",
  "\u202egnp.exe",
] as const;

/** A raw character a printed message must not carry (what `printableText` escapes). */
export const RAW_HIDDEN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding controls is the point.
  /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\u{e0000}-\u{e007f}]/u;

/** A string that carries at least one hostile character, among ordinary ones. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...HOSTILE_SEQUENCES),
  fc
    .tuple(
      fc.string({ maxLength: 6 }),
      fc.array(fc.constantFrom(...HOSTILE_CHARACTERS), { minLength: 1, maxLength: 4 }),
      fc.string({ maxLength: 6 }),
    )
    .map(([a, hostile, b]) => `${a}${hostile.join("a")}${b}`),
);
