import { describe, expect, it } from "vitest";
import { canonicalRules } from "../../../provider/model/canonical";
import { adoptionPatch } from "../../../provider/runtime/strategy-adoption";
import { live, RULES } from "../../support/live-strategy";

describe("adopting an existing strategy", () => {
  const declared = {
    name: "Momentum",
    triggers: ["new_token_created"],
    rules: canonicalRules(RULES as never),
  };

  it("sends nothing when the code declares the strategy as the service holds it, rules in any order", () => {
    expect(adoptionPatch(live({ triggerConfigs: null } as never, [...RULES].reverse()), declared)).toEqual(
      {},
    );
  });

  it("sends only the fields that differ", () => {
    const patch = adoptionPatch(live({ triggerConfigs: null, alertCooldownMins: 30 } as never), {
      ...declared,
      name: "Momentum v2",
    });
    expect(patch).toEqual({ name: "Momentum v2", alertCooldownMins: 0 });
  });

  it("compares returned trigger configs, and sends declared ones the service does not return", () => {
    const configs = { post_metadata_match: { tagId: "all" } };
    const withConfigs = { ...declared, triggers: ["post_metadata_match"], triggerConfigs: configs };
    const triggers = [{ id: "t-1", eventType: "post_metadata_match", enabled: true }];
    expect(adoptionPatch(live({ triggers, triggerConfigs: configs } as never), withConfigs)).toEqual({});
    expect(adoptionPatch(live({ triggers } as never), withConfigs)).toEqual({ triggerConfigs: configs });
    // Not returned and not declared: left as the service holds it, never reset to null.
    expect(adoptionPatch(live(), declared)).toEqual({});
  });

  it("always sends a declared retryPolicy, which the service never returns", () => {
    const retryPolicy = { type: "QUICK_RETRY", maxAttempts: 3, delayMinutes: 5 };
    expect(adoptionPatch(live({ triggerConfigs: null } as never), { ...declared, retryPolicy })).toEqual({
      retryPolicy,
    });
  });
});
