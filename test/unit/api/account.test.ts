import { describe, expect, it } from "vitest";
import { AccountApi } from "../../../provider/api/account";
import { AccountSchema } from "../../../provider/model/schemas/account";
import { recordingTransport } from "./recording-transport";

describe("AccountApi", () => {
  it("reads GET /me and sizes the key's rate limiter to the plan's requests per minute", async () => {
    const account = { userId: "u", plan: "DEGEN", limits: { rateLimit: { requestsPerMinute: 120 } } };
    const { transport, specs, resized } = recordingTransport(account);
    expect(await new AccountApi(transport).me()).toBe(account);
    expect(specs).toEqual([{ method: "GET", route: "/me", schema: AccountSchema }]);
    expect(resized).toEqual([120]);
  });
});
