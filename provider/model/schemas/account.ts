import { z } from "zod";

/** service-api.md#account, `GET /me`. */
export const AccountSchema = z.looseObject({
  userId: z.string(),
  plan: z.string(),
  limits: z.looseObject({
    strategies: z.looseObject({
      /** null means no total cap. */
      total: z.number().nullable(),
      active: z.number(),
    }),
    rateLimit: z.looseObject({ requestsPerMinute: z.number().int().positive() }),
  }),
});
export type Account = z.infer<typeof AccountSchema>;
