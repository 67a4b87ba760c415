import { describe, expect, it } from "vitest";
import { AccountSchema } from "../../../../provider/model/schemas/account";

const answer = {
  userId: "u1",
  plan: "PRO",
  limits: { strategies: { total: null, active: 25 }, rateLimit: { requestsPerMinute: 60 } },
};

describe("AccountSchema", () => {
  it("parses GET /me's answer, keeping a field it does not know", () => {
    expect(AccountSchema.parse({ ...answer, region: "eu" })).toEqual({ ...answer, region: "eu" });
  });

  it("rejects an answer without limits or with a rate limit that is not a positive integer", () => {
    expect(AccountSchema.safeParse({ userId: "u1", plan: "PRO" }).success).toBe(false);
    const zero = { ...answer, limits: { ...answer.limits, rateLimit: { requestsPerMinute: 0 } } };
    expect(AccountSchema.safeParse(zero).success).toBe(false);
  });
});
