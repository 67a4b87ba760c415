import { describe, expect, it } from "vitest";
import { validateStrategyInput } from "../../../provider/model";
import { STRATEGY_LIMITS as L } from "../../../provider/model/strategy-limits";
import { EVENT_TYPES } from "../../../provider/model/triggers";
import { base } from "./strategy-input";

const ok = (input: Record<string, unknown>) => validateStrategyInput({ ...base, ...input }, "create").ok;

describe("the strategy limits", () => {
  it("are what the validator holds a strategy to, at each bound", () => {
    expect(ok({ name: "n".repeat(L.nameMaxLength) })).toBe(true);
    expect(ok({ name: "n".repeat(L.nameMaxLength + 1) })).toBe(false);
    expect(ok({ description: "d".repeat(L.descriptionMaxLength) })).toBe(true);
    expect(ok({ description: "d".repeat(L.descriptionMaxLength + 1) })).toBe(false);
    expect(ok({ alertCooldownMins: L.alertCooldownMinsMin })).toBe(true);
    expect(ok({ alertCooldownMins: L.alertCooldownMinsMax })).toBe(true);
    expect(ok({ alertCooldownMins: L.alertCooldownMinsMax + 1 })).toBe(false);
    expect(ok({ alertCooldownMins: L.alertCooldownMinsMin - 1 })).toBe(false);
  });

  it("cap the triggers and the rules, in the words of the validator", () => {
    const result = validateStrategyInput(
      {
        ...base,
        triggers: Array.from({ length: L.maxTriggers + 1 }, () => "new_token_created"),
        rules: Array.from({ length: L.maxRules + 1 }, () => ({ rule: "is_honeypot", dealbreaker: true })),
      },
      "create",
    );
    const messages = result.ok ? [] : result.issues.map((i) => i.message);
    expect(messages).toContain(
      `triggers must have at most ${L.maxTriggers} entries, got ${L.maxTriggers + 1}`,
    );
    expect(messages).toContain(`rules must have at most ${L.maxRules} items, got ${L.maxRules + 1}`);
    expect(L.maxTriggers).toBeLessThanOrEqual(EVENT_TYPES.length);
  });
});
