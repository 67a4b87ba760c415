/**
 * Trigger event types and their configurations (service-api.md#triggers), plus the cross-field rules that
 * tie triggerConfigs to the triggers a strategy uses. The cross-field rules live here so the
 * zod schemas and the message-producing validator apply the very same decisions.
 */
import { z } from "zod";
import type { ValidationIssue } from "./validation-issue";

export const EVENT_TYPES = [
  "new_token_created",
  "followed_dev_new_token_created",
  "microblog_mention_direct",
  "post_metadata_match",
  "token_almost_graduated",
  "token_graduated",
] as const;

export const EventTypeSchema = z.enum(EVENT_TYPES);
export type EventType = z.infer<typeof EventTypeSchema>;

/** Triggers whose config must name a microblog tag (or the literal all) when used. */
export const TAG_TRIGGERS = ["microblog_mention_direct", "post_metadata_match"] as const;
/** The only event types that accept a configuration. */
export const CONFIGURABLE_TRIGGERS = [...TAG_TRIGGERS, "followed_dev_new_token_created"] as const;
export const FOLLOWED_DEV_SCOPES = ["all", "tag", "wallet"] as const;

// Tag ids are UUID strings (service-api.md#triggers); z.guid accepts any 8-4-4-4-12 hex form, as the
// service does.
const TagIdSchema = z.guid();
const MicroblogTagConfigSchema = z.strictObject({ tagId: z.union([z.literal("all"), TagIdSchema]) });

const FollowedDevConfigSchema = z.union([
  z.strictObject({ scope: z.literal("all").optional() }),
  z.strictObject({ scope: z.literal("tag"), tagId: TagIdSchema }),
  z.strictObject({
    scope: z.literal("wallet"),
    developerAddress: z.string().refine((a) => a.trim().length > 0),
  }),
]);

export const TriggerConfigsSchema = z.strictObject({
  microblog_mention_direct: MicroblogTagConfigSchema.optional(),
  post_metadata_match: MicroblogTagConfigSchema.optional(),
  followed_dev_new_token_created: FollowedDevConfigSchema.optional(),
});
export type TriggerConfigs = z.infer<typeof TriggerConfigsSchema>;

/**
 * Problems between the triggers used and the configs given. `triggers` is undefined when it
 * is not known (a patch that leaves triggers unchanged): then nothing can be cross-checked.
 * Decision: a config for a trigger the strategy does not use is rejected, because it would
 * silently do nothing (usually a typo or a trigger removed without its config).
 */
export function triggerConfigCrossIssues(
  triggers: readonly string[] | undefined,
  configs: Readonly<Record<string, unknown>> | undefined,
): ValidationIssue[] {
  if (triggers === undefined) return [];
  const issues: ValidationIssue[] = [];
  const used = new Set(triggers);
  for (const key of Object.keys(configs ?? {})) {
    if (configs?.[key] === undefined) continue;
    if ((CONFIGURABLE_TRIGGERS as readonly string[]).includes(key) && !used.has(key)) {
      const path = `triggerConfigs.${key}`;
      issues.push({ path, message: `${path} is set but ${key} is not in triggers` });
    }
  }
  for (const trigger of TAG_TRIGGERS) {
    if (!used.has(trigger)) continue;
    const config = configs?.[trigger];
    const hasTag = typeof config === "object" && config !== null && Object.hasOwn(config, "tagId");
    if (!hasTag || (config as { tagId?: unknown }).tagId === undefined) {
      const path = `triggerConfigs.${trigger}.tagId`;
      issues.push({ path, message: `${path} is required when the ${trigger} trigger is used` });
    }
  }
  return issues;
}
