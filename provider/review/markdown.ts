/**
 * The one way untrusted text (names, descriptions, aliases, rule values, URLs, tag ids, URNs,
 * policy and diagnostic messages) enters the review's Markdown. A change under review controls
 * that text, so it must never add structure to the report: no line break, no HTML, no link or
 * image, no emphasis, no table cell, no mention or issue reference, nothing invisible.
 *
 * `Md` is Markdown the report may contain. Only this module makes one: from literal templates
 * (`md`), from untrusted text through `code` or `text`, and by joining other `Md`. A renderer
 * that concatenates a raw string into a report does not type-check.
 */
import { hasHiddenCharacters, printableText } from "../model/printable-text";
import { maskUrlsIn } from "../model/url-credentials";

declare const MARKDOWN: unique symbol;
/** Markdown that is safe to place in the report as it is. */
export type Md = string & { readonly [MARKDOWN]: true };

const trusted = (s: string) => s as Md;

/**
 * Markdown written by the code: the literal parts are trusted, every hole must already be `Md`
 * (or a number, which only ever prints digits, signs and dots).
 */
export function md(literals: TemplateStringsArray, ...holes: (Md | number)[]): Md {
  let out = literals[0] ?? "";
  holes.forEach((hole, i) => {
    out += String(hole) + (literals[i + 1] ?? "");
  });
  return trusted(out);
}

/** The separators a report joins its parts with: literals only. */
export type Separator = ", " | "; " | " " | "\n" | "" | " | ";

export function joinMd(parts: readonly Md[], separator: Separator): Md {
  return trusted(parts.join(separator));
}

/**
 * The text on one line with everything hidden shown as an escape (`\n`, `\u200b`: the package's
 * one character class, `printableText`); a backslash is doubled first, so an escape shown here
 * never reads like one the value spelled out.
 */
export function visible(value: string): string {
  const doubled = value.replaceAll("\\", "\\\\");
  if (!hasHiddenCharacters(doubled)) return doubled;
  let out = "";
  for (const grapheme of graphemes(doubled)) out += isEmoji(grapheme) ? grapheme : printableText(grapheme);
  return out;
}

const SEGMENTER = new Intl.Segmenter("en", { granularity: "grapheme" });

/** The user-perceived characters of the text: an emoji sequence is one, never cut in two. */
export function graphemes(value: string): string[] {
  return Array.from(SEGMENTER.segment(value), (s) => s.segment);
}

/**
 * One emoji as Unicode writes it: a pictograph with its variation selector (`❤️`) and skin tone,
 * pictographs joined by zero-width joiners (`👨‍👩‍👧`), a flag of two regional indicators or of
 * tag characters (the flag of Scotland), a keycap (`1️⃣`). Their joiners and selectors are part of
 * the picture, not hidden text, so they stay; the same characters anywhere else are shown as escapes.
 */
const EMOJI_PART =
  "(?:\\p{Extended_Pictographic}[\\ufe0e\\ufe0f]?\\p{Emoji_Modifier}?|\\p{Regional_Indicator}{2}|[0-9#*]\\ufe0f?\\u20e3)";
const EMOJI = new RegExp(
  `^(?:${EMOJI_PART}(?:\\u200d${EMOJI_PART})*|\\u{1f3f4}[\\u{e0030}-\\u{e0039}\\u{e0061}-\\u{e007a}]{2,7}\\u{e007f})$`,
  "u",
);

function isEmoji(grapheme: string): boolean {
  return EMOJI.test(grapheme);
}

/** The text cut to `max` user-perceived characters, the last one an ellipsis when it was longer. */
export function cutGraphemes(value: string, max: number): string {
  const chars = graphemes(value);
  return chars.length > max ? `${chars.slice(0, Math.max(0, max - 1)).join("")}…` : value;
}

/**
 * An inline code span of the value, exactly as written: inside it nothing is Markdown or HTML,
 * and GitHub neither links nor mentions. The fence is longer than any backtick run of the value,
 * and a space pads a value that starts or ends with a backtick or a space (CommonMark strips one
 * of each side). A `|` is left as it is: a code span never goes into a table cell. Nothing is
 * masked: a name that contains URL-like text is still the name (a URL field goes through
 * `printableUrl` first, a message through `message`).
 */
export function code(value: string): Md {
  return codeSpan(visible(value));
}

