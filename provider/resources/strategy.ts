import * as pulumi from "@pulumi/pulumi";
import { inputNames } from "../model/kinds";
import type {
  EventType,
  Matching,
  RetryPolicy,
  RuleGroup,
  RuleItem,
  StoredRule,
  TriggerConfigs,
} from "../model/plain-types";
import { hasTypeToken, TYPE_TOKENS } from "../model/type-tokens";
import { warnCheckedAtApply } from "./checked-at-apply";
import type { DeepInput, RuleItemInput } from "./input-types";
import { shellInputs } from "./provider-shell";
import { readState } from "./read-state";
import { registeringWithoutStacks } from "./stackless-registration";

export interface StrategyArgs {
  /** The strategy's name: plain text (no control or bidi characters), at most 100 characters. */
  name: pulumi.Input<string>;
  /**
   * A description: plain text (line feeds and tabs allowed), at most 500 characters; removing it
   * clears it.
   */
  description?: pulumi.Input<string | null>;
  /** Event types that trigger an evaluation (at most 6); order is not a change. */
  triggers: pulumi.Input<pulumi.Input<EventType>[]>;
  /**
   * Configuration of the triggers that take one (microblog tags, followed-developer scope), keyed
   * by event type; removing it clears it.
   */
  triggerConfigs?: DeepInput<TriggerConfigs>;
  /**
   * Rule items (at most 50): each rule once (min and max in one item; only `not_equals` items with
   * different values may repeat an enum rule); order is not a change. Any change sends the whole
   * set: a PATCH with rules replaces every saved rule.
   */
  rules: pulumi.Input<pulumi.Input<RuleItemInput<RuleItem>>[]>;
  /** Every rule must hold (default false). */
  strict?: pulumi.Input<boolean>;
  /** Minutes between two alerts for one token (0 to 1440, default 0). */
  alertCooldownMins?: pulumi.Input<number>;
  /** How a failed evaluation is retried. */
  retryPolicy?: DeepInput<RetryPolicy>;
  /** Alert when this share of the rules holds. */
  matching?: DeepInput<Matching>;
  /**
   * Take over this existing strategy (its id) instead of creating one: it is read, then updated to
   * the declared state; changing it later is not a change.
   */
  adopt?: pulumi.Input<string>;
}

const INPUT_KEYS: readonly (keyof StrategyArgs)[] = inputNames("Strategy");

/**
 * A strategy: triggers plus filtering rules. Created inactive and never activated here: a
 * StrategyActivation owns which strategies are active.
 */
export class Strategy extends pulumi.CustomResource {
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

  /** The strategy's name: plain text (no control or bidi characters), at most 100 characters. */
  declare readonly name: pulumi.Output<string>;
  /**
   * A description: plain text (line feeds and tabs allowed), at most 500 characters; removing it
   * clears it.
   */
  declare readonly description: pulumi.Output<string | null | undefined>;
  /** Event types that trigger an evaluation (at most 6); order is not a change. */
  declare readonly triggers: pulumi.Output<EventType[]>;
  /**
   * Configuration of the triggers that take one (microblog tags, followed-developer scope), keyed
   * by event type; removing it clears it.
   */
  declare readonly triggerConfigs: pulumi.Output<TriggerConfigs | undefined>;
  /**
   * Rule items (at most 50): each rule once (min and max in one item; only `not_equals` items with
   * different values may repeat an enum rule); order is not a change. Any change sends the whole
   * set: a PATCH with rules replaces every saved rule.
   */
  declare readonly rules: pulumi.Output<RuleItem[]>;
  /** Every rule must hold (default false). */
  declare readonly strict: pulumi.Output<boolean | undefined>;
  /** Minutes between two alerts for one token (0 to 1440, default 0). */
  declare readonly alertCooldownMins: pulumi.Output<number | undefined>;
  /** How a failed evaluation is retried. */
  declare readonly retryPolicy: pulumi.Output<RetryPolicy | undefined>;
  /** Alert when this share of the rules holds. */
  declare readonly matching: pulumi.Output<Matching | undefined>;
  /** The strategy's id (also the resource id). */
  declare readonly strategyId: pulumi.Output<string>;
  /** The owning user. */
  declare readonly userId: pulumi.Output<string>;
  /** The dealbreaker conditions as the service stores them, generated from `rules`. */
  declare readonly dealbreakers: pulumi.Output<StoredRule[]>;
  /** The rule groups as the service stores them, generated from `rules`. */
  declare readonly ruleGroups: pulumi.Output<RuleGroup[]>;
  /** Whether the strategy is active (a StrategyActivation decides). */
  declare readonly isActive: pulumi.Output<boolean>;
  /** When the strategy was created. */
  declare readonly createdAt: pulumi.Output<string>;
  /** When the strategy was last changed. */
  declare readonly updatedAt: pulumi.Output<string>;
  /**
   * The account (the service's user id) this resource belongs to; an operation with a key of
   * another account fails and changes nothing.
   */
  declare readonly accountId: pulumi.Output<string>;

  constructor(name: string, args: StrategyArgs, opts?: pulumi.CustomResourceOptions) {
    const restore = registeringWithoutStacks();
    try {
      super(TYPE_TOKENS.Strategy, name, shellInputs("Strategy", args), opts);
    } finally {
      restore();
    }
    warnCheckedAtApply(this, "Strategy", args, opts);
  }
}
