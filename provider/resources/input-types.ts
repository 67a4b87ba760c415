import type * as pulumi from "@pulumi/pulumi";

/**
 * Every level of a plain data type may be a Pulumi input: a trigger config can name
 * `dev.address` (an Output) and a rule's threshold can come from config. Distributes over
 * unions, so rule items stay a discriminated union on `rule`.
 */
export type DeepInput<T> = T extends string | number | boolean | null | undefined
  ? pulumi.Input<T>
  : T extends readonly (infer U)[]
    ? pulumi.Input<DeepInput<U>[]>
    : T extends object
      ? pulumi.Input<{ [K in keyof T]: DeepInput<T[K]> }>
      : pulumi.Input<T>;

/**
 * A rule item whose values may be inputs while `rule` stays a plain literal: only a literal
 * discriminant lets an editor reject a numeric field on a boolean rule.
 *
 * One homomorphic mapped type per variant, not an intersection with a key-remapped one: the
 * compiler checks every rule of every `new Strategy(…)` against this union while a TypeScript
 * program starts (Pulumi type-checks it), and with the intersection that check took half as long
 * again per call site (docs/benchmarks.md).
 */
export type RuleItemInput<R> = R extends { rule: unknown }
  ? { [P in keyof R]: P extends "rule" ? R[P] : DeepInput<R[P]> }
  : never;
