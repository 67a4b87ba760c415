/**
 * What an update of a strategy sends (only the fields that changed) and sending it: one PATCH,
 * the outputs worked out from its answer, a read back only when the answer cannot give them.
 */
import { stableStringify } from "../model/canonical";
import { comparedInputs, kindOf } from "../model/kinds";
import type { StrategyPatch } from "../model/strategy";
import type { RuntimeContext } from "./context";
import { ServiceStateError } from "./errors";
import { type PropertyBag, pick } from "./inputs";
import { liveOutputs, type StrategyLiveOutputs } from "./strategy-live-outputs";
import { outputsAfterPatch } from "./strategy-patch-result";

/** Domain fields whose canonical values differ (the descriptor's compared inputs: `adopt` is never a change). */
export function changedFields(olds: PropertyBag, news: PropertyBag): string[] {
  return comparedInputs("Strategy").filter(
    (f) => stableStringify(olds[f] ?? null) !== stableStringify(news[f] ?? null),
  );
}

/**
 * Only what changed. A PATCH with `rules` replaces every saved rule, so any rule change sends
 * the whole declared set; a change of name or cooldown alone never resends rules.
 */
export function patchFor(olds: PropertyBag, news: PropertyBag): StrategyPatch {
  const patch: PropertyBag = {};
  for (const field of changedFields(olds, news)) {
    const value = news[field];
    // A removed optional input resets to its default, so deleting a line in code is an update.
    const reset = kindOf("Strategy").inputs[field]?.default;
    if (value !== undefined) patch[field] = value;
    else if (reset !== undefined) patch[field] = reset;
  }
  // Trigger configs are checked against the triggers they configure: send them together.
  if (patch.triggers !== undefined && news.triggerConfigs !== undefined)
    patch.triggerConfigs = news.triggerConfigs;
  return patch as StrategyPatch;
}

/**
 * One PATCH per changed strategy; the outputs follow from its answer, the patch and the previous
 * outputs (outputsAfterPatch). Only when the answer lacks the rule ids the service regenerated
 * is the strategy read back, and then through one batched list read, never a GET per strategy.
 */
export async function patchStrategy(
  ctx: RuntimeContext,
  id: string,
  previous: PropertyBag,
  patch: StrategyPatch,
): Promise<StrategyLiveOutputs> {
  const answer = await ctx.client().strategies.update(id, patch);
  const result = outputsAfterPatch(previous, patch, answer);
  if (result.known) {
    const { strategyId: _id, ...fields } = result.live;
    ctx.run.claimedStrategyIds.add(id);
    await ctx.run.noteUpdate(id, { ...fields, ...pick(answer, ["name", "description"]) });
    return result.live;
  }
  const live = await ctx.run.readBack(id);
  if (!live)
    throw new ServiceStateError(
      `strategy ${id} was updated but GET /strategies no longer lists it (deleted meanwhile?); ` +
        "run `pulumi refresh` to drop it from the stack, then `pulumi up` to create it again",
    );
  await ctx.run.noteStrategy(live);
  return liveOutputs(live);
}
