/**
 * The preview's check of an active set against the plan's active limit: the strategies it names
 * must exist, and with those active outside it they must fit the plan.
 */
import type { RuntimeContext } from "./context";

export async function activeLimitFailure(
  ctx: RuntimeContext,
  wanted: Set<string>,
  unknownCount: number,
  exclusive: boolean,
  previouslyHeld: Set<string>,
): Promise<{ property: string; reason: string } | undefined> {
  const [account, strategies] = await Promise.all([ctx.run.account(), ctx.run.strategies()]);
  const limit = account.limits.strategies.active;
  const missing = [...wanted].filter((id) => !strategies.has(id) && !ctx.run.claimedStrategyIds.has(id));
  if (missing.length > 0) {
    return {
      property: "strategyIds",
      reason: `strategyIds names strategies that do not exist in this account: ${missing.join(", ")}`,
    };
  }
  // Active strategies outside the set stay active unless exclusive, or unless this resource held them.
  const outside = exclusive
    ? 0
    : [...strategies.values()].filter((s) => s.isActive && !wanted.has(s.id) && !previouslyHeld.has(s.id))
        .length;
  const requested = wanted.size + unknownCount;
  if (requested + outside <= limit) return undefined;
  return {
    property: "strategyIds",
    reason:
      `the ${account.plan} plan allows ${limit} active strategies, but this update would make ${requested + outside} active: ` +
      `${requested} in strategyIds and ${outside} already active outside it. ` +
      "Remove strategies from strategyIds, deactivate others, set exclusive: true, or upgrade the plan.",
  };
}
