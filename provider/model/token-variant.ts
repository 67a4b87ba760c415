import { StrategyAlertsError } from "./errors";
import { type TokenObservation, TokenObservationSchema } from "./token";

/** A fixture field that does not exist or holds a value no observation can. */
export class TokenFixtureError extends StrategyAlertsError {
  override readonly name = "TokenFixtureError";
}

/**
 * A copy of `base` with `changes` applied, checked like an observation the service would send:
 * a misspelt field or an impossible value throws a TokenFixtureError naming the field, so a test
 * can never pass because a change silently did nothing. A field set to undefined is removed
 * (no data).
 */
export function tokenVariant(base: TokenObservation, changes: Partial<TokenObservation>): TokenObservation {
  const merged: Record<string, unknown> = { ...structuredClone(base) };
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) delete merged[key];
    else merged[key] = value;
  }
  const parsed = TokenObservationSchema.safeParse(merged);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => {
      const path = i.path.join(".");
      const keys = "keys" in i ? (i.keys as string[]).join(", ") : "";
      return i.code === "unrecognized_keys" ? `unknown field ${keys}` : `${path}: ${i.message}`;
    });
    throw new TokenFixtureError(`tokenVariant of ${base.name ?? base.address}: ${problems.join("; ")}`);
  }
  return parsed.data;
}
