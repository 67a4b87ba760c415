/**
 * What an update of a strategy sends (only the fields that changed) and sending it: one PATCH,
 * the outputs worked out from its answer.
 */
import { stableStringify } from "../model/canonical";
import { comparedInputs, kindOf } from "../model/kinds";
import type { StrategyPatch } from "../model/strategy";
import type { RuntimeContext } from "./context";
import { type PropertyBag, pick } from "./inputs";
import type { StrategyLiveOutputs } from "./strategy-live-outputs";
import { generatedRulesOf, outputsAfterPatch } from "./strategy-patch-result";

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
 * One PATCH per changed strategy; the outputs follow from its answer and the previous outputs
 * (outputsAfterPatch), never from a read-back.
 */
export async function patchStrategy(
  ctx: RuntimeContext,
  id: string,
  previous: PropertyBag,
  patch: StrategyPatch,
): Promise<StrategyLiveOutputs> {
  const answer = await ctx.client().strategies.update(id, patch);
  const live = outputsAfterPatch(previous, answer);
  const { strategyId: _id, ...fields } = live;
  ctx.run.claimedStrategyIds.add(id);
  // Later checks of this run read the listing: it takes what the answer says, the regenerated
  // rule structures included when the answer carries them.
  await ctx.run.noteUpdate(id, {
    ...fields,
    ...pick(answer, ["name", "description"]),
    ...generatedRulesOf(answer),
  });
  return live;
}
