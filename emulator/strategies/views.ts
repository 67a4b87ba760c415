import { type Echo, kindOf } from "../../provider/model/kinds";
import type { STRATEGY_KIND } from "../../provider/model/kinds/strategy";
import type { StrategyRecord } from "../store/records";

/**
 * Response shapes of a strategy (service-api.md#strategy-fields). Which declared fields a response
 * answers, and in which order, is the descriptor's (provider/model/kinds/strategy.ts `echo`), so
 * a new field needs no edit here: `always` every strategy answered, `stored` in its stored form
 * (STORED_FORM), `reads` the reads, `listed` the listing, `never` none. The record stores the
 * list-view groups (every product group the model emits, empty ones included); the create view
 * drops the empty ones.
 */

type Answer = Record<string, unknown>;

type Inputs = typeof STRATEGY_KIND.inputs;
type StoredField = { [K in keyof Inputs]: Inputs[K] extends { echo: "stored" } ? K : never }[keyof Inputs];

/** What the service answers in place of each `stored` field: one without it does not compile. */
const STORED_FORM: Record<StoredField, (s: StrategyRecord) => Answer> = {
  triggers: (s) => ({ triggers: s.triggers }),
  rules: (s) => ({ dealbreakers: s.dealbreakers, ruleGroups: s.ruleGroups }),
};

/** The declared fields whose echo is one of `echoes`, in the descriptor's order. */
function echoed(...echoes: Echo[]): string[] {
  return Object.entries(kindOf("Strategy").inputs).flatMap(([name, f]) =>
    f.echo !== undefined && echoes.includes(f.echo) ? [name] : [],
  );
}

/** The answer of each of `fields`, in order. */
function answered(s: StrategyRecord, fields: readonly string[]): Answer {
  const out: Answer = {};
  for (const field of fields) {
    if (field in STORED_FORM) Object.assign(out, STORED_FORM[field as StoredField](s));
    else out[field] = s[field as keyof StrategyRecord];
  }
  return out;
}

/**
 * Every strategy answered: id, then the fields every read answers (`always`, `stored`), the owner
 * after the name and description where the spec puts it, then isActive.
 */
function core(s: StrategyRecord) {
  const { name, description, ...rest } = answered(s, echoed("always", "stored"));
  return { id: s.id, name, description, userId: s.userId, ...rest, isActive: s.isActive };
}

/** POST /strategies: only groups holding rules; isGlobal present; matching (listed) absent. */
export function createView(s: StrategyRecord) {
  return {
    ...core(s),
    ruleGroups: s.ruleGroups.filter((g) => g.rules.length > 0),
    isGlobal: s.isGlobal,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
  };
}

/**
 * GET /strategies items: every base group (empty ones too), isGlobal and the `listed` fields
 * (matching) present. Reads also return the `reads` fields, the stored trigger configs
 * (docs/spec-decisions.md, "Whole-account import").
 */
export function listView(s: StrategyRecord) {
  return {
    ...core(s),
    ...answered(s, echoed("reads")),
    isGlobal: s.isGlobal,
    ...answered(s, echoed("listed")),
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
  };
}

/**
 * GET /strategies/:id: as in the list but without isGlobal (service-api.md#strategy-fields) and the
 * `listed` fields.
 */
export function singleView(s: StrategyRecord) {
  return { ...core(s), ...answered(s, echoed("reads")), createdAt: s.createdAt, updatedAt: s.updatedAt };
}

/**
 * PATCH: id, name, description, isActive and updatedAt always (service-api.md#strategy-endpoints
 * "at least"), plus the answer of each field in the patch that a strategy answered holds
 * (`always`, `stored`, and the `listed` matching, which a PATCH confirms as a create takes it).
 * The `reads` trigger configs and the `never` retry policy stay out.
 */
export function patchView(s: StrategyRecord, patchedKeys: ReadonlySet<string>) {
  const patched = echoed("always", "stored", "listed").filter((f) => patchedKeys.has(f));
  return {
    id: s.id,
    name: s.name,
    description: s.description,
    isActive: s.isActive,
    ...answered(s, patched),
    updatedAt: s.updatedAt,
  };
}
