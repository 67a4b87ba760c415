import * as pulumi from "@pulumi/pulumi";
import { unsetOutputs } from "../model/resource-outputs";
import {
  type Matching,
  type RetryPolicy,
  type RuleGroup,
  type RuleItem,
  STRATEGY_FIELDS,
  type StoredRule,
  type TriggerConfigs,
} from "../model/strategy";
import type { EventType } from "../model/triggers";
import { hasTypeToken, RESOURCE_MODULE, TYPE_TOKENS } from "../model/type-tokens";
import { warnCheckedAtApply } from "./checked-at-apply";
import type { DeepInput, RuleItemInput } from "./input-types";
import { providerShell } from "./provider-shell";
import { readState } from "./read-state";

export interface StrategyArgs {
  name: pulumi.Input<string>;
  description?: pulumi.Input<string | null>;
  /** Event types that trigger an evaluation (service-api.md#triggers); order is not a change. */
  triggers: pulumi.Input<pulumi.Input<EventType>[]>;
  triggerConfigs?: DeepInput<TriggerConfigs>;
  /**
   * Rule items exactly as in service-api.md#rule-items; order is not a change. Any change sends the whole
   * set.
   */
  rules: pulumi.Input<pulumi.Input<RuleItemInput<RuleItem>>[]>;
  strict?: pulumi.Input<boolean>;
  alertCooldownMins?: pulumi.Input<number>;
  retryPolicy?: DeepInput<RetryPolicy>;
  matching?: DeepInput<Matching>;
  /**
   * Take over this existing strategy (its id) instead of creating one: it is read, then updated
   * to the declared state. `pulumi import` does not work for dynamic providers; this does.
   * Changing it later is not a change.
   */
  adopt?: pulumi.Input<string>;
}

const INPUT_KEYS = [...STRATEGY_FIELDS, "adopt"] as const satisfies readonly (keyof StrategyArgs)[];

/**
 * A strategy: triggers plus filtering rules. Created inactive and never activated here — a
 * StrategyActivation owns which strategies are active.
 */
export class Strategy extends pulumi.dynamic.Resource {
  /** The type token the engine records for this resource. */
  static readonly __pulumiType = TYPE_TOKENS.Strategy;

  /** True for a Strategy of this package, even across duplicate copies of the package or SDK. */
  static override isInstance(obj: unknown): obj is Strategy {
    return hasTypeToken(obj, TYPE_TOKENS.Strategy);
  }

  /**
   * Reads a strategy by its id into the program without managing it: nothing is created, changed or deleted,
   * and `pulumi refresh` updates what it holds.
   */
  static get(name: string, id: pulumi.Input<string>, opts?: pulumi.CustomResourceOptions): Strategy {
    return new Strategy(name, readState<StrategyArgs>(INPUT_KEYS), pulumi.mergeOptions(opts, { id }));
  }

  declare readonly name: pulumi.Output<string>;
  declare readonly description: pulumi.Output<string | null | undefined>;
  declare readonly triggers: pulumi.Output<EventType[]>;
  declare readonly triggerConfigs: pulumi.Output<TriggerConfigs | undefined>;
  declare readonly rules: pulumi.Output<RuleItem[]>;
  declare readonly strict: pulumi.Output<boolean | undefined>;
  declare readonly alertCooldownMins: pulumi.Output<number | undefined>;
  declare readonly retryPolicy: pulumi.Output<RetryPolicy | undefined>;
  declare readonly matching: pulumi.Output<Matching | undefined>;
  declare readonly strategyId: pulumi.Output<string>;
  declare readonly userId: pulumi.Output<string>;
  declare readonly dealbreakers: pulumi.Output<StoredRule[]>;
  declare readonly ruleGroups: pulumi.Output<RuleGroup[]>;
  declare readonly isActive: pulumi.Output<boolean>;
  declare readonly createdAt: pulumi.Output<string>;
  declare readonly updatedAt: pulumi.Output<string>;
  /** The account (the service's user id) this resource belongs to; a key of another account is refused. */
  declare readonly accountId: pulumi.Output<string>;

  constructor(name: string, args: StrategyArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      providerShell("Strategy"),
      name,
      {
        ...args,
        ...unsetOutputs("Strategy"),
      },
      opts,
      RESOURCE_MODULE,
      "Strategy",
    );
    warnCheckedAtApply(this, "Strategy", args, opts);
  }
}
