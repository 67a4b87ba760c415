/**
 * Names and descriptions are plain text. A control character (NUL, BEL, ESC and the escape
 * sequences it opens), a bidi control (U+202E turns the rest of a line around) or a line or
 * paragraph separator in a strategy's name would be stored as it is and shown wherever the
 * account is read: in the app, in notifications, in every log that prints the name. An invisible
 * character (a zero-width space, a BOM, a tag character, a word joiner, a Hangul filler) makes one
 * name look like another ("Safety\u200bfirst") or like nothing at all. Emoji and the joiners,
 * variation selectors and tag sequences they are made of stay allowed, and so do the zero-width
 * joiner and non-joiner between letters of the scripts whose shaping they control (Arabic,
 * Indic): they are what a reader sees. A variation selector after a letter selects nothing and
 * shows nothing; an unassigned code point shows as a box; a word of Latin and Cyrillic (or Greek)
 * letters ("Pаypal") reads as another word. docs/spec-decisions.md says why.
 */
import type { ValidationIssue } from "./validation-issue";

/** C0 and C1 controls and DEL, as Unicode's general category Cc. */
const CONTROL = /\p{Cc}/u;
/** The bidi marks, embeddings, overrides and isolates. */
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
const SEPARATOR = /[\u2028\u2029]/u;
/** Format characters (Cf): zero-width space, joiners, word joiner, BOM, soft hyphen, tags. */
const FORMAT = /\p{Cf}/u;
/**
 * Letters that show nothing although they are not format characters: the Hangul fillers, the
 * blank Braille pattern, the Khmer inherent vowels and the combining grapheme joiner.
 */
const FILLER = /[\u034f\u115f\u1160\u17b4\u17b5\u2800\u3164\uffa0]/u;
const LONE_SURROGATE = /\p{Cs}/u;
/** What a reader sees: a letter, a digit, punctuation or a symbol (an emoji is a symbol). */
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;

const ZWNJ = "\u200c";
const ZWJ = "\u200d";
/** Scripts whose letters the zero-width joiner and non-joiner shape (cursive joining, conjuncts). */
const JOINING_SCRIPT =
  /[\p{scx=Arab}\p{scx=Syrc}\p{scx=Nkoo}\p{scx=Mong}\p{scx=Deva}\p{scx=Beng}\p{scx=Guru}\p{scx=Gujr}\p{scx=Orya}\p{scx=Taml}\p{scx=Telu}\p{scx=Knda}\p{scx=Mlym}\p{scx=Sinh}]/u;
const LETTER_OR_MARK = /[\p{L}\p{M}]/u;
const PICTOGRAPH = /\p{Extended_Pictographic}/u;
/** What may stand between an emoji and the joiner after it: variation selectors, skin tones. */
const EMOJI_TAIL = /[\p{M}\p{Emoji_Modifier}]/u;
const BLACK_FLAG = "\u{1f3f4}";
const CANCEL_TAG = "\u{e007f}";
const TAG = /[\u{e0020}-\u{e007e}]/u;
/** The variation selectors: a reader sees them only in what they select (an emoji, a symbol, a Han ideograph). */
const VARIATION_SELECTOR = /[\ufe00-\ufe0f\u{e0100}-\u{e01ef}]/u;
const SELECTABLE = /[\p{Emoji}\p{S}\p{Ideographic}]/u;
/** Code points Unicode has not assigned: fonts show them as boxes, and a later version may give them any meaning. */
const UNASSIGNED = /\p{Cn}/u;
/** The scripts whose letters look alike (Latin a, Cyrillic а, Greek α): one word in two of them reads as another word. */
const LOOK_ALIKE_SCRIPTS = [
  { name: "Latin", letter: /\p{Script=Latin}/u },
  { name: "Cyrillic", letter: /\p{Script=Cyrillic}/u },
  { name: "Greek", letter: /\p{Script=Greek}/u },
] as const;

