/**
 * What a check's failures may print. The engine prints each failure as "property <p> value <v>
 * has a problem: <reason>", with <v> the program's own value of a top-level property — a name of
 * 100,000 characters or 10,000 rules whole, twice (progress and summary). So a failure keeps its
 * property only where the engine's rendering of that value stays short (the reason always starts
 * with the path it names), reasons are cut, and a check reports at most a screenful of
 * failures: no preview grows with the size of a rejected value. The engine prints that value as
 * it is, so a failure also drops its property when the value holds what must not reach a
 * terminal or a CI log: a control, bidi or invisible character (an escape sequence clears the
 * screen) or a credential (user info or a query of a URL, a password in a base URL).
 */
import { hasHiddenCharacters, printableText } from "../model/printable-text";
import { shortText } from "../model/quoted-text";
import { maskUrlsIn } from "../model/url-credentials";
import type { PropertyBag } from "./inputs";

type Failure = { property: string; reason: string };

/** The failures a check shows; the rest are counted in one more line. */
const SHOWN_FAILURES = 20;
/** The longest JSON of a value the engine may print beside its failure. */
const SHOWN_VALUE = 200;
const REASON_LIMIT = 1_000;

export function boundedFailures(failures: readonly Failure[], news: PropertyBag): Failure[] {
  const shown = failures.slice(0, SHOWN_FAILURES).map((f) => ({
    property: engineShowsShortly(news, f.property) ? printableText(f.property) : "",
    reason: shortText(f.reason, REASON_LIMIT),
  }));
  const more = failures.length - shown.length;
  if (more > 0) {
    const problems = more === 1 ? "1 more problem" : `${more} more problems`;
    shown.push({ property: "", reason: `… and ${problems} of the same resource (fix the ones above first)` });
  }
  return shown;
}

/**
 * Whether the engine may quote the property's value: short, and with no text a terminal acts on
 * or a log must not keep. A nested path (`rules[3].max`) names no top-level value, so the engine
 * prints none.
 */
function engineShowsShortly(news: PropertyBag, property: string): boolean {
  if (!Object.hasOwn(news, property)) return true;
  const value = news[property];
  return jsonLength(value) <= SHOWN_VALUE && !holdsUnprintable(value);
}

/**
 * Whether any string of the value (keys included) holds a hidden character or a URL with a
 * credential (what the package's one URL masking would mask, or a URL that does not parse).
 */
function holdsUnprintable(value: unknown): boolean {
  if (typeof value === "string") return hasHiddenCharacters(value) || maskUrlsIn(value) !== value;
  if (Array.isArray(value)) return value.some(holdsUnprintable);
  if (value !== null && typeof value === "object")
    return Object.entries(value).some(([k, v]) => holdsUnprintable(k) || holdsUnprintable(v));
  return false;
}

function jsonLength(value: unknown): number {
  if (typeof value === "string") return value.length + 2;
  try {
    return JSON.stringify(value)?.length ?? 0;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}
