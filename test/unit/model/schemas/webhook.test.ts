import { describe, expect, it } from "vitest";
import { WebhookConfigSchema } from "../../../../provider/model/schemas/webhook";

describe("WebhookConfigSchema", () => {
  it("parses a webhook with and without a url", () => {
    const set = { enabled: true, url: "https://hooks.example/a", verifiedAt: null, hasSecret: true };
    expect(WebhookConfigSchema.parse(set)).toEqual(set);
    expect(WebhookConfigSchema.parse({ enabled: false, hasSecret: false })).toEqual({
      enabled: false,
      hasSecret: false,
    });
  });

  it("rejects an answer without hasSecret or with a url that is not a string", () => {
    expect(WebhookConfigSchema.safeParse({ enabled: true }).success).toBe(false);
    expect(WebhookConfigSchema.safeParse({ enabled: true, hasSecret: false, url: 5 }).success).toBe(false);
  });
});
