/**
 * Activation in a review: which strategies become active or inactive (by name), and the plan's
 * headroom once the change is applied, counted over the whole account: the stack's declared
 * active sets plus the account's active strategies that the stack leaves alone.
 */
import { canonicalStringSet, stableStringify } from "../model/canonical";
import type { EffectFacts } from "./effects";
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
  /** Strategies removed from a declared set (or of a deleted activation) that no set holds any more. */
  deactivated: Md[];
  /**
   * Strategies a deleted, replaced or shrunk set held that another set of the stack (or the
   * replacement) holds: active before and after, whichever resource holds them.
   */
  kept: Md[];
  /** Strategies no set holds any more that the account shows inactive (or no longer has): left alone. */
  inactiveAlready: Md[];
  /**
   * Strategies a set releases that it found active and did not activate (another stack's, the
   * app's, a person's): the provider deactivates only what an activation activated, so they stay
   * active (unless the set is exclusive).
   */
  foundActive: Md[];
  /** The facts of each changing activation step's effect line, by URN. */
  facts: Map<string, NonNullable<EffectFacts["set"]>>;
  /** Whether a set is exclusive: every other active strategy of the account is deactivated. */
  exclusive: boolean;
  /** The strategies an exclusive set deactivates, by name (known only with the account). */
  exclusiveDeactivated: Md[];
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
function strategyNames(steps: PlanStep[], account?: ReviewAccount): Map<string, string> {
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

/**
 * What an activation's old state says it activated itself (its `activatedIds` output). A state
 * without the record (release 0.2.0 and the one after it) counts its whole set, as the provider does.
 */
function activatedBefore(step: PlanStep): Set<string> {
  const record = step.old?.outputs?.activatedIds;
  if (Array.isArray(record)) return new Set(record.filter((id): id is string => typeof id === "string"));
  return new Set(declaredIds(step.old?.outputs ?? step.old?.inputs).known);
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
  /** When untraced: the strategies they may stand for (names), and the ids among them. */
  maybe: { names: string[]; ids: string[] };
}

/**
 * What an activation's unknown ids stand for. During a preview the id of every strategy that
 * is created, replaced or updated in the same change is unknown. The digest's
 * propertyDependencies name those strategies. The engine's event stream carries no
 * dependencies, so there the candidates are every strategy whose id the preview does not know
 * (an updated one keeps the id of its old state): when there are exactly as many as unknowns,
 * they are the set; otherwise the unknowns stay untraced and the candidates are named, never
 * guessed.
 */
function unknownIdsOf(step: PlanStep, steps: PlanStep[], after: Set<string>, unknown: number): Resolved {
  const deps = step.new?.propertyDependencies?.strategyIds;
  const candidates = steps.filter(
    (s) =>
      isStrategy(s) &&
      (deps ? deps.includes(s.urn) : true) &&
      !after.has(idOfStrategy(s.old) ?? "") &&
      ["update", "create", "replace", "create-replacement"].includes(s.op),
  );
  const existing = candidates
    .filter((s) => s.op === "update")
    .map((s) => idOfStrategy(s.old))
    .filter((id): id is string => Boolean(id));
  const created = [...new Set(candidates.filter((s) => s.op !== "update").map(nameOf))];
  const none = { names: [], ids: [] };
  if (deps)
    return {
      existing,
      created,
      untraced: Math.max(0, unknown - existing.length - created.length),
      maybe: none,
    };
  if (existing.length + created.length === unknown) return { existing, created, untraced: 0, maybe: none };
  return {
    existing: [],
    created: [],
    untraced: unknown,
    maybe: { names: [...new Set(candidates.map(nameOf))].sort(), ids: existing },
  };
}

interface SetChange {
  before: string[];
  /** Of `before`, the strategies this activation activated itself: the only ones it deactivates. */
  activated: Set<string>;
  after: string[];
  created: string[];
  untraced: number;
  maybe: Resolved["maybe"];
  exclusive: boolean;
}

function setChangeOf(step: PlanStep, steps: PlanStep[]): SetChange {
  const before = step.op === "create" ? { known: [] as string[], unknown: 0 } : declaredIds(step.old?.inputs);
  const after = step.op === "delete" ? { known: [] as string[], unknown: 0 } : declaredIds(step.new?.inputs);
  let created: string[] = [];
  let untraced = 0;
  let maybe: Resolved["maybe"] = { names: [], ids: [] };
  if (after.unknown > 0) {
    const resolved = unknownIdsOf(step, steps, new Set(after.known), after.unknown);
    after.known = canonicalStringSet([...after.known, ...resolved.existing]);
    const left = Math.max(0, after.unknown - resolved.existing.length);
    created = resolved.created.slice(0, left);
    untraced = left - created.length;
    maybe = resolved.maybe;
  }
  const exclusive = step.op !== "delete" && step.new?.inputs?.exclusive === true;
  const activated = step.op === "create" ? new Set<string>() : activatedBefore(step);
  return { before: before.known, activated, after: after.known, created, untraced, maybe, exclusive };
}

function untracedWords(change: SetChange): Md {
  const count = plural(change.untraced, "strategy", "strategies");
  if (change.maybe.names.length === 0) return md`${count} whose id is known after apply`;
  const names = joinMd(
    change.maybe.names.map((n) => quote(n)),
    ", ",
  );
  return md`${count} whose id is known after apply, among ${names} (the streamed preview does not say which: the digest, \`pulumi preview --json\` without streaming, does)`;
}

/** An activation's inputs but its set and the provider's closure: what else an update could change. */
function settingsOf(bag: Bag | null | undefined): string {
  const { strategyIds: _ids, __provider: _provider, ...rest } = (bag ?? {}) as Bag;
  return stableStringify(rest);
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((id) => b.includes(id));

/**
 * The activation updates whose only difference is ids unknown during the preview that stand for
 * the strategies the set already holds (strategies updated in place keep their ids): `pulumi up`
 * finds nothing to change in them, so the review treats them as unchanged. An unknown id that
 * stands for a created strategy, or one the preview does not trace, is a real change.
 */
export function unchangedActivations(steps: PlanStep[]): Set<string> {
  const unchanged = new Set<string>();
  for (const step of steps) {
    if (step.kind !== "StrategyActivation" || step.op !== "update") continue;
    if (declaredIds(step.new?.inputs).unknown === 0) continue;
    const change = setChangeOf(step, steps);
    if (change.created.length > 0 || change.untraced > 0) continue;
    if (!sameSet(change.before, change.after)) continue;
    if (settingsOf(step.old?.inputs) !== settingsOf(step.new?.inputs)) continue;
    unchanged.add(step.urn);
  }
  return unchanged;
}

const RELEASING_OPS = new Set(["delete", "replace"]);

export function reviewActivation(steps: PlanStep[], account?: ReviewAccount): ActivationReview | undefined {
  const activations = steps.filter((s) => s.kind === "StrategyActivation");
  const unchanged = unchangedActivations(steps);
  const changing = activations.filter((s) => s.op !== "same" && s.op !== "read" && !unchanged.has(s.urn));
  if (changing.length === 0) return undefined;
  const names = strategyNames(steps, account);
  const label = (id: string) => (names.has(id) ? quote(names.get(id)!) : code(id));
  const live = new Map((account?.strategies ?? []).map((s) => [s.id, s.isActive]));

  // The sets the change leaves as they are hold their strategies before and after.
  const held = new Set<string>();
  for (const s of activations)
    if (!changing.includes(s) && s.op !== "read")
      for (const id of declaredIds(s.old?.inputs ?? s.new?.inputs).known) held.add(id);
  const changes = changing.map((step) => ({ step, ...setChangeOf(step, steps) }));
  const heldBefore = new Set([...held, ...changes.flatMap((c) => c.before)]);
  const activeAfter = new Set([...held, ...changes.flatMap((c) => c.after)]);

  const tally = newTally();
  const context = { label, heldBefore, activeAfter, live, hasAccount: account !== undefined };
  for (const change of changes) tallyChange(change, tally, context);
  const { activated, deactivated, kept, inactiveAlready, foundActive, released, facts, untraced } = tally;
  const { exclusive, unknownAfter } = tally;
  const deleted = new Set(
    steps
      .filter((s) => isStrategy(s) && s.op === "delete")
      .map((s) => idOfStrategy(s.old))
      .filter((id): id is string => Boolean(id)),
  );
  const exclusiveDeactivated: Md[] = [];
  const headroom = account
    ? planHeadroom(
        account,
        { activeAfter, released, deleted, exclusive, unknownAfter },
        label,
        exclusiveDeactivated,
      )
    : { plan: [], exceeds: false };
  const sorted = (m: Map<string, Md>) => [...m.values()].sort();
  exclusiveDeactivated.sort();
  return {
    activated: [...sorted(activated), ...untraced],
    deactivated: sorted(deactivated),
    kept: sorted(kept),
    inactiveAlready: sorted(inactiveAlready),
    foundActive: sorted(foundActive),
    facts,
    exclusive,
    exclusiveDeactivated,
    ...headroom,
  };
}

type StepChange = SetChange & { step: PlanStep };

/** What the changing sets do, strategy by strategy, gathered over every changing set. */
interface Tally {
  activated: Map<string, Md>;
  deactivated: Map<string, Md>;
  kept: Map<string, Md>;
  inactiveAlready: Map<string, Md>;
  foundActive: Map<string, Md>;
  released: Set<string>;
  facts: Map<string, NonNullable<EffectFacts["set"]>>;
  untraced: Md[];
  unknownAfter: number;
  exclusive: boolean;
}

interface TallyContext {
  label: (id: string) => Md;
  /** Strategies some set holds before the change, and some set holds after it. */
  heldBefore: Set<string>;
  activeAfter: Set<string>;
  live: Map<string, boolean | undefined>;
  hasAccount: boolean;
}

function newTally(): Tally {
  return {
    activated: new Map(),
    deactivated: new Map(),
    kept: new Map(),
    inactiveAlready: new Map(),
    foundActive: new Map(),
    released: new Set(),
    facts: new Map(),
    untraced: [],
    unknownAfter: 0,
    exclusive: false,
  };
}

function tallyChange(change: StepChange, t: Tally, c: TallyContext): void {
  t.exclusive ||= change.exclusive;
  t.unknownAfter += change.created.length + change.untraced;
  const added = change.after.filter((id) => !change.before.includes(id));
  const newlyActive = added.filter((id) => !c.heldBefore.has(id));
  for (const id of newlyActive) t.activated.set(id, c.label(id));
  for (const n of change.created) t.activated.set(`new ${n}`, md`${quote(n)} (new)`);
  if (change.untraced > 0) t.untraced.push(untracedWords(change));
  // A deleted or replaced set releases all it held; an updated one what it no longer holds.
  const releases = RELEASING_OPS.has(change.step.op)
    ? change.before
    : change.before.filter((id) => !change.after.includes(id));
  const off = releases.filter((id) => tallyRelease(id, change, t, c)).length;
  const removed = change.step.op === "update" ? releases.length : change.before.length;
  t.facts.set(change.step.urn, {
    added: added.length + change.created.length + change.untraced,
    removed,
    deactivated: off,
    activated: newlyActive.length + change.created.length + change.untraced,
  });
}

/** Files one strategy a set releases; true when the service deactivates it. */
function tallyRelease(id: string, change: StepChange, t: Tally, c: TallyContext): boolean {
  if (c.activeAfter.has(id)) {
    // Held by another set, or by the replacement: the provider's delete leaves it active.
    if (!change.after.includes(id) || change.step.op !== "update") t.kept.set(id, c.label(id));
    return false;
  }
  // Found active, not activated by this set: the provider leaves it active (exclusive aside).
  if (!change.activated.has(id) && !change.exclusive) {
    if (c.hasAccount && c.live.get(id) !== true) t.inactiveAlready.set(id, c.label(id));
    else t.foundActive.set(id, c.label(id));
    return false;
  }
  t.released.add(id);
  // Possibly one of the untraced unknowns: it may stay active.
  if (change.maybe.ids.includes(id)) {
    t.deactivated.set(id, md`${c.label(id)} unless it is one of the ids known after apply`);
    return true;
  }
  if (c.hasAccount && c.live.get(id) !== true) {
    t.inactiveAlready.set(id, c.label(id));
    return false;
  }
  t.deactivated.set(id, c.label(id));
  return true;
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
      if (s.isActive && !activeAfter.has(s.id) && !released.has(s.id)) deactivated.push(label(s.id));
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
