import {
  ACCOUNT_ID_OUTPUT,
  type Bounds,
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
 * The schemas of the named types, loaded when a schema is built (the plugin's): a program's
 * resources read these descriptors too, and would otherwise load zod and build every schema of a
 * strategy. Named one by one: knip sees which exports a destructured `require` uses, not a
 * property read off it. Not from `../strategy`, which reads this descriptor.
 */
function schemas() {
  const { EventTypeSchema, TriggerConfigsSchema }: typeof import("../triggers") = require("../triggers");
  const { MatchingSchema, RetryPolicySchema }: typeof import("../strategy-settings") =
    require("../strategy-settings");
  return { EventTypeSchema, MatchingSchema, RetryPolicySchema, TriggerConfigsSchema };
}

/**
 * The bounds of the fields that have them, each written once (a string's and a list's is its
 * length): the field's zod schema (provider/model/strategy.ts builds it from this descriptor),
 * its type words and its description read it. The spec states the cooldown's; the rest it leaves
 * "not shown" (docs/spec-decisions.md, "Strategy limits").
 */
const BOUNDS = {
  name: { max: 100 },
  description: { max: 500 },
  triggers: { max: 6 },
  rules: { max: 50 },
  alertCooldownMins: { min: 0, max: 1440 },
} as const satisfies Record<string, Bounds>;

/** The fields of a strategy body a program declares (all but `isActive`, which StrategyActivation owns). */
const fields = {
  name: {
    description: `The strategy's name: plain text (no control or bidi characters), at most ${BOUNDS.name.max} characters.`,
    type: "string",
    bounds: BOUNDS.name,
    required: true,
    checked: true,
    echo: "always",
    review: { label: "Name", words: "text", summary: false },
  },
  description: {
    description: `A description: plain text (line feeds and tabs allowed), at most ${BOUNDS.description.max} characters; removing it clears it.`,
    type: "string",
    bounds: BOUNDS.description,
    default: null,
    checked: true,
    echo: "always",
    review: { label: "Description", words: "text" },
  },
  triggers: {
    description: `Event types that trigger an evaluation (at most ${BOUNDS.triggers.max}); order is not a change.`,
    type: { zod: () => schemas().EventTypeSchema, name: "EventType", list: true },
    typeWords: "eventType[]",
    bounds: BOUNDS.triggers,
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
    description: `Rule items (at most ${BOUNDS.rules.max}): each rule once (min and max in one item; only \`not_equals\` items with different values may repeat an enum rule); order is not a change. Any change sends the whole set: a PATCH with rules replaces every saved rule.`,
    type: "ruleItems",
    bounds: BOUNDS.rules,
    required: true,
    set: "rules",
    checked: true,
    echo: "stored",
    review: { label: "Rules", words: "rules" },
  },
  strict: {
    description: "Every rule must hold (default false).",
    type: "boolean",
    default: false,
    checked: true,
    echo: "always",
    review: { label: "Strict mode", words: "switch" },
  },
  alertCooldownMins: {
    description: `Minutes between two alerts for one token (${BOUNDS.alertCooldownMins.min} to ${BOUNDS.alertCooldownMins.max}, default 0).`,
    type: "integer",
    bounds: BOUNDS.alertCooldownMins,
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
} as const satisfies Record<string, StrategyInputField>;

const inputs = {
  ...fields,
  adopt: {
    description:
      "Take over this existing strategy (its id) instead of creating one: it is read, then updated to the declared state; changing it later is not a change.",
    type: "string",
    typeWords: "strategy id",
    checked: true,
    notCompared: true,
  },
} as const satisfies Record<string, InputField>;

const outputs = {
  strategyId: {
    description: "The strategy's id (also the resource id).",
    type: "string",
    stable: true,
    alwaysOutput: true,
  },
  userId: {
    description: "The owning user.",
    type: "string",
    stable: true,
    alwaysOutput: true,
  },
  isActive: {
    description: "Whether the strategy is active (a StrategyActivation decides).",
    type: "boolean",
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
} as const satisfies Record<string, OutputField>;

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
