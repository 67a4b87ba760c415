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
import { leftInPlace } from "./ownership";
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
 * One resource holds a stack's whole active set: only it sees every planned change at once, so
 * its check computes the plan's active limit over the whole set, and its update deactivates
 * before it activates (moving activity at the limit works in one `up`).
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
    keep(ctx, after);
    const changes =
      before.exclusive !== after.exclusive ||
      JSON.stringify(canonicalStringSet(before.strategyIds)) !==
        JSON.stringify(canonicalStringSet(after.strategyIds)) ||
      after.strategyIds.some(isUnknown);
    return { changes, replaces: [] };
  },

  async create(ctx, inputs) {
    const want = declared(withoutProvider(inputs));
    keep(ctx, want);
    const id = `activation-${randomUUID()}`;
    return operation(LABEL, "create", async () => {
      await convergeOrRecord(ctx, id, new Set(), want);
      return { id, outs: outputs(want) };
    });
  },

  async read(ctx, id, props) {
    const bag = withoutProvider(props);
    const previous = declared(bag);
    return operation(LABEL, "refresh", async () => {
      const strategies = await ctx.run.strategies();
      // `StrategyActivation.get` reads with no state of ours: the set is the account's active set.
      if (bag.strategyIds === undefined) {
        const active = [...strategies.values()].filter((s) => s.isActive === true).map((s) => s.id);
        const inputs = { strategyIds: canonicalStringSet(active), exclusive: false };
        return { id, props: outputs(inputs), inputs };
      }
      // A strategy deactivated or deleted in the app leaves the active set: the next preview shows it.
      const stillActive = previous.strategyIds.filter((sid) => strategies.get(sid)?.isActive === true);
      const inputs = { strategyIds: stillActive, exclusive: previous.exclusive };
      return { id, props: outputs(inputs), inputs };
    });
  },

  async update(ctx, id, olds, news) {
    const before = declared(olds);
    const want = declared(withoutProvider(news));
    keep(ctx, want);
    return operation(LABEL, "update", async () => {
      await convergeOrRecord(ctx, id, new Set(before.strategyIds), want);
      return { outs: outputs(want) };
    });
  },

  // Strategies another activation of this run keeps active (a rename, a replacement) stay active.
  async delete(ctx, _id, props) {
    const held = declared(withoutProvider(props));
    await operation(LABEL, "delete", async () => {
      const kept = held.strategyIds.filter((id) => ctx.run.keptActive.has(id));
      if (kept.length > 0)
        leftInPlace(
          `${LABEL} (${kept.length} of its ${held.strategyIds.length} strategies)`,
          "another activation of this stack now holds them, so they stay active",
        );
      const strategies = await ctx.run.strategies();
      const toDeactivate = held.strategyIds.filter(
        (id) => !ctx.run.keptActive.has(id) && strategies.get(id)?.isActive !== false,
      );
      await eachInParallel(toDeactivate, (id) => deactivate(ctx, id, strategies.get(id)?.name));
    });
  },
};

/** Records the strategies `want` keeps active in this run (ids unknown at preview are not). */
function keep(ctx: RuntimeContext, want: Declared): void {
  for (const id of want.strategyIds) if (!isUnknown(id)) ctx.run.keptActive.add(id);
}

function outputs(want: Declared): PropertyBag {
  return {
    strategyIds: want.strategyIds,
    exclusive: want.exclusive,
    activeStrategyIds: canonicalStringSet(want.strategyIds),
  };
}

/**
 * Deactivate first (ids this resource held that left the set, and with `exclusive` every other
 * active strategy), then activate what is missing, so the plan's limit is never crossed midway:
 * the activations start only once every deactivation is done.
 */
async function converge(
  ctx: RuntimeContext,
  previouslyHeld: Set<string>,
  want: Declared,
  held: Set<string>,
): Promise<void> {
  const wanted = new Set(want.strategyIds);
  const strategies = await ctx.run.strategies();
  // What this resource holds active before any write: what it held, and what it wants that is.
  for (const id of wanted) if (strategies.get(id)?.isActive === true) held.add(id);
  const toDeactivate = new Set([...previouslyHeld].filter((id) => !wanted.has(id)));
  if (want.exclusive) {
    for (const s of strategies.values()) if (s.isActive && !wanted.has(s.id)) toDeactivate.add(s.id);
  }
  await eachInParallel(toDeactivate, async (id) => {
    await deactivate(ctx, id, strategies.get(id)?.name);
    held.delete(id);
  });
  const inactive = [...wanted].filter((id) => strategies.get(id)?.isActive !== true);
  await eachInParallel(inactive, async (id) => {
    try {
      await ctx.client().strategies.activate(id);
    } catch (err) {
      throw new ActivationStepError("activating", id, strategies.get(id)?.name, err);
    }
    held.add(id);
    await ctx.run.noteActivity(id, true);
  });
}

/**
 * Converges, and when a request fails midway records what this resource then holds active (as
 * its outputs, through the engine's partial-failure path of both front doors), so the next
 * preview compares the declared set with the truth: strategies activated before the failure are
 * seen, and deactivated again when the program no longer wants them.
 */
async function convergeOrRecord(
  ctx: RuntimeContext,
  id: string,
  previouslyHeld: Set<string>,
  want: Declared,
): Promise<void> {
  const held = new Set(previouslyHeld);
  try {
    await converge(ctx, previouslyHeld, want, held);
  } catch (err) {
    const partial = { strategyIds: canonicalStringSet([...held]), exclusive: want.exclusive };
    throw initFailure(
      `${LABEL}: ${messageOf(err)}. The state records the ${partial.strategyIds.length} strategies active now; ` +
        "run `pulumi up` again to reach the declared set",
      id,
      outputs(partial),
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
