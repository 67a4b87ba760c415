/**
 * Which strategies of a preview a review backtests, and with what: every strategy whose
 * matching changes (rules, triggers and their configs, strict, matching) and every new one.
 * Pure, from the preview alone.
 */
import { stableStringify } from "../model/canonical";
import { STRATEGY_FIELDS } from "../model/strategy";
import type { PlanStep } from "./preview-json";
import { isUnknownValue } from "./words";

// biome-ignore lint/suspicious/noExplicitAny: inputs come from the engine as untyped JSON.
type Bag = Record<string, any>;

/** Fields that decide which tokens a strategy matches. */
const MATCHING_FIELDS = ["rules", "triggers", "triggerConfigs", "strict", "matching"] as const;

export interface BacktestTarget {
  /** The strategy's name in the new code. */
  name: string;
  urn: string;
  /** The live strategy (current version); undefined for a new strategy. */
  currentId?: string;
  /** The proposed inputs (strategy fields only), or why they cannot be sent yet. */
  proposed: Bag;
  /** Set when the proposed version holds values known only after apply. */
  unsendable?: string;
}

function hasUnknown(value: unknown): boolean {
  if (isUnknownValue(value)) return true;
  if (Array.isArray(value)) return value.some(hasUnknown);
  if (typeof value === "object" && value !== null) return Object.values(value).some(hasUnknown);
  return false;
}

export function backtestTargets(steps: PlanStep[]): BacktestTarget[] {
  const out: BacktestTarget[] = [];
  for (const s of steps) {
    if (s.kind !== "Strategy") continue;
    const op = s.op === "create-replacement" ? "replace" : s.op;
    if (op !== "create" && op !== "update" && op !== "replace") continue;
    const after = (s.new?.inputs ?? {}) as Bag;
    const before = (s.old?.inputs ?? {}) as Bag;
    if (
      op !== "create" &&
      MATCHING_FIELDS.every((f) => stableStringify(before[f] ?? null) === stableStringify(after[f] ?? null))
    ) {
      continue;
    }
    const proposed: Bag = {};
    for (const f of STRATEGY_FIELDS) if (after[f] !== undefined) proposed[f] = after[f];
    const currentId =
      op === "create"
        ? undefined
        : ((s.old?.outputs?.strategyId as string | undefined) ??
          (s.old?.id && !isUnknownValue(s.old.id) ? s.old.id : undefined));
    const target: BacktestTarget = {
      name: typeof after.name === "string" ? after.name : s.name,
      urn: s.urn,
      proposed,
      ...(currentId ? { currentId } : {}),
    };
    if (hasUnknown(proposed)) {
      target.unsendable =
        "the proposed version holds values known only after `pulumi up` (e.g. the id of a resource created in the same change)";
    }
    out.push(target);
  }
  return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
