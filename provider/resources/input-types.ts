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
 */
export type RuleItemInput<R> = R extends { rule: infer K }
  ? { rule: K } & { [P in keyof R as P extends "rule" ? never : P]: DeepInput<R[P]> }
  : never;
