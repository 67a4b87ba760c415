import { randomUUID } from "node:crypto";
import { NotFoundError } from "../api/errors";
import { canonicalStringSet } from "../model/canonical";
import { KINDS } from "../model/kinds";
import { isUnknown } from "../model/unknown-value";
import { describeValue } from "../model/validation-issue";
import type { RuntimeContext } from "./context";
import { operation } from "./errors";
import { eachInParallel } from "./in-parallel";
import { idListFailures, type PropertyBag, withoutProvider } from "./inputs";
import type { KindHandler } from "./kind-handler";
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

  async diff(_ctx, _id, olds, news) {
    const before = declared(olds);
    const after = declared(news);
    const changes =
      before.exclusive !== after.exclusive ||
      JSON.stringify(canonicalStringSet(before.strategyIds)) !==
        JSON.stringify(canonicalStringSet(after.strategyIds)) ||
      after.strategyIds.some(isUnknown);
    return { changes, replaces: [] };
  },

  async create(ctx, inputs) {
    const want = declared(withoutProvider(inputs));
    return operation(LABEL, "create", async () => {
      await converge(ctx, new Set(), want);
      return { id: `activation-${randomUUID()}`, outs: outputs(want) };
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

  async update(ctx, _id, olds, news) {
    const before = declared(olds);
    const want = declared(withoutProvider(news));
    return operation(LABEL, "update", async () => {
      await converge(ctx, new Set(before.strategyIds), want);
      return { outs: outputs(want) };
    });
  },

  async delete(ctx, _id, props) {
    const held = declared(withoutProvider(props));
    await operation(LABEL, "delete", async () => {
      await eachInParallel(held.strategyIds, (id) => deactivate(ctx, id));
    });
  },
};

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
async function converge(ctx: RuntimeContext, previouslyHeld: Set<string>, want: Declared): Promise<void> {
  const wanted = new Set(want.strategyIds);
  const strategies = await ctx.run.strategies();
  const toDeactivate = new Set([...previouslyHeld].filter((id) => !wanted.has(id)));
  if (want.exclusive) {
    for (const s of strategies.values()) if (s.isActive && !wanted.has(s.id)) toDeactivate.add(s.id);
  }
  await eachInParallel(toDeactivate, (id) => deactivate(ctx, id));
  const inactive = [...wanted].filter((id) => strategies.get(id)?.isActive !== true);
  await eachInParallel(inactive, async (id) => {
    await ctx.client().strategies.activate(id);
    await ctx.run.noteActivity(id, true);
  });
}

async function deactivate(ctx: RuntimeContext, id: string): Promise<void> {
  try {
    await ctx.client().strategies.deactivate(id);
    await ctx.run.noteActivity(id, false);
  } catch (err) {
    // A strategy deleted elsewhere is as inactive as it gets.
    if (!(err instanceof NotFoundError)) throw err;
  }
}
