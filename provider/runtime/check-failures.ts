/**
 * What a check's failures may print. The engine prints each failure as "property <p> value <v>
 * has a problem: <reason>", with <v> the program's own value of a top-level property — a name of
 * 100,000 characters or 10,000 rules whole, twice (progress and summary). So a failure keeps its
 * property only where the engine's rendering of that value stays short (the reason always starts
 * with the path it names), reasons are cut, and a check reports at most a screenful of
 * failures: no preview grows with the size of a rejected value.
 */
import { printableText } from "../model/printable-text";
import { shortText } from "../model/quoted-text";
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
 * Whether the engine's quote of the property's value is short: a nested path (`rules[3].max`)
 * names no top-level value, so the engine prints none.
 */
function engineShowsShortly(news: PropertyBag, property: string): boolean {
  if (!Object.hasOwn(news, property)) return true;
  return jsonLength(news[property]) <= SHOWN_VALUE;
}

function jsonLength(value: unknown): number {
  if (typeof value === "string") return value.length + 2;
  try {
    return JSON.stringify(value)?.length ?? 0;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}
