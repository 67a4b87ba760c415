import { describe, expect, it } from "vitest";
import { NotificationPageSchema, NotificationSchema } from "../../../../provider/model/schemas/notification";

const notification = {
  id: "n1",
  strategyId: "s1",
  triggerContext: {
    tokenAddress: "T1",
    tokenData: { tokenSymbol: "TKN", market: { priceUSD: 0.1, mcap: null } },
  },
  createdAt: "2030-01-01T00:00:00Z",
  strategy: { id: "s1", name: "Safety first" },
};

describe("the notification schemas", () => {
  it("parse a notification and a page of them", () => {
    expect(NotificationSchema.parse(notification)).toEqual(notification);
    const page = { items: [notification], page: 1, limit: 20, total: 1, totalPages: 1 };
    expect(NotificationPageSchema.parse(page)).toEqual(page);
  });

  it("reject a notification without createdAt and a price that is not a number", () => {
    const { createdAt: _, ...undated } = notification;
    expect(NotificationSchema.safeParse(undated).success).toBe(false);
    const badPrice = { ...notification, triggerContext: { tokenData: { market: { priceUSD: "0.1" } } } };
    expect(NotificationSchema.safeParse(badPrice).success).toBe(false);
  });
});
