/**
 * The settings objects of a strategy body (service-api.md#strategy-input): how a failed
 * evaluation is retried and the share of rules that makes a match. Apart from `./strategy`, which
 * builds its schemas from the Strategy descriptor, so that the descriptor can name these types
 * without a cycle.
 */
import { z } from "zod";

// Allowed type values beyond QUICK_RETRY are not shown (service-api.md#strategy-input): any non-empty name
// passes.
export const RetryPolicySchema = z.strictObject({
  type: z.string().min(1),
  maxAttempts: z.number().int().nonnegative(),
  delayMinutes: z.number().nonnegative(),
});
export type RetryPolicy = z.infer<typeof RetryPolicySchema>;

export const MatchingSchema = z.strictObject({
  enabled: z.boolean(),
  minPercent: z.number().min(0).max(100),
});
export type Matching = z.infer<typeof MatchingSchema>;
