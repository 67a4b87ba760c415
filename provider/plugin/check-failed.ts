/**
 * How the plugin answers a check that found problems. The engine prints each CheckFailure of a
 * CheckResponse inside its own sentence (`<type> resource '<name>': property <p> value <v> has a
 * problem: <reason>`, runtime/check-failures.ts); an error from Check it prints as it is, under
 * the resource (`error: <message>`), and stops the run as failures do. So a check with failures
 * answers with one error whose lines are the failures' reasons, each naming its field
 * (`rules[0].max must be greater than min`), each made printable on its own so lines stay lines.
 */
import { StrategyAlertsError } from "../model/errors";
import { namedReason } from "../runtime/check-failures";

/** The problems a check of a resource or of the provider's configuration found, one per line. */
export class CheckFailedError extends StrategyAlertsError {
  constructor(failures: readonly { property: string; reason: string }[]) {
    super(failures.map(namedReason).join("\n"));
  }
}
