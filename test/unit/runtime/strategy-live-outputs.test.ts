import { describe, expect, it } from "vitest";
import { liveOutputs } from "../../../provider/runtime/strategy-live-outputs";
import { live } from "../../support/live-strategy";

describe("a strategy's live outputs", () => {
  it("are the fields the service decides, with the id as strategyId", () => {
    const strategy = live({ id: "s-9", isActive: true, updatedAt: "2026-11-03T00:00:00.000Z" });
    expect(liveOutputs(strategy)).toEqual({
      strategyId: "s-9",
      userId: "u-1",
      isActive: true,
      createdAt: "2026-11-01T00:00:00.000Z",
      updatedAt: "2026-11-03T00:00:00.000Z",
    });
  });

  it("leave out the declared inputs, which come from the program", () => {
    const outputs = liveOutputs(live({ name: "Momentum", alertCooldownMins: 30 }));
    expect(outputs).not.toHaveProperty("name");
    expect(outputs).not.toHaveProperty("alertCooldownMins");
    expect(outputs).not.toHaveProperty("rules");
    // The service's record of the rules is the declared rules regrouped: held once, as declared.
    expect(outputs).not.toHaveProperty("dealbreakers");
    expect(outputs).not.toHaveProperty("ruleGroups");
  });
});
