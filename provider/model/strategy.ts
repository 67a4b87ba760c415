/**
 * The Strategy resource: what a client submits (service-api.md#strategy-input, create and patch) and
 * what the service returns (service-api.md#strategy-fields). Input schemas are strict because the
 * service rejects what it does not know; response schemas are loose so a field added by the
 * service never breaks a client.
 */
import { z } from "zod";
import { fieldSchema } from "./field-schema";
import { STRATEGY_KIND } from "./kinds/strategy";
import { type RuleItem, RuleItemSchema } from "./rule-items";
import { MatchingSchema, RetryPolicySchema } from "./strategy-settings";
import {
  EventTypeSchema,
  type TriggerConfigs,
  TriggerConfigsSchema,
  triggerConfigCrossIssues,
} from "./triggers";

export type { Matching, RetryPolicy } from "./strategy-settings";
export type { TriggerConfigs } from "./triggers";
export { EVENT_TYPES } from "./triggers";
export { type RuleItem, RuleItemSchema };

const { accountId: _fromTheKey, ...liveOutputs } = STRATEGY_KIND.outputs;
/**
 * What a Strategy resource outputs beside its declared fields, read from the live strategy: the
 * facts the declared fields do not already say (its rules are held once, as declared). The
 * descriptor's outputs but `accountId`, which is the key's account, not the strategy's.
 */
export type StrategyOutputField = keyof typeof liveOutputs;
export const STRATEGY_OUTPUT_FIELDS = Object.keys(liveOutputs) as readonly StrategyOutputField[];

/**
 * Outputs a Strategy's state held up to 0.2.x (the service's record of the declared rules): read
 * in an older state, never taken for an input, never written again.
 */
export const STRATEGY_RETIRED_OUTPUTS = ["dealbreakers", "ruleGroups"] as const;

// The descriptor states each field's type, bounds and whether it may be left out or null; a
// scalar's schema is built from that (field-schema.ts), a list's bound read from it.
const declared = STRATEGY_KIND.inputs;

const NameSchema = fieldSchema(declared.name).refine((s) => s.trim().length > 0, "must not be empty");

const TriggersSchema = z
  .array(EventTypeSchema)
  .max(declared.triggers.bounds.max)
  .refine((t) => new Set(t).size === t.length, "triggers must not repeat an eventType");

const RulesSchema = z.array(RuleItemSchema).max(declared.rules.bounds.max);

/**
 * Each field of a strategy body the service accepts, in its order: the descriptor's fields (but
 * `adopt`, which the provider keeps) and `isActive`; one missing or more does not compile.
 */
const fields = {
  name: NameSchema,
  description: fieldSchema(declared.description),
  triggers: TriggersSchema,
  // null reads as "no configuration" (a PATCH clears the configs with it).
  triggerConfigs: TriggerConfigsSchema.nullable().optional(),
  rules: RulesSchema,
  isActive: z.boolean(),
  strict: fieldSchema(declared.strict),
  alertCooldownMins: fieldSchema(declared.alertCooldownMins),
  retryPolicy: RetryPolicySchema.optional(),
  matching: MatchingSchema.optional(),
} satisfies Record<Exclude<keyof typeof declared, "adopt"> | "isActive", z.ZodType>;

/** Every field of a strategy body the service accepts (service-api.md#strategy-input), in its order. */
export const STRATEGY_BODY_FIELDS = Object.keys(fields) as readonly (keyof typeof fields)[];

/** Each body field's schema, as a PATCH takes it: the one statement of its rules (validate-strategy.ts words them). */
export const STRATEGY_FIELD_SCHEMAS: Readonly<Record<keyof typeof fields, z.ZodType>> = fields;

const { isActive: _ownedByActivation, ...declaredFields } = fields;
/**
 * The strategy fields a program declares and the provider sends: the body's fields without
 * `isActive`, which StrategyActivation owns.
 */
export type StrategyField = keyof typeof declaredFields;
export const STRATEGY_FIELDS = Object.keys(declaredFields) as readonly StrategyField[];

function addTriggerConfigIssues(
  value: { triggers?: readonly string[] | undefined; triggerConfigs?: TriggerConfigs | null | undefined },
  ctx: z.RefinementCtx,
): void {
  for (const issue of triggerConfigCrossIssues(value.triggers, value.triggerConfigs ?? undefined)) {
    ctx.addIssue({ code: "custom", message: issue.message, path: issue.path.split(".") });
  }
}

export const StrategyInputSchema = z
  .strictObject({
    ...fields,
    triggers: TriggersSchema.min(1),
    rules: RulesSchema.min(1),
  })
  .superRefine(addTriggerConfigIssues);
export type StrategyInput = z.infer<typeof StrategyInputSchema>;

/**
 * PATCH body: any subset of the create fields; rules [] clears the rules
 * (service-api.md#strategy-endpoints).
 */
export const StrategyPatchSchema = z
  .strictObject({
    ...fields,
    name: NameSchema.optional(),
    triggers: TriggersSchema.optional(),
    rules: RulesSchema.optional(),
    isActive: z.boolean().optional(),
  })
  .superRefine(addTriggerConfigIssues);
export type StrategyPatch = z.infer<typeof StrategyPatchSchema>;

// ---- response shapes -------------------------------------------------------------------

/**
 * One generated condition. Object rules (config / clusterConfig) are stored with operator
 * "matches" and the config as JSON text (docs/spec-decisions.md); the record is still
 * admitted because older versions stored the object itself.
 */
const StoredRuleSchema = z.looseObject({
  id: z.string(),
  ruleType: z.string(),
  operator: z.string(),
  value: z.union([z.boolean(), z.number(), z.string(), z.record(z.string(), z.unknown())]),
  enabled: z.boolean(),
});
export type StoredRule = z.infer<typeof StoredRuleSchema>;

const RuleGroupSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  logic: z.string(),
  rules: z.array(StoredRuleSchema),
});
export type RuleGroup = z.infer<typeof RuleGroupSchema>;

// eventType stays a plain string: a trigger type added by the service must not break reads.
const StrategyTriggerSchema = z.looseObject({
  id: z.string(),
  eventType: z.string(),
  enabled: z.boolean(),
});
export type StrategyTrigger = z.infer<typeof StrategyTriggerSchema>;

const ResponseMatchingSchema = z.looseObject({ enabled: z.boolean(), minPercent: z.number() });

export const StrategySchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable().optional(),
  userId: z.string(),
  triggers: z.array(StrategyTriggerSchema),
  dealbreakers: z.array(StoredRuleSchema),
  ruleGroups: z.array(RuleGroupSchema),
  strict: z.boolean(),
  alertCooldownMins: z.number(),
  isActive: z.boolean(),
  // Absent in the single-read response (service-api.md#strategy-fields).
  isGlobal: z.boolean().optional(),
  // Present in list responses only.
  matching: ResponseMatchingSchema.optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Strategy = z.infer<typeof StrategySchema>;
