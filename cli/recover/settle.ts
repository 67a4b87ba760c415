/**
 * How each interrupted create is settled. recover takes a live object for a create only when it
 * can show that this stack's interrupted update made it; anything it cannot show is listed with
 * the reason and left alone, unless a person names it (`--adopt`).
 *
 * Strategy (POST /strategies is not safe to repeat): imported when exactly one live strategy
 *   - was created after the update began, on the service's clock: the create's checked inputs
 *     carry `createdNotBefore`, a time on the service's clock no later than the update's first
 *     request, and `createdNotBeforeUncertaintyMs`, how much later that request may have been
 *     (provider/runtime/strategy-create-bound.ts); the strategy's createdAt is at or after both
 *     added. One created before the bound is never its create's; one inside the uncertainty is
 *     listed. A bound on this machine's clock (an older provider's, or answers without a Date
 *     header) or none proves nothing about createdAt: such a create is never imported by itself,
 *   - has the create's name and content exactly (sameContent, as the provider's own create),
 *   - is held by no stack recover can read (every stack of every project on the backend), and
 *     no other stack's interrupted create has the same content, and every stack could be read;
 * and cleared when no unheld strategy of its content exists at all since the bound (the request
 * never reached the service). Otherwise it stays pending and its candidates are listed.
 * Stacks of other backends are invisible here: no step of the proof rests on seeing them.
 *
 * Keyed kinds (the webhook, a developer and its tags; their create refuses an object that
 * already exists unless the resource declares `adopt: true`): cleared when the object does not
 * exist (or the resource declares `adopt: true`); an object that exists is listed and left
 * pending, since any stack or the app may have made it, unless `--adopt` names it and it is what
 * the create declares. Which kind is settled which way is kind-recovery.ts's table.
 */
import { kindOf, RESOURCE_KINDS } from "../../provider/model/kinds";
import { printableText } from "../../provider/model/printable-text";
import type { Strategy, StrategyInput } from "../../provider/model/strategy";
import { STRATEGY_FIELDS } from "../../provider/model/strategy";
import {
  CREATE_BOUND_INPUT,
  type CreateBound,
  readCreateBound,
} from "../../provider/runtime/strategy-create-bound";
import { SERVICE_CLOCK_ALLOWANCE_MS, sameContent } from "../../provider/runtime/strategy-create-once";
import { CommandError } from "../command";
import { type KeyedRecovery, KIND_RECOVERY, keyedRecovery, type LiveObjects } from "./kind-recovery";
import type { HeldObject, PendingCreate } from "./stack-state";

/** Whether a create is settled by a search of the live strategies (the table's `strategy`). */
const bySearch = (create: PendingCreate): boolean => KIND_RECOVERY[create.kind].settle === "strategy";

/**
 * The keyed kind whose one object per account goes by this fixed id (the webhook's `webhook`),
 * if any: `--adopt` naming it with no such create pending is refused by that kind's name.
 */
function fixedKeyKind(id: string): PendingCreate["kind"] | undefined {
  return RESOURCE_KINDS.find((kind) => {
    const importId = kindOf(kind).importId;
    return keyedRecovery(kind) !== undefined && "fixed" in importId && importId.fixed === id;
  });
}

export type Settlement =
  | { create: PendingCreate; action: "import"; id: string; why: string }
  | { create: PendingCreate; action: "clear"; reason: string }
  | { create: PendingCreate; action: "unproven"; reason: string; candidates: string[] }
  | { create: PendingCreate; action: "other-account"; account: string };

/** What the account holds now, as the key in use reads it. */
export interface LiveAccount extends LiveObjects {
  /** The account of the key in use. */
  id: string;
  /** The account's own strategies (never official ones). */
  strategies: Strategy[];
}

/** What the stacks recover can read hold and have pending. */
export interface Visible {
  /** Objects held by this stack and every other stack read, with the stack that holds each. */
  held: (HeldObject & { stack: string })[];
  /** The interrupted creates of the other stacks. */
  pendingElsewhere: { stack: string; create: PendingCreate }[];
  /** Stacks whose state could not be read: what they hold is unknown. */
  unreadable: { stack: string; reason: string }[];
}

/**
 * One settlement per create. `adopt` holds the ids named with `--adopt` (a strategy id,
 * `webhook`, a developer's address); one that cannot be taken throws a CommandError, before
 * anything is changed.
 */
