/**
 * Other plausible readings of what the spec leaves "not shown". The default emulator follows the
 * readings of docs/spec-decisions.md; a variant switches one of them, so the product can be
 * proved against every reading a real service may follow. Each name is documented there beside
 * the default it replaces.
 */
import { StrategyAlertsError } from "../../provider/model/errors";

const VARIANTS = {
  "rate-window-fixed": "requests are counted per calendar minute instead of a sliding minute",
  "no-retry-after": "a 429 carries no Retry-After header",
  "ratelimit-headers": "every answer carries X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset",
  "extra-fields": "every object in every answer carries additional unknown fields",
  "sparse-fields": "optional and not-shown fields are omitted wherever the spec allows",
  "devs-empty-bodies": "the developer add, update and tags calls answer {} instead of the record",
  "list-order-desc": "lists without an explicit sort come newest first",
  "error-layout": "other 400/403/404 message texts, and a 400 that lists its problems in another layout",
  "length-limits": "name <= 64 characters, description <= 500, at most 30 rules and 5 triggers per strategy",
  "webhook-verify-async":
    "a new webhook URL is verified a few seconds after the PUT answers (verifiedAt null in it)",
  "backtest-slow":
    "backtest jobs pass QUEUED, RUNNING, COMPLETED over several minutes of the emulator's clock",
} as const;

export type VariantName = keyof typeof VARIANTS;

export const VARIANT_NAMES = Object.keys(VARIANTS) as VariantName[];

export class UnknownVariantError extends StrategyAlertsError {
  constructor(readonly variant: string) {
    super(
      `unknown emulator variant "${variant}"; known: ${VARIANT_NAMES.join(", ")} (--variant list describes them)`,
    );
    this.name = "UnknownVariantError";
  }
}

/** `a,b` → the set of variants it names; an unknown name is an error that lists the known ones. */
export function parseVariants(list: string): ReadonlySet<VariantName> {
  const names = list
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  for (const n of names) if (!(n in VARIANTS)) throw new UnknownVariantError(n);
  return new Set(names as VariantName[]);
}

/**
 * Pairs of readings that cannot hold at once, with the reason. Every variant changes a different
 * reading today, so all of them combine; a pair added here is refused by `startEmulator` and the
 * CLI with `IncompatibleVariantsError`.
 */
const INCOMPATIBLE_VARIANTS: ReadonlyArray<readonly [VariantName, VariantName, string]> = [];

export class IncompatibleVariantsError extends StrategyAlertsError {
  constructor(readonly conflicts: ReadonlyArray<readonly [VariantName, VariantName, string]>) {
    super(
      `emulator variants that cannot be combined: ${conflicts.map(([a, b, why]) => `${a} with ${b} (${why})`).join("; ")}`,
    );
    this.name = "IncompatibleVariantsError";
  }
}

/** Throws IncompatibleVariantsError naming every declared pair the selection holds both sides of. */
export function assertCompatible(
  selected: ReadonlySet<VariantName>,
  pairs: ReadonlyArray<readonly [VariantName, VariantName, string]> = INCOMPATIBLE_VARIANTS,
): void {
  const conflicts = pairs.filter(([a, b]) => selected.has(a) && selected.has(b));
  if (conflicts.length > 0) throw new IncompatibleVariantsError(conflicts);
}

/** Every variant compatible with every other one (today: all), for the "all combined" run. */
export function compatibleVariants(
  pairs: ReadonlyArray<readonly [VariantName, VariantName, string]> = INCOMPATIBLE_VARIANTS,
): VariantName[] {
  const excluded = new Set(pairs.map(([, b]) => b));
  return VARIANT_NAMES.filter((n) => !excluded.has(n));
}

/** `--variant list`: one line per variant, its name padded, then what it changes. */
export function describeVariants(): string {
  const width = Math.max(...VARIANT_NAMES.map((n) => n.length));
  return VARIANT_NAMES.map((n) => `${n.padEnd(width)}  ${VARIANTS[n]}`).join("\n");
}
