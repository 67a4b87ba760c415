// `npm run schema` writes this file from provider/model/kinds/strategy-activation.ts: edit that instead.
import type * as pulumi from "@pulumi/pulumi";
import { type KindResourceClass, kindResource } from "./kind-resource";

export interface StrategyActivationArgs {
  /** The strategies that must be active: a set (order and duplicates are not changes). */
  strategyIds: pulumi.Input<pulumi.Input<string>[]>;
  /**
   * false (default): active strategies outside the set that this resource never activated are left
   * alone. true: every other active strategy of the account is deactivated.
   */
  exclusive?: pulumi.Input<boolean>;
}

/**
 * The active set of a stack (use one per stack). Its preview fails, naming plan, limit and counts,
 * when the set plus the strategies active outside it exceed the plan's active limit; its update
 * deactivates before it activates, so moving activity at the limit works in one up.
 */
export interface StrategyActivation extends pulumi.CustomResource {
  /** The strategies that must be active: a set (order and duplicates are not changes). */
  readonly strategyIds: pulumi.Output<string[]>;
  /**
   * false (default): active strategies outside the set that this resource never activated are left
   * alone. true: every other active strategy of the account is deactivated.
   */
  readonly exclusive: pulumi.Output<boolean>;
  /** The strategies this resource keeps active, sorted. */
  readonly activeStrategyIds: pulumi.Output<string[]>;
  /**
   * The account (the service's user id) this resource belongs to; an operation with a key of
   * another account fails and changes nothing.
   */
  readonly accountId: pulumi.Output<string>;
}

/**
 * The active set of a stack (use one per stack). Its preview fails, naming plan, limit and counts,
 * when the set plus the strategies active outside it exceed the plan's active limit; its update
 * deactivates before it activates, so moving activity at the limit works in one up. Its id (for
 * `get` and import): any id; `active-strategies` by convention.
 */
export const StrategyActivation: KindResourceClass<
  "StrategyActivation",
  StrategyActivation,
  StrategyActivationArgs
> = kindResource("StrategyActivation");
