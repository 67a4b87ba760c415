import { describe, expect, it } from "vitest";
import { changedFields, patchFor } from "../../../provider/runtime/strategy-patch";
import { RULES } from "../../support/live-strategy";

describe("Strategy update planning", () => {
  const olds = { name: "Momentum", triggers: ["new_token_created"], rules: RULES, alertCooldownMins: 10 };

  it("does not resend rules when only the name changed", () => {
    expect(patchFor(olds, { ...olds, name: "Momentum v2" })).toEqual({ name: "Momentum v2" });
  });

  it("sends the whole rule set when any rule changed", () => {
    const rules = [{ ...RULES[0], min: 8000 }, RULES[1]];
    expect(patchFor(olds, { ...olds, rules })).toEqual({ rules });
  });

  it("resets an optional input removed from code to the service's default", () => {
    const { alertCooldownMins: _removed, ...news } = olds;
    expect(patchFor(olds, news)).toEqual({ alertCooldownMins: 0 });
  });

  it("sends trigger configs together with changed triggers", () => {
    const triggerConfigs = { post_metadata_match: { tagId: "all" } };
    const news = { ...olds, triggers: ["post_metadata_match"], triggerConfigs };
    expect(patchFor({ ...olds, triggerConfigs }, news)).toEqual({
      triggers: ["post_metadata_match"],
      triggerConfigs,
    });
  });

  it("never counts adopt as a change", () => {
    expect(changedFields(olds, { ...olds, adopt: "s-9" })).toEqual([]);
  });
});
