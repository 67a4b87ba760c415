import { randomUUID } from "node:crypto";
import { NotFoundError } from "../api/errors";
import { canonicalStringSet } from "../model/canonical";
import { StrategyAlertsError } from "../model/errors";
import { KINDS } from "../model/kinds";
import { quotedText } from "../model/quoted-text";
import { isUnknown } from "../model/unknown-value";
import { describeValue } from "../model/validation-issue";
import type { RuntimeContext } from "./context";
import { initFailure, messageOf, operation } from "./errors";
import { eachInParallel } from "./in-parallel";
import { idListFailures, type PropertyBag, withoutProvider } from "./inputs";
import type { KindHandler } from "./kind-handler";
import { heldInRun, hold, leftInPlace, objectKey, say } from "./ownership";
import { activeLimitFailure } from "./strategy-activation-plan-check";

const LABEL = "StrategyActivation";

/**
 * The id that imports the account's active set (`pulumi import …:StrategyActivation <name>
 * active-strategies`). A created activation gets a random id, but the set it holds is the
 * account's, not a server object: read with no state answers the active set for any id, and this
 * one is what `strategy-alerts import` writes so an import file is the same on every run.
 */
export const ACTIVATION_IMPORT_ID = KINDS.StrategyActivation.importId.fixed;

interface Declared {
  strategyIds: string[];
  exclusive: boolean;
}

function declared(bag: PropertyBag): Declared {
  return { strategyIds: bag.strategyIds ?? [], exclusive: bag.exclusive === true };
}

/**
 * The strategies of its set that this resource turned active itself (its `activatedIds` output):
 * only these does it deactivate when they leave the set or it is deleted. A state without the
 * record (release 0.2.0 and the one after it) meant "this resource holds them active", so its
 * whole set counts as activated by it: an upgrade changes nothing until a write records the truth.
 */
function activatedBy(bag: PropertyBag): Set<string> {
  const record = Array.isArray(bag.activatedIds) ? bag.activatedIds : declared(bag).strategyIds;
  return new Set(record.filter((id: unknown): id is string => typeof id === "string"));
}

/** What this resource holds active, and which of it it activated itself. */
interface Holding {
  held: Set<string>;
  activated: Set<string>;
}

/**
 * One resource holds a stack's whole active set: only it sees every planned change at once, so
 * its check computes the plan's active limit over the whole set, and its update deactivates
 * before it activates (moving activity at the limit works in one `up`). It deactivates only what
 * it activated: a strategy it found active (another stack's, the app's) stays active when it
 * leaves the set, unless `exclusive` asks for every other active strategy to go.
 */
