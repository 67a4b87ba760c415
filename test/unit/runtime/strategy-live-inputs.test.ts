import { describe, expect, it } from "vitest";
import { canonicalRules } from "../../../provider/model/canonical";
import { inputsFromLive } from "../../../provider/runtime/strategy-live-inputs";
import { changedFields } from "../../../provider/runtime/strategy-patch";
import { live, RULES } from "../../support/live-strategy";

describe("inputs rebuilt from the live strategy on refresh", () => {
  // Inputs in state are canonical (check made them so).
  const previous = {
    name: "Momentum",
    triggers: ["new_token_created"],
    rules: canonicalRules(RULES as never),
    retryPolicy: { type: "QUICK_RETRY", maxAttempts: 2, delayMinutes: 1 },
    strategyId: "s-1",
  };

  it("equal the declared inputs when nothing changed (no perpetual diff)", () => {
    const inputs = inputsFromLive(previous, live());
    expect(changedFields(previous, inputs)).toEqual([]);
    // Fields the API never returns are kept; outputs are not inputs.
    expect(inputs.retryPolicy).toEqual(previous.retryPolicy);
    expect(inputs.strategyId).toBeUndefined();
  });

  it("show a rule edited and a trigger disabled in the app", () => {
    const edited = live({ triggers: [{ id: "t-1", eventType: "new_token_created", enabled: false }] }, [
      RULES[1],
    ]);
    expect(changedFields(previous, inputsFromLive(previous, edited))).toEqual(["triggers", "rules"]);
  });

  it("show a default changed in the app even when the code leaves the field out", () => {
    expect(changedFields(previous, inputsFromLive(previous, live({ alertCooldownMins: 30 })))).toEqual([
      "alertCooldownMins",
    ]);
  });
});
