import { type KindOutput, outputNames, type ResourceKind } from "./kinds";

/**
 * The outputs of each kind beyond its inputs, read from the service (the kinds' descriptors).
 * The dynamic resources declare them (as inputs without a value, so that the engine tracks them)
 * and the plugin previews them as unknown until the operation runs. `accountId` is the account
 * (the service's user id) the resource belongs to: every operation on it checks the key in use
 * against it.
 */
export type ResourceOutput<K extends ResourceKind> = KindOutput<K>;

/** A kind's outputs, each without a value: what a dynamic resource passes beside its args. */
export function unsetOutputs<K extends ResourceKind>(kind: K): Record<ResourceOutput<K>, undefined> {
  return Object.fromEntries(outputNames(kind).map((field) => [field, undefined])) as Record<
    ResourceOutput<K>,
    undefined
  >;
}
