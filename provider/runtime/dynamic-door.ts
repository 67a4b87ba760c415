/**
 * The dynamic-provider host's side of a handler: what it needs in a result beyond the handler's
 * own outputs. The host adds the serialized provider (`__provider`) to the outputs of every
 * create, update and read that succeeds, but records an init failure's `properties` as they
 * come: a resource recorded that way (a partly applied activation, a webhook whose secret could
 * not be read back) had no provider in its state, and the next refresh could not load one
 * ("code must be a string, not undefined"). The plugin door needs none of this.
 */
import { isUnknown } from "../model/unknown-value";
import { isInitFailure } from "./errors";
import type { PropertyBag } from "./inputs";

const PROVIDER_KEY = "__provider";

/**
 * Runs a create or an update; an init failure it throws carries the `__provider` the operation
 * was called with (create: its inputs; update: its new inputs, else its old outputs), as a
 * success's outputs would.
 */
export async function withProviderOnInitFailure<T>(
  called: PropertyBag,
  fallback: PropertyBag | undefined,
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (err) {
    const provider = [called[PROVIDER_KEY], fallback?.[PROVIDER_KEY]].find(
      (p): p is string => typeof p === "string" && !isUnknown(p),
    );
    if (isInitFailure(err) && provider !== undefined)
      err.properties = { ...err.properties, [PROVIDER_KEY]: provider };
    throw err;
  }
}
