// `npm run schema` writes this file from provider/model/kinds/strategy-activation.ts: edit that instead.
import type * as pulumi from "@pulumi/pulumi";
import { type KindResourceClass, kindResource } from "./kind-resource";

export interface StrategyActivationArgs {
  /** The strategies that must be active: a set (order and duplicates are not changes). */
  strategyIds: pulumi.Input<pulumi.Input<string>[]>;
  /**
   * false (default): active strategies outside the set are left alone, and a strategy leaving the
   * set is deactivated only if this resource activated it. true: every other active strategy of the
   * account is deactivated, including strategies that other stacks, the app or people activated.
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
   * false (default): active strategies outside the set are left alone, and a strategy leaving the
   * set is deactivated only if this resource activated it. true: every other active strategy of the
   * account is deactivated, including strategies that other stacks, the app or people activated.
   */
  readonly exclusive: pulumi.Output<boolean>;
  /** The strategies this resource keeps active, sorted. */
  readonly activeStrategyIds: pulumi.Output<string[]>;
  /**
   * The strategies of the set that this resource turned active itself (found inactive and
   * activated), sorted: only these are deactivated when they leave the set or the resource is
   * deleted. A strategy it found active (another stack's, the app's) stays active then, unless
   * exclusive is true.
   */
  readonly activatedIds: pulumi.Output<string[]>;
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