export function settle(
  creates: PendingCreate[],
  live: LiveAccount,
  visible: Visible,
  adopt: readonly string[] = [],
): Settlement[] {
  const ctx = new Context(live, visible);
  const ours = creates.filter((c) => ctx.isOurs(c));
  const adopted = adoptions(ours, ctx, adopt);
  const twins = new Map<PendingCreate, Strategy[]>();
  for (const create of ours)
    if (bySearch(create) && typeof create.inputs.adopt !== "string" && !adopted.has(create))
      twins.set(create, ctx.twinsOf(create));
  // One live strategy can be the result of one create only: two identical interrupted creates
  // sharing candidates are for a person to tell apart.
  const claims = new Map<string, number>();
  for (const found of twins.values()) for (const s of found) claims.set(s.id, (claims.get(s.id) ?? 0) + 1);

  return creates.map((create): Settlement => {
    if (!ctx.isOurs(create)) return { create, action: "other-account", account: create.account! };
    const named = adopted.get(create);
    if (named !== undefined) return { create, action: "import", id: named, why: "named with --adopt" };
    const found = twins.get(create);
    if (found) return settleStrategy(create, found, claims, ctx);
    const recovery = KIND_RECOVERY[create.kind];
    if (recovery.settle === "strategy")
      // Not a twin search: the resource names its strategy with `adopt`.
      return {
        create,
        action: "import",
        id: create.inputs.adopt as string,
        why: "the resource declares adopt",
      };
    if (recovery.settle === "clear") return { create, action: "clear", reason: recovery.reason };
    if (create.inputs.adopt === true)
      return {
        create,
        action: "clear",
        reason: "the resource declares adopt: true: the next `pulumi up` takes over what exists",
      };
    return settleKeyed(create, recovery, ctx);
  });
}

function settleStrategy(
  create: PendingCreate,
  found: Strategy[],
  claims: ReadonlyMap<string, number>,
  ctx: Context,
): Settlement {
  const bound = readCreateBound(create.inputs);
  const candidates = found.map((s) => `strategy ${s.id} (created ${s.createdAt})`);
  const unproven = (reason: string): Settlement => ({ create, action: "unproven", reason, candidates });
  const adoptHint =
    found.length === 1
      ? `if it is this resource's, rerun with --adopt ${found[0]!.id}`
      : "rerun with --adopt <id> naming the one that is this resource's, if one is";
  if (found.length === 0)
    return {
      create,
      action: "clear",
      reason:
        bound === undefined
          ? "no strategy of its content exists that no stack holds: it never reached the service"
          : `no strategy of its content was created since its update began (${describeBound(bound)}) ` +
            "that no stack holds: it never reached the service",
    };
  if (bound === undefined)
    return unproven(
      `it carries no ${CREATE_BOUND_INPUT} (its update ran an older version of the provider), so nothing shows ` +
        `which strategy its update made: any stack or the app may have made these; ${adoptHint}`,
    );
  if (bound.clock === "local")
    return unproven(
      `its ${CREATE_BOUND_INPUT} (${describeBound(bound)}) was taken on the clock of the machine that ran its update ` +
        "(an older version of the provider, or a service that sent no Date header), not on the service's clock " +
        `that createdAt is measured on, so it cannot show which strategy its update made; ${adoptHint}`,
    );
  if (ctx.visible.unreadable.length > 0)
    return unproven(
      `${ctx.unreadableNames()} could not be read: a strategy held there may look unheld; ${adoptHint}`,
    );
  if (found.length > 1 || claims.get(found[0]!.id) !== 1)
    return unproven(
      found.length > 1
        ? `${found.length} strategies of its content were created since its update began; ${adoptHint}`
        : "another interrupted create of this stack has the same content",
    );
  const twin = found[0]!;
  const proven = bound.atMs + bound.uncertaintyMs;
  if (Date.parse(twin.createdAt) < proven)
    return unproven(
      `strategy ${twin.id} was created ${twin.createdAt}, within the uncertainty of when its update began ` +
        `(${describeBound(bound)}, to within ${bound.uncertaintyMs} ms on the service's clock): it may have been ` +
        `made just before, by another stack or the app; ${adoptHint}`,
    );
  const elsewhere = ctx.pendingElsewhereLike(twin);
  if (elsewhere.length > 0)
    return unproven(
      `${elsewhere.join(", ")} also ${elsewhere.length === 1 ? "has" : "have"} an interrupted create of the ` +
        `same content: the strategy may be that one's; ${adoptHint}`,
    );
  return {
    create,
    action: "import",
    id: twin.id,
    why:
      `created ${twin.createdAt}, after its update began (${describeBound(bound)}, at the latest ` +
      `${new Date(proven).toISOString()} on the service's clock), with its content, held by no stack`,
  };
}

/** The bound as recover's lines show it: the time, and on which clock. */
function describeBound(bound: CreateBound): string {
  const at = new Date(bound.atMs).toISOString();
  return bound.clock === "service" ? at : `${at} on its machine's clock`;
}

/** A create of a keyed kind (the webhook, a developer): its object exists, or it does not. */
function settleKeyed(create: PendingCreate, recovery: KeyedRecovery, ctx: Context): Settlement {
  const state = recovery.state(create.inputs, ctx.live);
  const id = recovery.keyOf(create.inputs);
  if (state.kind === "absent")
    return {
      create,
      action: "clear",
      reason: `${state.what}: the next \`pulumi up\` sends it again`,
    };
  const holder = ctx.holderOf(create.kind, id);
  const reason =
    state.kind === "same"
      ? `${state.what}, as it declares, but nothing shows this update wrote it: ` +
        `${holder ? `${holder} holds it` : "another stack or the app may hold it"}; ` +
        `if it is this resource's, rerun with --adopt ${id}`
      : `${state.what}, not what it declares: the next \`pulumi up\` would refuse to take it over; ` +
        "declare adopt: true to take it over, or undo it in the app, then run recover again";
  return { create, action: "unproven", reason, candidates: state.kind === "same" ? [id] : [] };
}