/**
 * What a field may carry beyond printable text: a description may hold line feeds and tabs (a
 * description written as a block of YAML or a template literal has them), a name none.
 */
export type PlainTextField = {
  path: string;
  allowLineBreaks: boolean;
  /** What the rule's messages say is plain text; names and descriptions unless said. */
  what?: string;
};

type Found = { char: string; kind: string; position: number };

/** The first character that plain text may not hold, with its kind and its 1-based position. */
function forbiddenCharacter(text: string, allowLineBreaks: boolean): Found | undefined {
  const chars = [...text];
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i]!;
    if (allowLineBreaks && (char === "\n" || char === "\t")) continue;
    const kind = kindOf(chars, i);
    if (kind !== undefined) return { char, kind, position: i + 1 };
  }
  return undefined;
}

function kindOf(chars: readonly string[], i: number): string | undefined {
  const char = chars[i]!;
  if (CONTROL.test(char)) return "control character";
  if (BIDI.test(char)) return "bidi control character";
  if (SEPARATOR.test(char)) return "line or paragraph separator";
  if (LONE_SURROGATE.test(char)) return "unpaired surrogate";
  if (FORMAT.test(char) && !formatInPlace(chars, i)) return "invisible character";
  if (FILLER.test(char)) return "invisible character";
  if (VARIATION_SELECTOR.test(char) && !selectsSomething(chars, i)) return "invisible character";
  if (UNASSIGNED.test(char)) return "unassigned code point";
  return undefined;
}

/** A variation selector after what it selects (❤️, ☺︎, a Han ideograph's variant), or after another selector of the same sequence. */
function selectsSomething(chars: readonly string[], i: number): boolean {
  let j = i - 1;
  while (j >= 0 && (VARIATION_SELECTOR.test(chars[j]!) || EMOJI_TAIL.test(chars[j]!))) j--;
  return j >= 0 && SELECTABLE.test(chars[j]!);
}

/**
 * The first word (a run of letters and marks) whose letters come from two of the look-alike
 * scripts, with the scripts and its 1-based position: "Pаypal" with a Cyrillic а. A word wholly
 * in one script, of any script, is what its writer meant.
 */
function mixedScriptWord(text: string): { scripts: string[]; position: number } | undefined {
  const chars = [...text];
  let start = 0;
  while (start < chars.length) {
    if (!LETTER_OR_MARK.test(chars[start]!)) {
      start++;
      continue;
    }
    let end = start;
    while (end < chars.length && LETTER_OR_MARK.test(chars[end]!)) end++;
    const word = chars.slice(start, end);
    const scripts = LOOK_ALIKE_SCRIPTS.filter((s) => word.some((c) => s.letter.test(c))).map((s) => s.name);
    if (scripts.length > 1) return { scripts, position: start + 1 };
    start = end;
  }
  return undefined;
}

/**
 * Whether a format character at `i` is part of what a reader sees: a joiner inside an emoji
 * sequence (👩‍💻) or between two letters of a joining script (Persian ZWNJ, a Devanagari
 * conjunct), a tag character inside a flag's tag sequence (🏴 + tags + cancel tag).
 */
function formatInPlace(chars: readonly string[], i: number): boolean {
  const char = chars[i]!;
  const next = chars[i + 1];
  if (char === ZWJ && next !== undefined && PICTOGRAPH.test(next)) {
    let j = i - 1;
    while (j >= 0 && EMOJI_TAIL.test(chars[j]!)) j--;
    if (j >= 0 && PICTOGRAPH.test(chars[j]!)) return true;
  }
  if (char === ZWJ || char === ZWNJ) {
    const prev = chars[i - 1];
    return prev !== undefined && next !== undefined && joiningLetter(prev) && joiningLetter(next);
  }
  if (TAG.test(char) || char === CANCEL_TAG) return inFlagTagSequence(chars, i);
  return false;
}

function joiningLetter(char: string): boolean {
  return LETTER_OR_MARK.test(char) && JOINING_SCRIPT.test(char);
}

