/**
 * A strategy's inputs read from the live object: what a refresh shows as the declaration, and
 * what declares a strategy exactly as the service holds it (adoption, import). Which field is
 * read how is its descriptor's `echo` (provider/model/kinds/strategy.ts): a new field that the
 * service answers as sent, or never answers, needs nothing here.
 */
import { canonicalRules, canonicalStrategyInput, stableStringify } from "../model/canonical";
import { echoedInputs, type KINDS, kindOf } from "../model/kinds";
import { storedToRules } from "../model/rule-mapping";
import {
  STRATEGY_OUTPUT_FIELDS,
  STRATEGY_RETIRED_OUTPUTS,
  type Strategy,
  type StrategyInput,
  type StrategyPatch,
} from "../model/strategy";
import type { PropertyBag } from "./inputs";

/** What a state holds beside the inputs: the outputs, and those an older version wrote. */
const OUTPUT_FIELDS: readonly string[] = [...STRATEGY_OUTPUT_FIELDS, ...STRATEGY_RETIRED_OUTPUTS];

/** The Strategy fields the service answers in its stored form, by the descriptor. */
type StoredField = {
  [K in keyof StrategyInputs]: StrategyInputs[K] extends { echo: "stored" } ? K : never;
}[keyof StrategyInputs];
type StrategyInputs = (typeof KINDS)["Strategy"]["inputs"];

/** How each stored field reads back as the declared one: a stored field without one does not compile. */
const FROM_STORED: Record<StoredField, (live: Strategy) => unknown> = {
  triggers: (live) => [...new Set(live.triggers.filter((t) => t.enabled).map((t) => t.eventType))].sort(),
  rules: (live) => canonicalRules(storedToRules(live)),
};

/**
 * The declared value the live object holds for `field`, for a field the service answers (`always`:
 * as sent, an absent nullable field as null; `stored`: mapped back), or undefined.
 */
export function liveValue(live: Strategy, field: string): unknown {
  const f = kindOf("Strategy").inputs[field];
  if (f?.echo === "stored") return FROM_STORED[field as StoredField]?.(live);
  if (f?.echo !== "always") return undefined;
  const held = (live as Record<string, unknown>)[field];
  return held === undefined && f.default === null ? null : held;
}

/**
 * Inputs rebuilt from the live object so a change made in the app shows in the next preview.
 * Fields the API never returns (`reads`, `never`: triggerConfigs, retryPolicy) and `adopt` are
 * kept; an optional input left out of the code stays out while the service holds its default; a
 * field only the listing holds (`listed`: matching) is read when both sides have it.
 */
export function inputsFromLive(previous: PropertyBag, live: Strategy): PropertyBag {
  const inputs: PropertyBag = {};
  for (const [k, v] of Object.entries(previous)) if (!OUTPUT_FIELDS.includes(k)) inputs[k] = v;
  for (const field of [...echoedInputs("Strategy", "always"), ...echoedInputs("Strategy", "stored")]) {
    if (kindOf("Strategy").inputs[field]?.required === true) inputs[field] = liveValue(live, field);
    else setUnlessDefault(inputs, previous, field, liveValue(live, field));
  }
  for (const field of echoedInputs("Strategy", "listed")) {
    const held = (live as Record<string, unknown>)[field];
    if (held !== undefined && previous[field] !== undefined) inputs[field] = held;
  }
  return inputs;
}

/** A read with no state of ours: `pulumi import` of the plugin, or `Strategy.get`. */
export function declaresNothing(previous: PropertyBag): boolean {
  return Object.keys(kindOf("Strategy").inputs).every((f) => f === "adopt" || previous[f] === undefined);
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
function setUnlessDefault(inputs: PropertyBag, previous: PropertyBag, key: string, live: unknown) {
  const fallback = kindOf("Strategy").inputs[key]?.default ?? null;
  if (previous[key] === undefined && stableStringify(live ?? null) === stableStringify(fallback))
    delete inputs[key];
  else inputs[key] = live;
}
