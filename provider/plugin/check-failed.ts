/**
 * How the plugin answers a check that found problems. The engine prints each CheckFailure of a
 * CheckResponse inside its own sentence, `<type> resource '<name>': property <p> value <v> has a
 * problem: <reason>` (or `<type> resource '<name>' has a problem: <reason>` without a property),
 * `<v>` being the program's top-level value at `<p>`: `{<nil>}` for a path such as `rules[0].max`,
 * the whole value otherwise. An error from Check it prints as it is, under the resource
 * (`error: <message>`), and stops the run as failures do. So a check with failures answers with
 * one error whose lines are the failures' reasons, each of which names its field
 * (`rules[0].max must be greater than min`).
 */

import { StrategyAlertsError } from "../model/errors";
import { printableText } from "../model/printable-text";
import { shortText } from "../model/quoted-text";

interface Failure {
  property: string;
  reason: string;
}

/** The problems a check of a resource or of the provider's configuration found, one per line. */
export class CheckFailedError extends StrategyAlertsError {
  constructor(failures: readonly Failure[]) {
    super(failures.map(failureLine).join("\n"));
  }
}

/**
 * One failure as the user reads it: its reason, which names the field; a reason that does not
 * (none of ours, but the line must still say where) is led by its property. Each line is made
 * printable on its own, so the lines stay lines.
 */
export function failureLine(f: Failure): string {
  const property = printableText(f.property);
  const reason = shortText(f.reason);
  return property === "" || reason.includes(property) ? reason : `${property}: ${reason}`;
}
