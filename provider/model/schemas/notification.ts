import { z } from "zod";
import { TimestampSchema } from "./common";

const NotificationSourceSchema = z.enum(["all", "personal", "official"]);
export type NotificationSource = z.infer<typeof NotificationSourceSchema>;

/**
 * service-api.md#notifications. Channel/status values beyond the ones named are not shown, so they are
 * plain strings.
 */
export const NotificationSchema = z.looseObject({
  id: z.string(),
  source: z.string().optional(),
  audienceType: z.string().optional(),
  userId: z.string().nullish(),
  strategyId: z.string().nullish(),
  channel: z.string().nullish(),
  status: z.string().nullish(),
  triggerEventType: z.string().nullish(),
  triggerContext: z
    .looseObject({
      tokenAddress: z.string().nullish(),
      tokenData: z
        .looseObject({
          tokenSymbol: z.string().nullish(),
          market: z.looseObject({ priceUSD: z.number().nullish(), mcap: z.number().nullish() }).nullish(),
        })
        .nullish(),
    })
    .nullish(),
  /** Single-read only. */
  livePerformance: z
    .looseObject({
      priceNow: z.number().nullish(),
      marketCapNow: z.number().nullish(),
      peakPrice: z.number().nullish(),
      athPrice: z.number().nullish(),
    })
    .nullish(),
  sentAt: TimestampSchema.nullish(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema.optional(),
  /** List responses. */
  strategy: z.looseObject({ id: z.string(), name: z.string() }).nullish(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationPageSchema = z.looseObject({
  items: z.array(NotificationSchema),
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  totalPages: z.number(),
});
export type NotificationPage = z.infer<typeof NotificationPageSchema>;

/** `GET /notifications` query (service-api.md#notifications). */
const NotificationListQuerySchema = z.object({
  page: z.number().int().positive().optional(),
  /** Default 20, max 100. */
  limit: z.number().int().positive().optional(),
  source: NotificationSourceSchema.optional(),
  strategyId: z.string().optional(),
  triggerType: z.string().optional(),
});
export type NotificationListQuery = z.infer<typeof NotificationListQuerySchema>;

/** `GET /notifications/:id` query. */
const NotificationGetQuerySchema = z.object({
  source: NotificationSourceSchema.optional(),
  view: z.enum(["full", "summary"]).optional(),
});
export type NotificationGetQuery = z.infer<typeof NotificationGetQuerySchema>;
