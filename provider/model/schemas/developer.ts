import { z } from "zod";
import { TimestampSchema } from "./common";

/**
 * A followed developer in `GET /devs/my` developers[]. The spec does not show the record; we
 * assume these fields (docs/spec-decisions.md, "Client behaviour"). Only `address` is required
 * so a richer or thinner real record still validates.
 */
export const DeveloperRecordSchema = z.looseObject({
  address: z.string(),
  alias: z.string().nullish(),
  isActive: z.boolean().optional(),
  addedAt: TimestampSchema.optional(),
  tagIds: z.array(z.string()).optional(),
});
export type DeveloperRecord = z.infer<typeof DeveloperRecordSchema>;

/** service-api.md#followed-developers list envelope. */
export const DeveloperPageSchema = z.looseObject({
  developers: z.array(DeveloperRecordSchema),
  total: z.number(),
  page: z.number(),
  totalPages: z.number(),
  activeCount: z.number(),
});
export type DeveloperPage = z.infer<typeof DeveloperPageSchema>;

/** `GET /devs/my` query. */
const DevListQuerySchema = z.object({
  page: z.number().int().positive().optional(),
  /** Default 20. */
  limit: z.number().int().positive().optional(),
  isActive: z.boolean().optional(),
});
export type DevListQuery = z.infer<typeof DevListQuerySchema>;

export const DevTagSchema = z.looseObject({ id: z.string(), name: z.string() });
export type DevTag = z.infer<typeof DevTagSchema>;

/**
 * `GET /devs/tags`: shape not shown. We expect `{tags: [...]}`; a bare array is accepted too
 * and normalised to the same shape, so callers see one type.
 */
export const DevTagListSchema = z.union([
  z.looseObject({ tags: z.array(DevTagSchema) }),
  z.array(DevTagSchema).transform((tags) => ({ tags })),
]);
export type DevTagList = z.infer<typeof DevTagListSchema>;

/** `GET /devs/:address/tags`. */
export const DevTagIdsSchema = z.looseObject({ tagIds: z.array(z.string()) });
export type DevTagIds = z.infer<typeof DevTagIdsSchema>;

/** `POST /devs/:address/add` body. Whether alias is required is not shown; it is optional here. */
const DevAddBodySchema = z.object({ alias: z.string().optional() });
export type DevAddBody = z.infer<typeof DevAddBodySchema>;

/** `PUT /devs/:address/update` body. */
const DevUpdateBodySchema = z.object({
  /** null removes the alias. */
  alias: z.string().nullable().optional(),
  isActive: z.boolean().optional(),
});
export type DevUpdateBody = z.infer<typeof DevUpdateBodySchema>;

/**
 * Confirmation of add / update / set tags: body not shown. Every field is optional so any
 * object (or no body at all) validates; what the emulator sends is documented in docs/spec-decisions.md.
 */
export const DevConfirmationSchema = z.preprocess(
  // An answer without a body (204, or an empty 200) confirms as much as `{}` does.
  (body) => (body === undefined || body === null || body === "" ? {} : body),
  z.looseObject({
    success: z.boolean().optional(),
    message: z.string().optional(),
    developer: DeveloperRecordSchema.optional(),
    tagIds: z.array(z.string()).optional(),
  }),
);
export type DevConfirmation = z.infer<typeof DevConfirmationSchema>;