/** The span of text already masked and made visible. */
function codeSpan(shown: string): Md {
  if (shown === "") return md`(empty)`;
  const longest = Math.max(0, ...(shown.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(longest + 1);
  const pad = /^[` ]|[` ]$/.test(shown) && shown.trim() !== "" ? " " : "";
  return trusted(`${fence}${pad}${shown}${pad}${fence}`);
}

/**
 * A URL, an e-mail address, a mention or a reference: what GitHub turns into a link in text.
 * A URL stops at a `|` or a bracket, which stay text (escaped): a code span may be in a table cell.
 */
const LINKABLE = /[a-z][a-z0-9+.-]*:\/\/[^\s<>`"'|()[\]{}\\]*|www\.[^\s<>`"'|()[\]{}\\]*|[@#]|GH-(?=\d)/gi;

/**
 * Free text (a name, a description, an alias), exactly as written: punctuation backslash-escaped
 * (no emphasis, HTML, entity, math, heading, list or table cell can start), and what GitHub
 * would link even when escaped (URLs, `www.`, `@`, `#` and `GH-` references) put in code spans.
 */
export function text(value: string): Md {
  return escapedText(visible(value));
}

/**
 * A message of the engine, a policy or the service (a diagnostic, a backtest's failure): free
 * text that may quote a URL field's value (a webhook URL a verification failure names, the base
 * URL of a connection error), so every URL in it loses its credentials first.
 */
export function message(value: string): Md {
  // Masked before the text is cut into pieces: a URL's tail after a bracket is still the URL's.
  return escapedText(visible(maskUrlsIn(value)));
}

/**
 * A message its source already made printable (`printableText`): the provider's own errors and
 * check failures, as the engine's diagnostics carry them. Its escapes are shown once, as the
 * provider wrote them: its backslashes are not doubled (that would show `\\u000a` for the
 * provider's `\u000a`), while any hidden character it still holds (the engine's own text) is
 * escaped, which `printableText` does only once however often it runs. URLs are masked as in
 * `message`, and the Markdown escaping is the same.
 */
export function printableMessage(value: string): Md {
  return escapedText(printableText(maskUrlsIn(value)));
}

/**
 * While the HTML page is rendered, the free texts the report holds (set by `plainTexts`): each
 * stands in the Markdown as a placeholder of its index, which the page replaces with the text,
 * HTML-escaped only. The escapes and code spans that keep GitHub from reading Markdown, links,
 * mentions or references (`@` in a span) are for GitHub, not for a page.
 */
let collected: string[] | undefined;

/** Opens and closes a placeholder: control characters, which no shown text holds raw. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the placeholder is made of them on purpose.
const PLACEHOLDER = /\u0001(\d+)\u0002/g;

/**
 * Renders with every free text as a placeholder, and gives back the result with a function that
 * puts the texts into a string made from it (each through `escapeText`). The render is synchronous.
 */
export function plainTexts<T>(render: () => T): {
  result: T;
  fill: (s: string, escapeText: (t: string) => string) => string;
} {
  const outer = collected;
  const texts: string[] = [];
  collected = texts;
  try {
    const result = render();
    return {
      result,
      fill: (s, escapeText) => s.replace(PLACEHOLDER, (_, i: string) => escapeText(texts[Number(i)] ?? "")),
    };
  } finally {
    collected = outer;
  }
}

function escapedText(shown: string): Md {
  if (collected) return trusted(`\u0001${collected.push(shown) - 1}\u0002`);
  let out = "";
  let last = 0;
  // Linkable runs that touch (`@` then a URL) share one span: two spans side by side would
  // read as one fence of two backticks.
  let span = "";
  for (const m of shown.matchAll(LINKABLE)) {
    if (m.index > last) {
      if (span !== "") out += codeSpan(span);
      out += escapePunctuation(shown.slice(last, m.index));
      span = "";
    }
    span += m[0];
    last = m.index + m[0].length;
  }
  if (span !== "") out += codeSpan(span);
  return trusted(out + escapePunctuation(shown.slice(last)));
}

/**
 * Backslash-escapes what can open Markdown, HTML, an entity or math inline (`\\ \` * [ ] < >
 * ( ) | ~ & $ { }`), an `_` that is not inside a word (inside one it never opens emphasis), the
 * first `:` of an emoji shortcode, and what could open a block if the text ever began a line.
 * Plain punctuation (`. , ' / ? - !`) stays as it is, so the source stays readable.
 */
function escapePunctuation(s: string): string {
  return s
    .replace(/[\\`*{}[\]<>()|~&$]|(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])|:(?=[\w+-]+:)/g, "\\$&")
    .replace(/^[-+=>]/, "\\$&");
}

/** A number in words: a format of digits, separators, a sign and a point is Markdown as it is. */
export function formatNumber(n: number, format: Intl.NumberFormat): Md {
  return trusted(format.format(n));
}

/** A name in quotes as free text, shortened to `max` characters. */
export function quote(value: string, max = 200): Md {
  return md`“${text(cutGraphemes(value, max))}”`;
}

/**
 * Text in a double-quoted string of a Mermaid chart (a title): a chart cannot escape a quote, a
 * line break, a `%%` comment, a `#…;` entity, a backtick or HTML inside a string, so only
 * letters, digits, spaces and harmless punctuation are kept, every other character shows as `?`,
 * and the text is cut to `max` characters. The exact value is in the report's text beside it.
 */
export function mermaidString(value: string, max = 60): Md {
  return trusted(`"${restricted(value, /[\p{L}\p{N} .,:\-+/()!?'_…—]/u, max)}"`);
}

/**
 * An axis category the code wrote (a day, an hour, a multiple bucket): the same restriction.
 * Mermaid shows a `<` of a category as `&lt;`, so the service's `<1x` reads `under 1x` in a chart
 * (the table beside it keeps the service's label).
 */
export function mermaidCategory(value: string): Md {
  return trusted(`"${restricted(value.replace(/^</, "under "), /[\p{N}\p{L} .:\-+]/u, 24)}"`);
}

/**
 * Each user-perceived character kept when it is one the chart may hold, or an emoji (no `#` or
 * `*` of a keycap: `#` starts an entity in Mermaid), else `?`; cut to `max` of them.
 */
function restricted(value: string, allowed: RegExp, max: number): string {
  const chars = graphemes(value).map((c) =>
    ([...c].length === 1 && allowed.test(c)) || (isEmoji(c) && !/[#*]/.test(c)) ? c : "?",
  );
  return chars.length > max ? `${chars.slice(0, max - 1).join("")}…` : chars.join("");
}
