/**
 * A strategy's inputs read from the live object: what a refresh shows as the declaration, and
 * what declares a strategy exactly as the service holds it (adoption, import).
 */
import { canonicalRules, canonicalStrategyInput, stableStringify } from "../model/canonical";
import { defaultOf } from "../model/kinds";
import { storedToRules } from "../model/rule-mapping";
import {
  STRATEGY_FIELDS,
  STRATEGY_OUTPUT_FIELDS,
  type Strategy,
  type StrategyField,
  type StrategyInput,
  type StrategyPatch,
} from "../model/strategy";
import type { PropertyBag } from "./inputs";

const OUTPUT_FIELDS: readonly string[] = STRATEGY_OUTPUT_FIELDS;

/**
 * Inputs rebuilt from the live object so a change made in the app shows in the next preview.
 * Fields the API never returns (triggerConfigs, retryPolicy) and `adopt` are kept; an optional
 * input left out of the code stays out while the service holds its default.
 */
export function inputsFromLive(previous: PropertyBag, live: Strategy): PropertyBag {
  const inputs: PropertyBag = {};
  for (const [k, v] of Object.entries(previous)) if (!OUTPUT_FIELDS.includes(k)) inputs[k] = v;
  inputs.name = live.name;
  setUnlessDefault(inputs, previous, "description", live.description ?? null);
  inputs.triggers = [...new Set(live.triggers.filter((t) => t.enabled).map((t) => t.eventType))].sort();
  inputs.rules = canonicalRules(storedToRules(live));
  setUnlessDefault(inputs, previous, "strict", live.strict);
  setUnlessDefault(inputs, previous, "alertCooldownMins", live.alertCooldownMins);
  if (live.matching !== undefined && previous.matching !== undefined) inputs.matching = live.matching;
  return inputs;
}

/** A read with no state of ours: `pulumi import` of the plugin, or `Strategy.get`. */
export function declaresNothing(previous: PropertyBag): boolean {
  return STRATEGY_FIELDS.every((f) => previous[f] === undefined);
}

/**
 * The inputs that declare `live` exactly as the service holds it, with no earlier declaration to
 * follow: what adoption compares against, what `strategy-alerts import` writes, and what a read
 * with no prior state answers (so the preview right after an import shows no change). Defaults
 * are left out; the trigger configs the service returns are there (canonical, for the triggers
 * in use), `matching` when it is not the default.
 */
export function declaredFromLive(live: Strategy): PropertyBag {
  const inputs = inputsFromLive({}, live);
  const configs = (live as { triggerConfigs?: StrategyInput["triggerConfigs"] }).triggerConfigs;
  if (configs) {
    const used = Object.entries(configs).filter(([trigger]) => inputs.triggers.includes(trigger));
    const canonical = canonicalStrategyInput({
      triggers: inputs.triggers,
      triggerConfigs: Object.fromEntries(used),
    } as StrategyPatch).triggerConfigs;
    if (canonical) inputs.triggerConfigs = canonical;
  }
  const matching = live.matching;
  if (matching && (matching.enabled || matching.minPercent !== 0))
    inputs.matching = { enabled: matching.enabled, minPercent: matching.minPercent };
  return inputs;
}

/** An input left out of the code stays out while the service holds its default. */
function setUnlessDefault(inputs: PropertyBag, previous: PropertyBag, key: StrategyField, live: unknown) {
  const fallback = defaultOf("Strategy", key);
  if (previous[key] === undefined && stableStringify(live ?? null) === stableStringify(fallback))
    delete inputs[key];
  else inputs[key] = live;
}