export const strategyActivationHandler: KindHandler = {
  async check(ctx, olds, news) {
    const inputs = withoutProvider(news);
    const failures: { property: string; reason: string }[] = [];
    failures.push(...idListFailures(inputs.strategyIds, "strategyIds", "strategy id"));
    if (
      inputs.exclusive !== undefined &&
      typeof inputs.exclusive !== "boolean" &&
      !isUnknown(inputs.exclusive)
    ) {
      const got = describeValue(inputs.exclusive);
      failures.push({ property: "exclusive", reason: `exclusive must be a boolean, got ${got}` });
    }
    if (failures.length > 0 || !Array.isArray(inputs.strategyIds)) return { inputs, failures };

    const known = inputs.strategyIds.filter((id: unknown) => !isUnknown(id)) as string[];
    const unknownCount = inputs.strategyIds.length - known.length;
    // Order and duplicates carry no meaning; unknown ids (strategies not created yet) stay as they are.
    const strategyIds = unknownCount > 0 ? inputs.strategyIds : canonicalStringSet(known);
    const canonical = { strategyIds, exclusive: inputs.exclusive === true };
    const limitFailure = await operation(LABEL, "preview (plan limits)", () =>
      activeLimitFailure(
        ctx,
        new Set(known),
        unknownCount,
        canonical.exclusive,
        new Set(declared(withoutProvider(olds)).strategyIds),
      ),
    );
    return limitFailure ? { inputs: canonical, failures: [limitFailure] } : { inputs: canonical };
  },

  async diff(ctx, _id, olds, news) {
    const before = declared(olds);
    const after = declared(news);
    await keep(ctx, after);
    const changes =
      before.exclusive !== after.exclusive ||
      JSON.stringify(canonicalStringSet(before.strategyIds)) !==
        JSON.stringify(canonicalStringSet(after.strategyIds)) ||
      after.strategyIds.some(isUnknown);
    return { changes, replaces: [] };
  },

  async create(ctx, inputs) {
    const want = declared(withoutProvider(inputs));
    await keep(ctx, want);
    const id = `activation-${randomUUID()}`;
    return operation(LABEL, "create", async () => {
      const now = await convergeOrRecord(ctx, id, { held: new Set(), activated: new Set() }, want);
      return { id, outs: outputs(want, now.activated) };
    });
  },

  async read(ctx, id, props) {
    const bag = withoutProvider(props);
    const previous = declared(bag);
    return operation(LABEL, "refresh", async () => {
      const strategies = await ctx.run.strategies();
      const isActive = (sid: string) => strategies.get(sid)?.isActive === true;
      // `StrategyActivation.get` and `pulumi import` read with no state of ours: the set is the
      // account's active set, and an import takes it over on purpose, as activated by it.
      if (bag.strategyIds === undefined) {
        const active = [...strategies.values()].filter((s) => s.isActive === true).map((s) => s.id);
        const inputs = { strategyIds: canonicalStringSet(active), exclusive: false };
        return { id, props: outputs(inputs, new Set(active)), inputs };
      }
      // A strategy deactivated or deleted in the app leaves the active set: the next preview shows
      // it. One this resource activated that someone deactivated is no longer its own to deactivate.
      const stillActive = previous.strategyIds.filter(isActive);
      const activated = new Set([...activatedBy(bag)].filter(isActive));
      const inputs = { strategyIds: stillActive, exclusive: previous.exclusive };
      return { id, props: outputs(inputs, activated), inputs };
    });
  },

  async update(ctx, id, olds, news) {
    const before = declared(olds);
    const want = declared(withoutProvider(news));
    await keep(ctx, want);
    const previous = { held: new Set(before.strategyIds), activated: activatedBy(olds) };
    return operation(LABEL, "update", async () => {
      const now = await convergeOrRecord(ctx, id, previous, want);
      return { outs: outputs(want, now.activated) };
    });
  },

  // Strategies another activation of this run keeps active (a rename, a replacement) stay active,
  // and so do those it found active: it deactivates only what it activated.
  async delete(ctx, _id, props) {
    const bag = withoutProvider(props);
    const held = declared(bag);
    const activated = activatedBy(bag);
    await operation(LABEL, "delete", async () => {
      const keptIds = new Set<string>();
      for (const id of held.strategyIds)
        if (await heldInRun(ctx, objectKey.activeStrategy(id))) keptIds.add(id);
      if (keptIds.size > 0)
        leftInPlace(
          `${LABEL} (${keptIds.size} of its ${held.strategyIds.length} strategies)`,
          "another activation of this stack now holds them, so they stay active",
        );
      const strategies = await ctx.run.strategies();
      const released = held.strategyIds.filter(
        (id) => !keptIds.has(id) && strategies.get(id)?.isActive !== false,
      );
      sayFoundActive(
        released.filter((id) => !activated.has(id) && strategies.get(id)?.isActive === true),
        held.strategyIds.length,
        (id) => strategies.get(id)?.name,
      );
      const toDeactivate = released.filter((id) => activated.has(id));
      await eachInParallel(toDeactivate, (id) => deactivate(ctx, id, strategies.get(id)?.name));
    });
  },
};

/**
 * Records the strategies `want` keeps active in this run (ids unknown at preview are not), for
 * every provider process of the run: a rename that moves the activation to another provider.
 */
async function keep(ctx: RuntimeContext, want: Declared): Promise<void> {
  for (const id of want.strategyIds) if (!isUnknown(id)) await hold(ctx, objectKey.activeStrategy(id));
}

function outputs(want: Declared, activated: Set<string>): PropertyBag {
  return {
    strategyIds: want.strategyIds,
    exclusive: want.exclusive,
    activeStrategyIds: canonicalStringSet(want.strategyIds),
    activatedIds: canonicalStringSet(want.strategyIds.filter((id) => activated.has(id))),
  };
}

const nameOrId = (id: string, name: string | undefined) =>
  name === undefined ? id : `${quotedText(name)} (${id})`;

/** Says which strategies leave this resource's hands but stay active, as it found them active. */
function sayFoundActive(ids: string[], of: number, nameOf: (id: string) => string | undefined): void {
  if (ids.length === 0) return;
  leftInPlace(
    `${LABEL} (${ids.length} of its ${of} strategies: ${ids.map((id) => nameOrId(id, nameOf(id))).join(", ")})`,
    "this activation found them active and did not activate them (another stack, the app or a person did), so they stay active",
  );
}

