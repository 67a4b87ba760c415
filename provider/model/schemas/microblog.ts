import { z } from "zod";
import { TimestampSchema } from "./common";

/** service-api.md#microblog-handles-and-tags handle. */
export const MicroblogHandleSchema = z.looseObject({
  id: z.string(),
  handle: z.string(),
  status: z.string(),
  tags: z.array(z.looseObject({ id: z.string(), name: z.string() })),
  addedAt: TimestampSchema.nullish(),
  lastUpdated: TimestampSchema.nullish(),
});
export type MicroblogHandle = z.infer<typeof MicroblogHandleSchema>;

export const MicroblogHandleListSchema = z.looseObject({ handles: z.array(MicroblogHandleSchema) });
export type MicroblogHandleList = z.infer<typeof MicroblogHandleListSchema>;

/**
 * service-api.md#microblog-handles-and-tags tag; handleCount is present when includeCounts is true (the
 * default).
 */
export const MicroblogTagSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  isPlatformTag: z.boolean(),
  handleCount: z.number().optional(),
});
export type MicroblogTag = z.infer<typeof MicroblogTagSchema>;

export const MicroblogTagListSchema = z.looseObject({ tags: z.array(MicroblogTagSchema) });
export type MicroblogTagList = z.infer<typeof MicroblogTagListSchema>;

/** `GET /microblog/handles` query. */
export const MicroblogHandlesQuerySchema = z.object({
  search: z.string().optional(),
  tagId: z.string().optional(),
  status: z.enum(["active", "inactive"]).optional(),
  sortBy: z.enum(["handle", "addedAt", "lastUpdated"]).optional(),
  sortOrder: z.enum(["asc", "desc"]).optional(),
});
export type MicroblogHandlesQuery = z.infer<typeof MicroblogHandlesQuerySchema>;

/** `GET /microblog/tags` query. */
export const MicroblogTagsQuerySchema = z.object({
  scope: z.enum(["all", "user", "platform"]).optional(),
  includeCounts: z.boolean().optional(),
  sortBy: z.enum(["name", "createdAt", "handleCount"]).optional(),
  sortOrder: z.enum(["asc", "desc"]).optional(),
});
export type MicroblogTagsQuery = z.infer<typeof MicroblogTagsQuerySchema>;
