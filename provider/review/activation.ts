/**
 * Activation in a review: which strategies become active or inactive (by name), and the plan's
 * headroom once the change is applied, counted over the whole account: the stack's declared
 * active sets plus the account's active strategies that the stack leaves alone.
 */
import { canonicalStringSet } from "../model/canonical";
import type { PlanStep } from "./preview-json";
import { code, isUnknownValue, joinMd, type Md, md, plural, quote, text } from "./words";

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
  activated: Md[];
  deactivated: Md[];
  /** Lines about the plan (headroom, or why the change exceeds it). */
  plan: Md[];
  exceeds: boolean;
}

const idOfStrategy = (s: PlanStep["old"]) => {
  const id = s?.outputs?.strategyId ?? s?.id;
  return typeof id === "string" && id !== "" && !isUnknownValue(id) ? id : undefined;
};

const isStrategy = (s: PlanStep) => s.kind === "Strategy";

/** Strategy id → name from every strategy the preview or the account knows. */
export function strategyNames(steps: PlanStep[], account?: ReviewAccount): Map<string, string> {
  const names = new Map<string, string>();
  for (const s of account?.strategies ?? []) names.set(s.id, s.name);
  for (const step of steps) {
    if (!isStrategy(step)) continue;
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

const nameOf = (s: PlanStep) => String(s.new?.inputs?.name ?? s.old?.inputs?.name ?? s.name);

interface Resolved {
  /** Ids the unknowns stand for: strategies updated in place keep the id of their old state. */
  existing: string[];
  /** Names of created (or replaced) strategies whose ids the unknowns stand for. */
  created: string[];
  /** Unknowns the preview does not trace to one strategy. */
  untraced: number;
}

/**
 * What an activation's unknown ids stand for. During a preview the id of every strategy that
 * is created, replaced or updated in the same change is unknown. The digest's
 * propertyDependencies name those strategies. The event stream carries no dependencies, so
 * there the strategies are found from the states alone: an updated strategy keeps its id, so
 * one that was in this set before and is no longer among the known ids is what an unknown
 * stands for first; the rest are the created or replaced strategies when their number is
 * exactly what is left, and untraced otherwise (never guessed).
 */
function unknownIdsOf(
  step: PlanStep,
  steps: PlanStep[],
  before: string[],
  after: Set<string>,
  unknown: number,
): Resolved {
  const deps = step.new?.propertyDependencies?.strategyIds;
  const candidates = steps.filter((s) => isStrategy(s) && (deps ? deps.includes(s.urn) : true));
  const updated = candidates.filter((s) => s.op === "update").map((s) => ({ s, id: idOfStrategy(s.old) }));
  const fresh = candidates.filter(
    (s) => s.op === "create" || s.op === "replace" || s.op === "create-replacement",
  );
  if (deps) {
    const existing = updated.map((u) => u.id).filter((id): id is string => Boolean(id));
    const created = [...new Set(fresh.map(nameOf))];
    return { existing, created, untraced: Math.max(0, unknown - existing.length - created.length) };
  }
  const kept = updated
    .map((u) => u.id)
    .filter((id): id is string => Boolean(id) && before.includes(id as string) && !after.has(id as string))
    .slice(0, unknown);
  const left = unknown - kept.length;
  const created = [...new Set(fresh.map(nameOf))];
  if (left === created.length) return { existing: kept, created, untraced: 0 };
  return { existing: kept, created: [], untraced: left };
}

interface SetChange {
  before: string[];
  after: string[];
  created: string[];
  untraced: number;
  exclusive: boolean;
}

function setChangeOf(step: PlanStep, steps: PlanStep[]): SetChange {
  const before = step.op === "create" ? { known: [] as string[], unknown: 0 } : declaredIds(step.old?.inputs);
  const after = step.op === "delete" ? { known: [] as string[], unknown: 0 } : declaredIds(step.new?.inputs);
  let created: string[] = [];
  let untraced = 0;
  if (after.unknown > 0) {
    const resolved = unknownIdsOf(step, steps, before.known, new Set(after.known), after.unknown);
    const existing = resolved.existing.filter((id) => !after.known.includes(id));
    after.known = canonicalStringSet([...after.known, ...existing]);
    const left = Math.max(0, after.unknown - existing.length);
    created = resolved.created.slice(0, left);
    untraced = left - created.length;
  }
  const exclusive = step.op !== "delete" && step.new?.inputs?.exclusive === true;
  return { before: before.known, after: after.known, created, untraced, exclusive };
}

export function reviewActivation(steps: PlanStep[], account?: ReviewAccount): ActivationReview | undefined {
  const activations = steps.filter((s) => s.kind === "StrategyActivation");
  if (!activations.some((s) => s.op !== "same" && s.op !== "read")) return undefined;
  const names = strategyNames(steps, account);
  const label = (id: string) => (names.has(id) ? quote(names.get(id)!) : code(id));

  const activated: Md[] = [];
  const deactivated: Md[] = [];
  const activeAfter = new Set<string>();
  const released = new Set<string>();
  let unknownAfter = 0;
  let exclusive = false;
  for (const change of activations.map((a) => setChangeOf(a, steps))) {
    exclusive ||= change.exclusive;
    for (const id of change.after) activeAfter.add(id);
    unknownAfter += change.created.length + change.untraced;
    for (const id of change.after) if (!change.before.includes(id)) activated.push(label(id));
    activated.push(...change.created.map((n) => md`${quote(n)} (new)`));
    if (change.untraced > 0)
      activated.push(md`${plural(change.untraced, "strategy", "strategies")} whose id is known after apply`);
    for (const id of change.before) {
      if (change.after.includes(id)) continue;
      deactivated.push(label(id));
      released.add(id);
    }
  }
  const deleted = new Set(
    steps
      .filter((s) => isStrategy(s) && s.op === "delete")
      .map((s) => idOfStrategy(s.old))
      .filter((id): id is string => Boolean(id)),
  );
  const headroom = account
    ? planHeadroom(account, { activeAfter, released, deleted, exclusive, unknownAfter }, label, deactivated)
    : { plan: [], exceeds: false };
  activated.sort();
  deactivated.sort();
  return { activated, deactivated, ...headroom };
}

interface ActiveSet {
  activeAfter: Set<string>;
  released: Set<string>;
  deleted: Set<string>;
  exclusive: boolean;
  unknownAfter: number;
}

function planHeadroom(
  account: ReviewAccount,
  set: ActiveSet,
  label: (id: string) => Md,
  deactivated: Md[],
): { plan: Md[]; exceeds: boolean } {
  const { activeAfter, released, deleted, exclusive, unknownAfter } = set;
  // Active strategies the stack leaves as they are (an exclusive set deactivates them all).
  const outside = [...account.strategies]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .filter(
      (s) => s.isActive && !activeAfter.has(s.id) && !released.has(s.id) && !deleted.has(s.id) && !exclusive,
    );
  if (exclusive) {
    for (const s of account.strategies) {
      if (s.isActive && !activeAfter.has(s.id) && !released.has(s.id))
        deactivated.push(md`${label(s.id)} (exclusive set)`);
    }
  }
  const fromStack = activeAfter.size + unknownAfter;
  const total = fromStack + outside.length;
  const limit = account.activeLimit;
  const planName = text(account.plan);
  const plan: Md[] = [
    md`Plan headroom after this change: active ${total} of ${limit} on ${planName} (${fromStack} declared by this stack, ${outside.length} outside it).`,
  ];
  if (total <= limit) return { plan, exceeds: false };
  const over = total - limit;
  const examples =
    outside.length > 0
      ? md` (${joinMd(
          outside.slice(0, 5).map((s) => quote(s.name)),
          ", ",
        )}${outside.length > 5 ? md`, …` : md``})`
      : md``;
  plan.push(
    joinMd(
      [
        md`**This change exceeds the plan:** ${planName} allows ${limit} active strategies and ${total} would be active.`,
        md`\`pulumi up\` fails at the activation with 403 until ${plural(over, "strategy", "strategies")} ${over === 1 ? md`is` : md`are`} deactivated:`,
        md`remove ${over} from the active set, deactivate ${over} of the ${outside.length} active outside this stack${examples}, or move to a plan with a higher limit.`,
      ],
      " ",
    ),
  );
  return { plan, exceeds: true };
}
