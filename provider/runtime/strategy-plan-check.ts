/**
 * The preview's check of the plan's total of strategies: every new strategy of the run counts,
 * so a plan limit fails the preview rather than the update halfway.
 */
import { stableStringify } from "../model/canonical";
import { quotedText } from "../model/quoted-text";
import { STRATEGY_FIELDS } from "../model/strategy";
import { isUnknown } from "../model/unknown-value";
import type { RuntimeContext } from "./context";
import { type PropertyBag, pick } from "./inputs";

export async function totalLimitFailure(
  ctx: RuntimeContext,
  inputs: PropertyBag,
): Promise<{ property: string; reason: string } | undefined> {
  const account = await ctx.run.account();
  const total = account.limits.strategies.total;
  if (total === null) return undefined;
  ctx.run.pendingCreates.add(stableStringify(pick(inputs, STRATEGY_FIELDS)));
  const existing = (await ctx.run.strategies()).size;
  const planned = existing + ctx.run.pendingCreates.size;
  if (planned <= total) return undefined;
  return {
    property: "name",
    reason:
      `creating ${typeof inputs.name === "string" && !isUnknown(inputs.name) ? `strategy ${quotedText(inputs.name)}` : "a strategy"} would exceed the ${account.plan} plan's total of ${total} strategies: ` +
      `the account has ${existing} and this update creates ${ctx.run.pendingCreates.size}. ` +
      "Delete strategies or adopt existing ones (adopt: <id>) instead of creating new ones.",
  };
}
