import * as pulumi from "@pulumi/pulumi";
import { providerShell } from "./provider-shell";

export interface StrategyActivationArgs {
  /** The strategies that must be active: a set (order and duplicates are not changes). */
  strategyIds: pulumi.Input<pulumi.Input<string>[]>;
  /**
   * false (default): active strategies outside the set that this resource never activated are
   * left alone. true: every other active strategy of the account is deactivated.
   */
  exclusive?: pulumi.Input<boolean>;
}

/**
 * The active set of a stack (use one per stack). Its preview fails, naming plan, limit and
 * counts, when the set plus the strategies active outside it exceed the plan's active limit;
 * its update deactivates before it activates, so moving activity at the limit works in one up.
 */
export class StrategyActivation extends pulumi.dynamic.Resource {
  declare readonly strategyIds: pulumi.Output<string[]>;
  declare readonly exclusive: pulumi.Output<boolean>;
  declare readonly activeStrategyIds: pulumi.Output<string[]>;

  constructor(name: string, args: StrategyActivationArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      providerShell("StrategyActivation"),
      name,
      { ...args, activeStrategyIds: undefined },
      opts,
      "strategy-alerts",
      "StrategyActivation",
    );
  }
}
