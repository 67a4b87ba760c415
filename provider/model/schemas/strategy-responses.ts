import { z } from "zod";
import { StrategySchema } from "../strategy";

/** `GET /strategies`. */
export const StrategyListResponseSchema = z.looseObject({
  strategies: z.array(StrategySchema),
  activeCount: z.number(),
});
export type StrategyListResponse = z.infer<typeof StrategyListResponseSchema>;

/** `POST /strategies` and `GET /strategies/:id`. */
export const StrategyEnvelopeSchema = z.looseObject({ strategy: StrategySchema });

/**
 * `PATCH /strategies/:id` returns only the fields it changed or confirms: at least id, name,
 * description and isActive (service-api.md#strategy-endpoints). Everything else is optional and unchecked.
 */
const StrategyUpdatedSchema = z.looseObject({
  id: z.string(),
  name: z.string().optional(),
  description: z.string().nullish(),
  isActive: z.boolean(),
});
export type StrategyUpdated = z.infer<typeof StrategyUpdatedSchema>;

export const StrategyUpdateResponseSchema = z.looseObject({ strategy: StrategyUpdatedSchema });

/** activate / deactivate: `{strategy: {id, isActive}}`. */
export const StrategyActivityResponseSchema = z.looseObject({
  strategy: z.looseObject({ id: z.string(), isActive: z.boolean() }),
});
export type StrategyActivityResponse = z.infer<typeof StrategyActivityResponseSchema>;
