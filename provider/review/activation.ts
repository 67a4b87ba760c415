/**
 * Activation in a review: which strategies become active or inactive (by name), and the plan's
 * headroom once the change is applied, counted over the whole account: the stack's declared
 * active sets plus the account's active strategies that the stack leaves alone.
 */
import { canonicalStringSet } from "../model/canonical";
import { TYPE_TOKENS } from "../resources/type-tokens";
import type { PlanStep } from "./preview-json";
import { code, isUnknownValue, plural, quote } from "./words";

// biome-ignore lint/suspicious/noExplicitAny: inputs come from the engine as untyped JSON.
type Bag = Record<string, any>;

/** The account as the review sees it (GET /me and GET /strategies). */
export interface ReviewAccount {
  plan: string;
  /** limits.strategies.active of GET /me. */
  activeLimit: number;
  strategies: { id: string; name: string; isActive: boolean }[];
}

export interface ActivationReview {
  activated: string[];
  deactivated: string[];
  /** Lines about the plan (headroom, or why the change exceeds it). */
  plan: string[];
  exceeds: boolean;
}

const idOfStrategy = (s: PlanStep["old"]) =>
  (s?.outputs?.strategyId as string | undefined) ?? (s?.id && !isUnknownValue(s.id) ? s.id : undefined);

/** Strategy id → name from every strategy the preview or the account knows. */
export function strategyNames(steps: PlanStep[], account?: ReviewAccount): Map<string, string> {
  const names = new Map<string, string>();
  for (const s of account?.strategies ?? []) names.set(s.id, s.name);
  for (const step of steps) {
    if (step.type !== TYPE_TOKENS.Strategy) continue;
    for (const state of [step.old, step.new]) {
      const id = idOfStrategy(state);
      const name = state?.inputs?.name;
      if (id && typeof name === "string") names.set(id, name);
    }
  }
  return names;
}

function declaredIds(bag: Bag | null | undefined): { known: string[]; unknown: number } {
  const ids = Array.isArray(bag?.strategyIds) ? (bag.strategyIds as unknown[]) : [];
  const known = canonicalStringSet(
    ids.filter((i): i is string => typeof i === "string" && !isUnknownValue(i)),
  );
  return {
    known,
    unknown: ids.length - ids.filter((i) => typeof i === "string" && !isUnknownValue(i)).length,
  };
}

/**
 * What an activation's unknown ids stand for. During a preview the id of every strategy that
 * is created or updated in the same change is unknown; propertyDependencies name those
 * strategies. An updated strategy keeps its id (the old state's), a created one is new.
 */
function unknownIdsOf(step: PlanStep, steps: PlanStep[]): { existing: string[]; created: string[] } {
  const deps = step.new?.propertyDependencies?.strategyIds ?? [];
  const existing: string[] = [];
  const created: string[] = [];
  for (const s of steps) {
    if (s.type !== TYPE_TOKENS.Strategy || !deps.includes(s.urn)) continue;
    if (s.op === "create") created.push(String(s.new?.inputs?.name ?? s.name));
    else if (s.op === "update") {
      const id = idOfStrategy(s.old);
      if (id) existing.push(id);
    }
  }
  return { existing, created };
}

export function reviewActivation(steps: PlanStep[], account?: ReviewAccount): ActivationReview | undefined {
  const activations = steps.filter((s) => s.type === TYPE_TOKENS.StrategyActivation);
  const changing = activations.filter((s) => s.op !== "same" && s.op !== "read");
  if (changing.length === 0) return undefined;
  const names = strategyNames(steps, account);
  const label = (id: string) => (names.has(id) ? quote(names.get(id)!) : code(id));

  const activated: string[] = [];
  const deactivated: string[] = [];
  const activeAfter = new Set<string>();
  const released = new Set<string>();
  let unknownAfter = 0;
  let exclusive = false;
  for (const step of activations) {
    const before = step.op === "create" ? { known: [], unknown: 0 } : declaredIds(step.old?.inputs);
    const after =
      step.op === "delete" ? { known: [] as string[], unknown: 0 } : declaredIds(step.new?.inputs);
    let created: string[] = [];
    if (after.unknown > 0) {
      const resolved = unknownIdsOf(step, steps);
      const existing = resolved.existing.filter((id) => !after.known.includes(id));
      after.known = canonicalStringSet([...after.known, ...existing]);
      after.unknown = Math.max(0, after.unknown - existing.length);
      created = resolved.created.slice(0, after.unknown);
    }
    if (step.op !== "delete" && step.new?.inputs?.exclusive === true) exclusive = true;
    for (const id of after.known) activeAfter.add(id);
    unknownAfter += after.unknown;
    for (const id of after.known) if (!before.known.includes(id)) activated.push(label(id));
    if (after.unknown > 0) {
      activated.push(...created.map((n) => `${quote(n)} (new)`));
      const rest = after.unknown - created.length;
      if (rest > 0) activated.push(`${plural(rest, "strategy", "strategies")} whose id is known after apply`);
    }
    for (const id of before.known) {
      if (!after.known.includes(id)) {
        deactivated.push(label(id));
        released.add(id);
      }
    }
  }
  const deleted = new Set(
    steps
      .filter((s) => s.type === TYPE_TOKENS.Strategy && s.op === "delete")
      .map((s) => idOfStrategy(s.old))
      .filter((id): id is string => Boolean(id)),
  );

  activated.sort();
  deactivated.sort();
  const plan: string[] = [];
  let exceeds = false;
  if (account) {
    // Active strategies the stack leaves as they are (an exclusive set deactivates them all).
    const outside = [...account.strategies]
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .filter(
        (s) =>
          s.isActive && !activeAfter.has(s.id) && !released.has(s.id) && !deleted.has(s.id) && !exclusive,
      );
    if (exclusive) {
      for (const s of account.strategies) {
        if (s.isActive && !activeAfter.has(s.id) && !released.has(s.id))
          deactivated.push(`${label(s.id)} (exclusive set)`);
      }
    }
    deactivated.sort();
    const total = activeAfter.size + unknownAfter + outside.length;
    const limit = account.activeLimit;
    const fromStack = activeAfter.size + unknownAfter;
    plan.push(
      `Plan headroom after this change: active ${total} of ${limit} on ${account.plan} (${fromStack} declared by this stack, ${outside.length} outside it).`,
    );
    if (total > limit) {
      exceeds = true;
      const over = total - limit;
      plan.push(
        `**This change exceeds the plan:** ${account.plan} allows ${limit} active strategies and ${total} would be active. ` +
          `\`pulumi up\` fails at the activation with 403 until ${plural(over, "strategy", "strategies")} ` +
          `${over === 1 ? "is" : "are"} deactivated: remove ${over} from the active set, deactivate ${over} of the ${outside.length} active outside this stack` +
          `${
            outside.length > 0
              ? ` (${outside
                  .slice(0, 5)
                  .map((s) => quote(s.name))
                  .join(", ")}${outside.length > 5 ? ", …" : ""})`
              : ""
          }, or move to a plan with a higher limit.`,
      );
    }
  }
  return { activated, deactivated, plan, exceeds };
}
