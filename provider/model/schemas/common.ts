import { z } from "zod";

/**
 * Error body of the service (service-api.md#errors). `message` is a string in the spec; frameworks
 * that validate with class-validator send an array of messages, so both are accepted.
 */
const ErrorBodySchema = z.looseObject({
  statusCode: z.number().optional(),
  message: z.union([z.string(), z.array(z.string())]).optional(),
  error: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** Timestamps are ISO 8601 strings; they are kept as strings so nothing is lost in a round trip. */
export const TimestampSchema = z.string();

/** `{success: boolean}` — DELETE confirmations and similar. */
export const SuccessResponseSchema = z.looseObject({ success: z.boolean() });
export type SuccessResponse = z.infer<typeof SuccessResponseSchema>;

export const SortDirSchema = z.enum(["asc", "desc"]);
