// `npm run schema` writes this file from provider/model/kinds/strategy.ts: edit that instead.
import type * as pulumi from "@pulumi/pulumi";
import type { EventType, Matching, RetryPolicy, RuleItem, TriggerConfigs } from "../model/plain-types";
import type { DeepInput, RuleItemInput } from "./input-types";
import { type KindResourceClass, kindResource } from "./kind-resource";

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

/**
 * A strategy: triggers plus filtering rules. Created inactive and never activated here: a
 * StrategyActivation owns which strategies are active.
 */
export interface Strategy extends pulumi.CustomResource {
  /** The strategy's name: plain text (no control or bidi characters), at most 100 characters. */
  readonly name: pulumi.Output<string>;
  /**
   * A description: plain text (line feeds and tabs allowed), at most 500 characters; removing it
   * clears it.
   */
  readonly description: pulumi.Output<string | null | undefined>;
  /** Event types that trigger an evaluation (at most 6); order is not a change. */
  readonly triggers: pulumi.Output<EventType[]>;
  /**
   * Configuration of the triggers that take one (microblog tags, followed-developer scope), keyed
   * by event type; removing it clears it.
   */
  readonly triggerConfigs: pulumi.Output<TriggerConfigs | undefined>;
  /**
   * Rule items (at most 50): each rule once (min and max in one item; only `not_equals` items with
   * different values may repeat an enum rule); order is not a change. Any change sends the whole
   * set: a PATCH with rules replaces every saved rule.
   */
  readonly rules: pulumi.Output<RuleItem[]>;
  /** Every rule must hold (default false). */
  readonly strict: pulumi.Output<boolean | undefined>;
  /** Minutes between two alerts for one token (0 to 1440, default 0). */
  readonly alertCooldownMins: pulumi.Output<number | undefined>;
  /** How a failed evaluation is retried. */
  readonly retryPolicy: pulumi.Output<RetryPolicy | undefined>;
  /** Alert when this share of the rules holds. */
  readonly matching: pulumi.Output<Matching | undefined>;
  /** The strategy's id (also the resource id). */
  readonly strategyId: pulumi.Output<string>;
  /** The owning user. */
  readonly userId: pulumi.Output<string>;
  /** Whether the strategy is active (a StrategyActivation decides). */
  readonly isActive: pulumi.Output<boolean>;
  /** When the strategy was created. */
  readonly createdAt: pulumi.Output<string>;
  /** When the strategy was last changed. */
  readonly updatedAt: pulumi.Output<string>;
  /**
   * The account (the service's user id) this resource belongs to; an operation with a key of
   * another account fails and changes nothing.
   */
  readonly accountId: pulumi.Output<string>;
}

/**
 * A strategy: triggers plus filtering rules. Created inactive and never activated here: a
 * StrategyActivation owns which strategies are active. Its id (for `get` and import): the strategy
 * id.
 */
export const Strategy: KindResourceClass<"Strategy", Strategy, StrategyArgs> = kindResource("Strategy");