/** 🏴, then tag characters, then the cancel tag, with `i` inside. */
function inFlagTagSequence(chars: readonly string[], i: number): boolean {
  let start = i;
  while (start > 0 && TAG.test(chars[start - 1]!)) start--;
  let end = i;
  while (end < chars.length && TAG.test(chars[end]!)) end++;
  // `end` is the first character after the tags: the cancel tag closes the sequence.
  return chars[start - 1] === BLACK_FLAG && chars[end] === CANCEL_TAG && end > start;
}

/** `\u001b`, `\u{e0041}`: the character as an escape, whatever it is. */
function escaped(char: string): string {
  const cp = char.codePointAt(0) ?? 0;
  return cp > 0xffff ? `\\u{${cp.toString(16)}}` : `\\u${cp.toString(16).padStart(4, "0")}`;
}

/**
 * The issue when `text` holds a character plain text may not, or shows nothing at all, else
 * undefined: `name contains the control character \u001b at position 3: names and descriptions
 * are plain text`. Blank text is left to the field's own rule (a name must not be empty).
 */
export function plainTextIssue(text: string, field: PlainTextField): ValidationIssue | undefined {
  const found = forbiddenCharacter(text, field.allowLineBreaks);
  if (found !== undefined) {
    const where = `${escaped(found.char)} at position ${found.position}`;
    return {
      path: field.path,
      message: `${field.path} contains the ${found.kind} ${where}: ${plainTextOfWhat(field)}`,
    };
  }
  const mixed = mixedScriptWord(text);
  if (mixed !== undefined) {
    return {
      path: field.path,
      message:
        `${field.path} mixes ${mixed.scripts.join(" and ")} letters in the word at position ${mixed.position}: ` +
        `look-alike letters of two scripts in one word make it read as another word; ${plainTextOfWhat(field)}`,
    };
  }
  if (text.trim() !== "" && ![...text].some((c) => VISIBLE.test(c) && !FILLER.test(c))) {
    return {
      path: field.path,
      message:
        `${field.path} must show a letter, digit, punctuation mark or symbol; ` +
        `it has only spaces and combining characters: ${plainTextOfWhat(field)}`,
    };
  }
  return undefined;
}

const plainTextOfWhat = (field: PlainTextField) => `${field.what ?? "names and descriptions"} are plain text`;

/**
 * The text as plain text may hold it, for a program that must declare it (import): every
 * character the rule refuses dropped, a line break or separator made a line feed where the field
 * may hold one and a space where not. Undefined when nothing visible is left.
 */
export function plainTextOf(text: string, field: PlainTextField): string | undefined {
  let plain = text;
  // Dropping a character may leave a joiner beside what it no longer joins: until nothing changes.
  for (let round = 0; round < 4 && plainTextIssue(plain, field) !== undefined; round++) {
    const chars = [...plain];
    plain = chars.map((char, i) => (kept(chars, i, field) ? char : replacement(chars, i, field))).join("");
  }
  if (plain.trim() === "" || plainTextIssue(plain, field) !== undefined) return undefined;
  return plain;
}

function kept(chars: readonly string[], i: number, field: PlainTextField): boolean {
  if (field.allowLineBreaks && (chars[i] === "\n" || chars[i] === "\t")) return true;
  return kindOf(chars, i) === undefined;
}

/** Tabs and spaces: a space where the field holds none of them (U+FEFF is no space, but a BOM). */
const SPACE = /[\t\p{Zs}]/u;
const LINE_BREAK = /[\n\r\v\f\u0085\u2028\u2029]/u;

function replacement(chars: readonly string[], i: number, field: PlainTextField): string {
  const char = chars[i]!;
  if (!LINE_BREAK.test(char) && !SPACE.test(char)) return "";
  if (!field.allowLineBreaks || !LINE_BREAK.test(char)) return " ";
  return char === "\r" && chars[i + 1] === "\n" ? "" : "\n";
}
