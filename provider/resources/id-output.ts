/**
 * The output that holds a resource's own id (a Strategy's `strategyId`), read from the resource
 * id. A dynamic provider answers no preview of an update, so the engine gives the update's new
 * inputs as its outputs: every output the provider computes is unknown in that preview, and a
 * StrategyActivation listing `strategy.strategyId` previewed `strategyIds [0] => [unknown]` on
 * every rules change of the strategy. The engine keeps the resource id of an update in place
 * known and leaves it unknown for a create or a replacement, which is exactly when the object's
 * id is new; the provider's output holds the same id once the operation ran.
 */
import type * as pulumi from "@pulumi/pulumi";
import { kindOf, outputNames, type ResourceKind } from "../model/kinds";

/** The kind's output that is its resource id (`importId` names an output field), if any. */
export function idOutput(kind: ResourceKind): string | undefined {
  const id = kindOf(kind).importId;
  return "field" in id && (outputNames(kind) as string[]).includes(id.field) ? id.field : undefined;
}

/** Replaces the resource's id output (as the SDK made it from the engine's outputs) by its id. */
export function readIdOutputFromId(resource: pulumi.CustomResource, kind: ResourceKind): void {
  const field = idOutput(kind);
  if (field !== undefined) Object.assign(resource, { [field]: resource.id });
}
