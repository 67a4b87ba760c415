/**
 * What a check's failures may print. The engine prints a CheckFailure in a sentence of its own,
 * `<type> resource '<name>': property <p> value <v> has a problem: <reason>`, `<v>` being the
 * program's top-level value at `<p>` as Go renders it: `{<nil>}` for a nested path such as
 * `rules[0].max`, a list of outputs as `{[output<string>{} …]}`, a name of 100,000 characters
 * whole, an escape sequence or a URL's password raw. The plugin answers a failed check with one
 * error of our reasons instead (plugin/check-failed.ts); the dynamic-provider host of the
 * TypeScript door can only return CheckFailures. So no failure names a property: the engine then
 * prints `<type> resource '<name>' has a problem: <reason>`, and the reason names the field
 * itself (one that did not would be led by it). Reasons are cut, and a check reports at most a
 * screenful of failures: no preview grows with the size of a rejected value.
 */
import { printableText } from "../model/printable-text";
import { shortText } from "../model/quoted-text";

type Failure = { property: string; reason: string };

/** The failures a check shows; the rest are counted in one more line. */
const SHOWN_FAILURES = 20;
const REASON_LIMIT = 1_000;

export function boundedFailures(failures: readonly Failure[]): Failure[] {
  const shown = failures.slice(0, SHOWN_FAILURES).map((f) => ({ property: "", reason: namedReason(f) }));
  const more = failures.length - shown.length;
  if (more > 0) {
    const problems = more === 1 ? "1 more problem" : `${more} more problems`;
    shown.push({ property: "", reason: `… and ${problems} of the same resource (fix the ones above first)` });
  }
  return shown;
}

/**
 * A failure's reason as one printable line that names its field: every reason of ours starts
 * with the path it is about (`rules[0].max must be greater than min`); one that does not is led
 * by its property.
 */
export function namedReason(f: Failure): string {
  const reason = shortText(f.reason, REASON_LIMIT);
  const property = printableText(f.property);
  return property === "" || reason.includes(property) ? reason : `${property}: ${reason}`;
}
