import { z } from "zod";
import type { StrategyUpdated } from "../model/schemas/strategy-responses";
import { type Strategy, type StrategyPatch, StrategySchema } from "../model/strategy";
import type { PropertyBag } from "./inputs";
import type { StrategyLiveOutputs } from "./strategy-live-outputs";

/** The generated structures a PATCH with `rules` replaces (new condition ids). */
const GeneratedRulesSchema = z.object({
  dealbreakers: StrategySchema.shape.dealbreakers,
  ruleGroups: StrategySchema.shape.ruleGroups,
});

export type PatchResult =
  | { known: true; live: StrategyLiveOutputs }
  /** The answer lacks the regenerated rule structures: only a read can tell their ids. */
  | { known: false };

/**
 * What a strategy looks like after a PATCH, from the PATCH answer, the patch and the previous
 * outputs, without reading it back (one write per changed strategy).
 *
 * - id, userId and createdAt never change;
 * - isActive comes from the answer (service-api.md#strategy-endpoints guarantees it);
 * - dealbreakers and ruleGroups are regenerated only when the patch carried `rules`, with new
 *   ids the service alone knows: taken from the answer when it returns them (the emulator does,
 *   docs/spec-decisions.md), otherwise `known: false` and the caller reads them back in a batch;
 * - updatedAt comes from the answer when present; service-api.md#strategy-endpoints does not promise it, and without it
 *   the previous value stays (an informational output, never compared by a diff).
 */
export function outputsAfterPatch(
  previous: PropertyBag,
  patch: StrategyPatch,
  answer: StrategyUpdated,
): PatchResult {
  let dealbreakers = previous.dealbreakers as Strategy["dealbreakers"];
  let ruleGroups = previous.ruleGroups as Strategy["ruleGroups"];
  if (patch.rules !== undefined) {
    const generated = GeneratedRulesSchema.safeParse(answer);
    if (!generated.success) return { known: false };
    ({ dealbreakers, ruleGroups } = generated.data);
  }
  if (!Array.isArray(dealbreakers) || !Array.isArray(ruleGroups)) return { known: false };
  const updatedAt = typeof answer.updatedAt === "string" ? answer.updatedAt : previous.updatedAt;
  return {
    known: true,
    live: {
      strategyId: answer.id,
      userId: previous.userId,
      dealbreakers,
      ruleGroups,
      isActive: answer.isActive,
      createdAt: previous.createdAt,
      updatedAt,
    },
  };
}
