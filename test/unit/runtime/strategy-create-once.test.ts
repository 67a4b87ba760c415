import { describe, expect, it } from "vitest";
import { sameContent } from "../../../provider/runtime/strategy-create-once";
import { live, RULES } from "../../support/live-strategy";

describe("reconciling a create whose answer was lost", () => {
  const body = {
    name: "Momentum",
    triggers: ["new_token_created" as const],
    rules: RULES as never,
    isActive: false,
  };

  it("recognises the strategy by name and canonical content", () => {
    expect(sameContent(live(), body)).toBe(true);
  });

  it("never matches on the name alone", () => {
    expect(sameContent(live({}, [RULES[1]]), body)).toBe(false);
    expect(
      sameContent(live({ triggers: [{ id: "t", eventType: "token_graduated", enabled: true }] }), body),
    ).toBe(false);
  });
});
