/**
 * Pulumi's dynamic-provider host prints a failed check, diff, read or delete on the provider's
 * stderr as `${err}: ${err.stack}`, and the engine shows that beside the error itself: every
 * refusal of ours (another account's key, a lost object, a service error) came with a stack trace
 * of our modules and the SDK's. Our errors are sentences meant for the user, not crashes: at that
 * boundary they print as `strategy-alerts: <message>`. Anything else (a bug) keeps its stack,
 * which is what its report needs.
 */
import { StrategyAlertsError } from "../model/errors";

/** Runs one host operation; an error of ours leaves it printing as its message alone. */
export async function asOurFailure<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof StrategyAlertsError) {
      // Own properties, so the class and every other holder of the error are left as they are.
      Object.defineProperty(err, "stack", { value: err.message, configurable: true, writable: true });
      Object.defineProperty(err, "toString", { value: () => "strategy-alerts", configurable: true });
    }
    throw err;
  }
}
