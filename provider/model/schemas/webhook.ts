import { z } from "zod";
import { TimestampSchema } from "./common";

/**
 * service-api.md#webhook. `url` is absent when never configured; `secret` only on the response that
 * generated or rotated it; `verificationError` only on PUT.
 */
export const WebhookConfigSchema = z.looseObject({
  enabled: z.boolean(),
  url: z.string().nullish(),
  verifiedAt: TimestampSchema.nullish(),
  hasSecret: z.boolean(),
  secret: z.string().optional(),
  verificationError: z.string().nullish(),
});
export type WebhookConfig = z.infer<typeof WebhookConfigSchema>;

/** `PUT /webhook` body: enabled is required; url null clears url, secret and verification. */
const WebhookPutBodySchema = z.object({
  enabled: z.boolean(),
  url: z.string().nullable().optional(),
});
export type WebhookPutBody = z.infer<typeof WebhookPutBodySchema>;
