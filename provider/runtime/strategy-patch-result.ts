import { z } from "zod";
import type { StrategyUpdated } from "../model/schemas/strategy-responses";
import { type Strategy, StrategySchema } from "../model/strategy";
import type { PropertyBag } from "./inputs";
import type { StrategyLiveOutputs } from "./strategy-live-outputs";

/**
 * What a strategy's outputs are after a PATCH, from the PATCH answer and the previous outputs,
 * without reading it back (one write per changed strategy):
 *
 * - id, userId and createdAt never change;
 * - isActive comes from the answer (service-api.md#strategy-endpoints guarantees it);
 * - updatedAt comes from the answer when present; service-api.md#strategy-endpoints does not
 *   promise it, and without it the previous value stays (an informational output, never
 *   compared by a diff).
 *
 * The rule structures the service regenerates from a patch's `rules` (new condition ids) are not
 * outputs (strategy-live-outputs.ts), so no answer needs a read-back.
 */
export function outputsAfterPatch(previous: PropertyBag, answer: StrategyUpdated): StrategyLiveOutputs {
  const updatedAt = typeof answer.updatedAt === "string" ? answer.updatedAt : previous.updatedAt;
  return {
    strategyId: answer.id,
    userId: previous.userId,
    isActive: answer.isActive,
    createdAt: previous.createdAt,
    updatedAt,
  };
}

/** The rule structures a PATCH with `rules` regenerates, as its answer carries them (the emulator's does). */
const GeneratedRulesSchema = z.object({
  dealbreakers: StrategySchema.shape.dealbreakers,
  ruleGroups: StrategySchema.shape.ruleGroups,
});

/**
 * The regenerated rule structures of a PATCH answer, for the run's listing (later checks of the
 * run read it), or nothing when the answer does not carry them well formed.
 */
export function generatedRulesOf(
  answer: StrategyUpdated,
): Partial<Pick<Strategy, "dealbreakers" | "ruleGroups">> {
  const generated = GeneratedRulesSchema.safeParse(answer);
  return generated.success ? generated.data : {};
}
