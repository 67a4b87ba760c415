/**
 * Ordered scales of the rule catalog, lowest first, so "at least" and "at most" comparisons
 * are index comparisons. RISK_LEVELS is declared most severe first (the spec's order), hence
 * the reversed copy.
 */
import { RISK_LEVELS } from "./rule-catalog";
import { BUY_PRESSURES, CLUSTER_RISKS, VOLUME_SPIKES } from "./rule-items";

export const RISK_SEVERITY = [...RISK_LEVELS].reverse() as readonly (typeof RISK_LEVELS)[number][];
export const BUY_PRESSURE_SCALE = BUY_PRESSURES;
export const VOLUME_SPIKE_SCALE = VOLUME_SPIKES;
export const CLUSTER_RISK_SCALE = CLUSTER_RISKS;

/** Position of `value` on `scale` (0 = lowest); -1 when it is not on the scale. */
export function rankOn(scale: readonly string[], value: string): number {
  return scale.indexOf(value);
}
