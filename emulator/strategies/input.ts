/**
 * A strategy from a request body: the body validated by the shared model as the service does
 * (400 naming the field otherwise), and the record a create or a PATCH stores. Shared by the
 * strategy routes and the engine's official strategies, so the engine imports no route.
 */
import { defaultOf } from "../../provider/model/kinds";
import { STRATEGY_FIELDS, type StrategyField } from "../../provider/model/strategy";
import { badRequest, type Issue } from "../http/errors";
import { newId } from "../ids";
import { rulesToStored, validateStrategyInput } from "../model";
import type { RuleGroupRecord, StoredRule, StrategyRecord, TriggerRecord } from "../store/records";

/**
 * Defaults the emulator gives where the descriptor gives the service none (the spec leaves them
 * "not shown"; docs/spec-decisions.md); the descriptor's `default` is the rest's.
 */
const EMULATOR_DEFAULTS: Partial<Record<StrategyField, unknown>> = {
  matching: { enabled: false, minPercent: 0 },
};

/** The declared fields a record holds as the body gives them: all but the triggers and rules. */
type AsGiven = Exclude<StrategyField, "triggers" | "rules">;
const AS_GIVEN = STRATEGY_FIELDS.filter((f): f is AsGiven => f !== "triggers" && f !== "rules");

/** What a record holds for a declared field the body leaves out (or clears with null). */
function defaultFor(field: AsGiven): unknown {
  return structuredClone(EMULATOR_DEFAULTS[field] ?? defaultOf("Strategy", field) ?? null);
}

/** A validated create or PATCH body, as the model returns it. */
export type Input = Record<string, unknown>;

/** The body of POST /strategies (`create`) or PATCH /strategies/:id (`update`), validated. */
export function validate(body: unknown, mode: "create" | "update"): Input {
  if (body === undefined || body === null || typeof body !== "object" || Array.isArray(body)) {
    throw badRequest([{ path: "body", message: "body: must be a JSON object" }]);
  }
  // A repeated rule is the provider's refusal, not the service's (docs/spec-decisions.md).
  const r = validateStrategyInput(body, mode, { repeatedRules: "accept", controlCharacters: "accept" });
  if (!r.ok) throw badRequest(r.issues.map(issueWithPath));
  return r.value as Input;
}

/** Issue messages start with their path (model convention); add it when one does not. */
export function issueWithPath(i: Issue): Issue {
  return i.path && !i.message.startsWith(i.path) ? { path: i.path, message: `${i.path}: ${i.message}` } : i;
}

/** The stored form of a strategy's rules: dealbreakers and rule groups, each rule with its id. */
function generatedRules(rules: unknown[]): {
  dealbreakers: StoredRule[];
  ruleGroups: RuleGroupRecord[];
} {
  const stored = rulesToStored(rules as Parameters<typeof rulesToStored>[0], { view: "list", newId });
  return stored as unknown as { dealbreakers: StoredRule[]; ruleGroups: RuleGroupRecord[] };
}

/** Trigger records for event types; a type already there keeps its record (and id). */
export function triggersFrom(eventTypes: string[], previous: TriggerRecord[] = []): TriggerRecord[] {
  // So an unchanged trigger reads back unchanged across a PATCH of the triggers.
  return eventTypes.map(
    (eventType) =>
      previous.find((t) => t.eventType === eventType) ?? { id: newId(), eventType, enabled: true },
  );
}

/** A new strategy record from a validated create body, optional fields defaulted. */
export function newStrategy(
  input: Input,
  at: { id: string; userId: string; isGlobal: boolean; now: string },
): StrategyRecord {
  const rules = input.rules as unknown[];
  const declared = Object.fromEntries(AS_GIVEN.map((f) => [f, input[f] ?? defaultFor(f)]));
  return {
    id: at.id,
    userId: at.userId,
    ...(declared as Pick<StrategyRecord, AsGiven>),
    triggers: triggersFrom(input.triggers as string[]),
    rules,
    ...generatedRules(rules),
    isActive: input.isActive as boolean,
    isGlobal: at.isGlobal,
    createdAt: at.now,
    updatedAt: at.now,
  };
}

/** `current` with a validated PATCH body applied; nothing is stored yet. */
export function patchedStrategy(current: StrategyRecord, patch: Input): StrategyRecord {
  const next: StrategyRecord = { ...current };
  const given = next as unknown as Record<AsGiven, unknown>;
  for (const f of AS_GIVEN) if (f in patch) given[f] = patch[f] ?? defaultFor(f);
  if ("triggers" in patch) {
    next.triggers = triggersFrom(patch.triggers as string[], current.triggers);
    if (!("triggerConfigs" in patch) && current.triggerConfigs) {
      // Configs of triggers the patch removed are dropped with them rather than left dangling.
      const used = new Set(next.triggers.map((t) => t.eventType));
      const kept = Object.entries(current.triggerConfigs).filter(([k]) => used.has(k));
      next.triggerConfigs = kept.length > 0 ? Object.fromEntries(kept) : null;
    }
  }
  if ("rules" in patch && JSON.stringify(patch.rules) !== JSON.stringify(current.rules)) {
    // Same rules again keep their generated ids, so a repeated PATCH leaves the same state.
    next.rules = patch.rules as unknown[];
    Object.assign(next, generatedRules(next.rules));
  }
  if ("isActive" in patch) next.isActive = patch.isActive as boolean;
  return next;
}
