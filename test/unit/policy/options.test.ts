import { describe, expect, it } from "vitest";
import {
  DEFAULT_ENFORCEMENT,
  PolicyOptionsError,
  type StrategyAlertsPolicyOptions,
  strategyAlertsPolicies,
} from "../../../provider/policy";
import { configWithDefaults, enforcementOf, validateOptions } from "../../../provider/policy/options";

describe("the pack's options", () => {
  it("rejects invalid options with an error naming the option", () => {
    const cases: [StrategyAlertsPolicyOptions, string][] = [
      [{ maxRulesPerStrategy: 0 }, "maxRulesPerStrategy"],
      [{ activeLimit: 2.5 }, "activeLimit"],
      [{ activeShareWarning: 1.5 }, "activeShareWarning"],
      [{ plan: "FREE" as never }, "plan"],
      [{ enforcementLevels: { "no-such-policy": "advisory" } as never }, "enforcementLevels.no-such-policy"],
      [{ enforcementLevels: { "webhook-https": "loud" as never } }, "enforcementLevels.webhook-https"],
    ];
    for (const [options, field] of cases) {
      expect(() => strategyAlertsPolicies(options)).toThrow(PolicyOptionsError);
      expect(() => strategyAlertsPolicies(options)).toThrow(field);
    }
  });

  it("are checked before a pack is built, and valid ones pass", () => {
    expect(() =>
      validateOptions({ maxRulesPerStrategy: 1, activeLimit: 3, activeShareWarning: 1, plan: "DEGEN" }),
    ).not.toThrow();
    expect(() => validateOptions({ activeShareWarning: 0 })).toThrow(PolicyOptionsError);
  });

  it("give a policy's enforcement level, its default when not set", () => {
    expect(enforcementOf("webhook-https", {})).toBe(DEFAULT_ENFORCEMENT["webhook-https"]);
    expect(enforcementOf("webhook-https", { enforcementLevels: { "webhook-https": "disabled" } })).toBe(
      "disabled",
    );
  });

  it("are overridden by the policy config the engine passes, except where it leaves a value out", () => {
    expect(configWithDefaults({ a: 1, b: 2 }, { b: 5 })).toEqual({ a: 1, b: 5 });
    expect(configWithDefaults({ a: 1, b: 2 }, { a: undefined })).toEqual({ a: 1, b: 2 });
  });
});