function strategyBody(create: PendingCreate): StrategyInput {
  return Object.fromEntries(
    STRATEGY_FIELDS.filter((f) => create.inputs[f] !== undefined).map((f) => [f, create.inputs[f]]),
  ) as unknown as StrategyInput;
}

class Context {
  constructor(
    readonly live: LiveAccount,
    readonly visible: Visible,
  ) {}

  isOurs(create: PendingCreate): boolean {
    return create.account === undefined || create.account === this.live.id;
  }

  /**
   * The stack holding this object: of any account when the kind's ids are the service's, else
   * of this account (a stack that records no account counts); kind-recovery.ts, `idScope`.
   */
  holderOf(kind: PendingCreate["kind"], id: string): string | undefined {
    const anyAccount = KIND_RECOVERY[kind].idScope === "service";
    return this.visible.held.find(
      (h) =>
        h.kind === kind &&
        h.id === id &&
        (anyAccount || h.account === undefined || h.account === this.live.id),
    )?.stack;
  }

  /**
   * Live strategies of the create's content, since its bound (when it has one), that no stack
   * holds. A bound on the service's clock is taken as it is; one on a machine's clock is read as
   * older versions read it, with the allowance for the service's clock running behind.
   */
  twinsOf(create: PendingCreate): Strategy[] {
    const bound = readCreateBound(create.inputs);
    const since =
      bound === undefined
        ? Number.NEGATIVE_INFINITY
        : bound.clock === "service"
          ? bound.atMs
          : bound.atMs - SERVICE_CLOCK_ALLOWANCE_MS;
    const body = strategyBody(create);
    return this.live.strategies.filter(
      (s) =>
        s.isGlobal !== true &&
        Date.parse(s.createdAt) >= since &&
        this.holderOf(create.kind, s.id) === undefined &&
        sameContent(s, body),
    );
  }

  /** The other stacks with an interrupted create of this account that the strategy could be the result of. */
  pendingElsewhereLike(strategy: Strategy): string[] {
    const stacks = this.visible.pendingElsewhere
      .filter(
        ({ create }) =>
          bySearch(create) && this.isOurs(create) && sameContent(strategy, strategyBody(create)),
      )
      .map(({ stack }) => stack);
    return [...new Set(stacks)];
  }

  unreadableNames(): string {
    const names = this.visible.unreadable.map((u) => u.stack);
    return `${names.length === 1 ? "stack" : "stacks"} ${names.join(", ")}`;
  }
}

/** The create each `--adopt` id is imported for; throws when one cannot be taken. */
function adoptions(
  creates: PendingCreate[],
  ctx: Context,
  adopt: readonly string[],
): Map<PendingCreate, string> {
  const out = new Map<PendingCreate, string>();
  const refuse = (id: string, why: string) =>
    new CommandError(printableText(`--adopt ${id}: ${why}; nothing was changed`));
  for (const id of new Set(adopt)) {
    const keyed = creates.flatMap((c) => {
      const recovery = keyedRecovery(c.kind);
      return recovery && c.inputs.adopt !== true && recovery.keyOf(c.inputs) === id ? [{ c, recovery }] : [];
    });
    if (keyed.length > 0) {
      for (const { c: create, recovery } of keyed) {
        const state = recovery.state(create.inputs, ctx.live);
        if (state.kind !== "same")
          throw refuse(id, `${state.what}: not what the interrupted ${create.kind} create declares`);
        const holder = ctx.holderOf(create.kind, id);
        if (holder) throw refuse(id, `stack ${holder} holds it`);
        out.set(create, id);
      }
      continue;
    }
    const fixed = fixedKeyKind(id);
    if (fixed !== undefined) throw refuse(id, `no ${fixed} create of this account is pending`);
    const strategy = ctx.live.strategies.find((s) => s.id === id);
    if (!strategy || strategy.isGlobal === true)
      throw refuse(
        id,
        "not one of this account's strategies, nor the webhook, nor the address of a pending developer create",
      );
    // A live strategy is what a Strategy resource holds.
    const holder = ctx.holderOf("Strategy", id);
    if (holder) throw refuse(id, `stack ${holder} holds it`);
    const create = creates.find(
      (c) =>
        bySearch(c) &&
        typeof c.inputs.adopt !== "string" &&
        !out.has(c) &&
        sameContent(strategy, strategyBody(c)),
    );
    if (!create) throw refuse(id, "no interrupted Strategy create of this stack has its name and content");
    out.set(create, id);
  }
  return out;
}
