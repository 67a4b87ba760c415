/**
 * Which of a stack's strategies its StrategyActivation makes active. During preview the ids of
 * strategies being created are unknown, so a strategy counts as activated when the activation's
 * `strategyIds` was computed from it, or when its id is listed.
 */
import { dependencyUrns, isKnown, type OurResource, ourResources, type StackResource } from "./stack-view";

export interface ActiveSet {
  /** The stack's Strategy resources that are in an active set. */
  strategies: OurResource[];
  /** Entries of the active sets, distinct where known: what the plan's limit counts. */
  size: number;
}

export function activeSet(resources: readonly StackResource[]): ActiveSet {
  const strategies = ourResources(resources, "Strategy");
  const activations = ourResources(resources, "StrategyActivation");
  const active = new Map<string, OurResource>();
  const knownIds = new Set<string>();
  let unknownEntries = 0;
  for (const activation of activations) {
    const linked = dependencyUrns(activation.source, "strategyIds", "Strategy");
    const ids = activation.props.strategyIds;
    // A list computed as a whole is unknown entirely during preview: count what it came from.
    if (!isKnown(ids)) unknownEntries += linked.size;
    const entries: unknown[] = Array.isArray(ids) ? ids : [];
    for (const id of entries) {
      if (isKnown(id) && typeof id === "string") knownIds.add(id);
      else unknownEntries++;
    }
    for (const strategy of strategies) {
      if (linked.has(strategy.urn) || knownIds.has(idOf(strategy))) active.set(strategy.urn, strategy);
    }
  }
  return { strategies: [...active.values()], size: knownIds.size + unknownEntries };
}

/** A strategy's id once it exists (`strategyId` output, equal to its resource id). */
function idOf(strategy: OurResource): string {
  const id = strategy.props.strategyId;
  return isKnown(id) && typeof id === "string" ? id : "";
}
