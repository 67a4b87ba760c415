import { describe, expect, it } from "vitest";
import { describeWait } from "../../../provider/runtime/wait-messages";

describe("the wait messages", () => {
  it("say what a wait is for, how long and why", () => {
    expect(
      describeWait({
        reason: "rate-limit-window",
        waitMs: 12_300,
        requestsPerMinute: 60,
        method: "POST",
        route: "/strategies",
      }),
    ).toBe(
      "strategy-alerts: waiting 13s before POST /strategies: the plan allows 60 requests per minute and this minute's budget is spent (by every command of this API key on this machine).",
    );
  });
});
