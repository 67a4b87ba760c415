import type { StrategyField, StrategyOutputField } from "../strategy";
import { STRATEGY_LIMITS as L } from "../strategy-limits";
import {
  ACCOUNT_ID_OUTPUT,
  type Echo,
  type InputField,
  type OutputField,
  type ReviewWording,
  tokensOf,
} from "./kind-descriptor";

/**
 * A field of a strategy body: beside what every input says, how the service gives it back and
 * how a review words it, which refresh, adoption, import and the review read from here.
 */
type StrategyInputField = InputField & { readonly echo: Echo; readonly review: ReviewWording };

/**
 * The schemas, loaded when a schema is built (the plugin's): a program's resources read these
 * descriptors too, and would otherwise load zod and build every schema of a strategy. Named one
 * by one: knip sees which exports a destructured `require` uses, not a property read off it.
 */
function schemas() {
  const {
    EventTypeSchema,
    MatchingSchema,
    RetryPolicySchema,
    TriggerConfigsSchema,
  }: typeof import("../strategy") = require("../strategy");
  return { EventTypeSchema, MatchingSchema, RetryPolicySchema, TriggerConfigsSchema };
}

const inputs = {
  name: {
    description: `The strategy's name: plain text (no control or bidi characters), at most ${L.nameMaxLength} characters.`,
    type: "string",
    typeWords: "string",
    required: true,
    checked: true,
    echo: "always",
    review: { label: "Name", words: "text", summary: false },
  },
  description: {
    description: `A description: plain text (line feeds and tabs allowed), at most ${L.descriptionMaxLength} characters; removing it clears it.`,
    type: "string",
    typeWords: "string or null",
    default: null,
    checked: true,
    echo: "always",
    review: { label: "Description", words: "text" },
  },
  triggers: {
    description: `Event types that trigger an evaluation (at most ${L.maxTriggers}); order is not a change.`,
    type: { zod: () => schemas().EventTypeSchema, name: "EventType", list: true },
    typeWords: "eventType[]",
    required: true,
    set: "strings",
    checked: true,
    echo: "stored",
    review: { label: "Triggers", words: "triggers" },
  },
  triggerConfigs: {
    description:
      "Configuration of the triggers that take one (microblog tags, followed-developer scope), keyed by event type; removing it clears it.",
    type: { zod: () => schemas().TriggerConfigsSchema, name: "TriggerConfigs" },
    typeWords: "object keyed by eventType",
    default: null,
    declared: { nullable: false },
    checked: true,
    echo: "reads",
    review: { label: "Trigger config", words: "triggerConfigs" },
  },
  rules: {
    description: `Rule items (at most ${L.maxRules}): each rule once (min and max in one item; only \`not_equals\` items with different values may repeat an enum rule); order is not a change. Any change sends the whole set: a PATCH with rules replaces every saved rule.`,
    type: "ruleItems",
    typeWords: "rule items (a union on `rule`)",
    required: true,
    set: "rules",
    checked: true,
    echo: "stored",
    review: { label: "Rules", words: "rules" },
  },
  strict: {
    description: "Every rule must hold (default false).",
    type: "boolean",
    typeWords: "boolean",
    default: false,
    checked: true,
    echo: "always",
    review: { label: "Strict mode", words: "switch" },
  },
  alertCooldownMins: {
    description: `Minutes between two alerts for one token (${L.alertCooldownMinsMin} to ${L.alertCooldownMinsMax}, default 0).`,
    type: "integer",
    typeWords: `integer ${L.alertCooldownMinsMin}–${L.alertCooldownMinsMax}`,
    default: 0,
    checked: true,
    echo: "always",
    review: { label: "Alert cooldown", words: "minutes" },
  },
  retryPolicy: {
    description: "How a failed evaluation is retried.",
    type: { zod: () => schemas().RetryPolicySchema, name: "RetryPolicy" },
    typeWords: "`{type, maxAttempts, delayMinutes}`",
    checked: true,
    echo: "never",
    review: { label: "Retry policy", words: "value" },
  },
  matching: {
    description: "Alert when this share of the rules holds.",
    type: { zod: () => schemas().MatchingSchema, name: "Matching" },
    typeWords: "`{enabled, minPercent}`",
    checked: true,
    echo: "listed",
    review: { label: "Matching", words: "matching" },
  },
  adopt: {
    description:
      "Take over this existing strategy (its id) instead of creating one: it is read, then updated to the declared state; changing it later is not a change.",
    type: "string",
    typeWords: "strategy id",
    checked: true,
    notCompared: true,
  },
} as const satisfies Record<StrategyField, StrategyInputField> & { adopt: InputField };

const outputs = {
  strategyId: {
    description: "The strategy's id (also the resource id).",
    type: "string",
    typeWords: "string",
    stable: true,
    alwaysOutput: true,
  },
  userId: {
    description: "The owning user.",
    type: "string",
    typeWords: "string",
    stable: true,
    alwaysOutput: true,
  },
  isActive: {
    description: "Whether the strategy is active (a StrategyActivation decides).",
    type: "boolean",
    typeWords: "boolean",
    alwaysOutput: true,
  },
  createdAt: {
    description: "When the strategy was created.",
    type: "string",
    typeWords: "ISO 8601",
    stable: true,
    alwaysOutput: true,
  },
  updatedAt: {
    description: "When the strategy was last changed.",
    type: "string",
    typeWords: "ISO 8601",
    alwaysOutput: true,
  },
  accountId: ACCOUNT_ID_OUTPUT,
} as const satisfies Record<StrategyOutputField | "accountId", OutputField>;

export const STRATEGY_KIND = {
  ...tokensOf("Strategy"),
  description:
    "A strategy: triggers plus filtering rules. Created inactive and never activated here: a StrategyActivation owns which strategies are active.",
  heading: "Strategies",
  inputs,
  outputs,
  importId: { field: "strategyId", words: "the strategy id" },
  legacyAccountOutput: "userId",
} as const;
