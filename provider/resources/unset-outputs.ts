import { type KindOutput, outputNames, type ResourceKind } from "../model/kinds";

/**
 * A kind's outputs (beyond its inputs), each without a value: what a dynamic resource passes
 * beside its args, so that the engine tracks them.
 */
export function unsetOutputs<K extends ResourceKind>(kind: K): Record<KindOutput<K>, undefined> {
  return Object.fromEntries(outputNames(kind).map((field) => [field, undefined])) as Record<
    KindOutput<K>,
    undefined
  >;
}
