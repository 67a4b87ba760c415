import type { StrategyRecord } from "../store/records";

/**
 * Response shapes of a strategy (service-api.md#strategy-fields). The record stores the list-view groups (every
 * product group the model emits, empty ones included); the create view drops the empty ones.
 */

function core(s: StrategyRecord) {
  return {
    id: s.id,
    name: s.name,
    description: s.description,
    userId: s.userId,
    triggers: s.triggers,
    dealbreakers: s.dealbreakers,
    ruleGroups: s.ruleGroups,
    strict: s.strict,
    alertCooldownMins: s.alertCooldownMins,
    isActive: s.isActive,
  };
}

/** POST /strategies: only groups holding rules; isGlobal present; matching absent. */
export function createView(s: StrategyRecord) {
  const c = core(s);
  return {
    ...c,
    ruleGroups: c.ruleGroups.filter((g) => g.rules.length > 0),
    isGlobal: s.isGlobal,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
  };
}

/**
 * GET /strategies items: every base group (empty ones too), isGlobal and matching present.
 * Reads also return the stored trigger configs (docs/spec-decisions.md, "Whole-account import").
 */
export function listView(s: StrategyRecord) {
  return {
    ...core(s),
    triggerConfigs: s.triggerConfigs,
    isGlobal: s.isGlobal,
    matching: s.matching,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
  };
}

/**
 * GET /strategies/:id: as in the list but without isGlobal (service-api.md#strategy-fields) and matching
 * (list only).
 */
export function singleView(s: StrategyRecord) {
  return { ...core(s), triggerConfigs: s.triggerConfigs, createdAt: s.createdAt, updatedAt: s.updatedAt };
}

/**
 * PATCH: id, name, description, isActive and updatedAt always (service-api.md#strategy-endpoints "at least"), plus the
 * response fields whose input was in the patch (triggers; dealbreakers and ruleGroups for rules;
 * strict; alertCooldownMins). triggerConfigs (returned by reads only) and retryPolicy stay out.
 */
export function patchView(s: StrategyRecord, patchedKeys: ReadonlySet<string>) {
  const out: Record<string, unknown> = {
    id: s.id,
    name: s.name,
    description: s.description,
    isActive: s.isActive,
  };
  if (patchedKeys.has("triggers")) out.triggers = s.triggers;
  if (patchedKeys.has("rules")) {
    out.dealbreakers = s.dealbreakers;
    out.ruleGroups = s.ruleGroups;
  }
  if (patchedKeys.has("strict")) out.strict = s.strict;
  if (patchedKeys.has("alertCooldownMins")) out.alertCooldownMins = s.alertCooldownMins;
  if (patchedKeys.has("matching")) out.matching = s.matching;
  out.updatedAt = s.updatedAt;
  return out;
}