/**
 * Deactivate first (ids this resource activated that left the set, and with `exclusive` every
 * other active strategy), then activate what is missing, so the plan's limit is never crossed
 * midway: the activations start only once every deactivation is done. `now` follows every write,
 * so a failure midway records the truth.
 */
async function converge(ctx: RuntimeContext, previous: Holding, want: Declared, now: Holding): Promise<void> {
  const wanted = new Set(want.strategyIds);
  const strategies = await ctx.run.strategies();
  const isActive = (id: string) => strategies.get(id)?.isActive === true;
  const nameOf = (id: string) => strategies.get(id)?.name;
  // What this resource holds active before any write: what it held, and what it wants that is.
  for (const id of wanted) {
    if (!isActive(id)) continue;
    now.held.add(id);
    // A strategy of this stack's own (a Strategy resource of this run holds it) is the stack's to
    // deactivate, whichever of its activations turned it on (a renamed or replaced activation).
    if (ctx.run.claimedStrategyIds.has(id) || (await heldInRun(ctx, objectKey.strategy(id))))
      now.activated.add(id);
  }
  const leaving = [...previous.held].filter((id) => !wanted.has(id));
  const toDeactivate = new Set(leaving.filter((id) => previous.activated.has(id)));
  if (want.exclusive) {
    const others = [...strategies.values()].filter((s) => s.isActive && !wanted.has(s.id));
    const notOurs = others.filter((s) => !previous.activated.has(s.id)).map((s) => s.id);
    if (notOurs.length > 0)
      say(
        LABEL,
        `exclusive: deactivating ${notOurs.length} active strategies that this activation did not activate (another stack, the app or a person did): ${notOurs.map((id) => nameOrId(id, nameOf(id))).join(", ")}`,
      );
    for (const s of others) toDeactivate.add(s.id);
  }
  const released = leaving.filter((id) => !toDeactivate.has(id));
  sayFoundActive(released.filter(isActive), previous.held.size, nameOf);
  // Those it leaves as they are are no longer its own: a failure midway records them so.
  for (const id of released) now.held.delete(id);
  await eachInParallel(toDeactivate, async (id) => {
    await deactivate(ctx, id, nameOf(id));
    now.held.delete(id);
    now.activated.delete(id);
  });
  const inactive = [...wanted].filter((id) => !isActive(id));
  await eachInParallel(inactive, async (id) => {
    try {
      await ctx.client().strategies.activate(id);
    } catch (err) {
      throw new ActivationStepError("activating", id, nameOf(id), err);
    }
    now.held.add(id);
    now.activated.add(id);
    await ctx.run.noteActivity(id, true);
  });
}

/**
 * Converges, and when a request fails midway records what this resource then holds active and
 * which of it it activated (as its outputs, through the engine's partial-failure path of both
 * front doors), so the next preview compares the declared set with the truth: strategies
 * activated before the failure are seen, and deactivated again when the program no longer wants
 * them. Answers what it holds once converged.
 */
async function convergeOrRecord(
  ctx: RuntimeContext,
  id: string,
  previous: Holding,
  want: Declared,
): Promise<Holding> {
  const now = { held: new Set(previous.held), activated: new Set(previous.activated) };
  try {
    await converge(ctx, previous, want, now);
    return now;
  } catch (err) {
    const partial = { strategyIds: canonicalStringSet([...now.held]), exclusive: want.exclusive };
    throw initFailure(
      `${LABEL}: ${messageOf(err)}. The state records the ${partial.strategyIds.length} strategies active now; ` +
        "run `pulumi up` again to reach the declared set",
      id,
      outputs(partial, now.activated),
    );
  }
}

async function deactivate(ctx: RuntimeContext, id: string, name: string | undefined): Promise<void> {
  try {
    await ctx.client().strategies.deactivate(id);
    await ctx.run.noteActivity(id, false);
  } catch (err) {
    // A strategy deleted elsewhere is as inactive as it gets.
    if (err instanceof NotFoundError) return;
    throw new ActivationStepError("deactivating", id, name, err);
  }
}

/** A failed activate or deactivate, naming the strategy rather than only the route. */
class ActivationStepError extends StrategyAlertsError {
  constructor(step: string, id: string, name: string | undefined, cause: unknown) {
    const which = name === undefined ? `strategy ${id}` : `strategy ${quotedText(name)} (${id})`;
    super(`${step} ${which} failed: ${messageOf(cause)}`, { cause });
  }
}
