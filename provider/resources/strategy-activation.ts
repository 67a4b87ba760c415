import * as pulumi from "@pulumi/pulumi";
import { inputNames } from "../model/kinds";
import { hasTypeToken, TYPE_TOKENS } from "../model/type-tokens";
import { warnCheckedAtApply } from "./checked-at-apply";
import { shellInputs } from "./provider-shell";
import { readState } from "./read-state";
import { registeringWithoutStacks } from "./stackless-registration";

export interface StrategyActivationArgs {
  /** The strategies that must be active: a set (order and duplicates are not changes). */
  strategyIds: pulumi.Input<pulumi.Input<string>[]>;
  /**
   * false (default): active strategies outside the set that this resource never activated are left
   * alone. true: every other active strategy of the account is deactivated.
   */
  exclusive?: pulumi.Input<boolean>;
}

const INPUT_KEYS: readonly (keyof StrategyActivationArgs)[] = inputNames("StrategyActivation");

/**
 * The active set of a stack (use one per stack). Its preview fails, naming plan, limit and counts,
 * when the set plus the strategies active outside it exceed the plan's active limit; its update
 * deactivates before it activates, so moving activity at the limit works in one up.
 */
export class StrategyActivation extends pulumi.CustomResource {
  /** The type token the engine records for this resource. */
  static readonly __pulumiType = TYPE_TOKENS.StrategyActivation;

  /** True for a StrategyActivation of this package, even across duplicate copies of the package or SDK. */
  static override isInstance(obj: unknown): obj is StrategyActivation {
    return hasTypeToken(obj, TYPE_TOKENS.StrategyActivation);
  }

  /**
   * Reads the account's currently active strategies (any id: the set is read from the account) into the program without managing it: nothing is created, changed or deleted,
   * and `pulumi refresh` updates what it holds.
   */
  static get(
    name: string,
    id: pulumi.Input<string>,
    opts?: pulumi.CustomResourceOptions,
  ): StrategyActivation {
    return new StrategyActivation(
      name,
      readState<StrategyActivationArgs>(INPUT_KEYS),
      pulumi.mergeOptions(opts, { id }),
    );
  }

  /** The strategies that must be active: a set (order and duplicates are not changes). */
  declare readonly strategyIds: pulumi.Output<string[]>;
  /**
   * false (default): active strategies outside the set that this resource never activated are left
   * alone. true: every other active strategy of the account is deactivated.
   */
  declare readonly exclusive: pulumi.Output<boolean>;
  /** The strategies this resource keeps active, sorted. */
  declare readonly activeStrategyIds: pulumi.Output<string[]>;
  /**
   * The account (the service's user id) this resource belongs to; an operation with a key of
   * another account fails and changes nothing.
   */
  declare readonly accountId: pulumi.Output<string>;

  constructor(name: string, args: StrategyActivationArgs, opts?: pulumi.CustomResourceOptions) {
    const restore = registeringWithoutStacks();
    try {
      super(TYPE_TOKENS.StrategyActivation, name, shellInputs("StrategyActivation", args), opts);
    } finally {
      restore();
    }
    warnCheckedAtApply(this, "StrategyActivation", args, opts);
  }
}
