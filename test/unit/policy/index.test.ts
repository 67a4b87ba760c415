import { describe, expect, it } from "vitest";
import {
  DEFAULT_ENFORCEMENT,
  POLICY_NAMES,
  type PolicyName,
  strategyAlertsPolicies,
} from "../../../provider/policy";

describe("strategyAlertsPolicies", () => {
  it("returns every policy once, each with its default enforcement level unless overridden", () => {
    const policies = strategyAlertsPolicies({ enforcementLevels: { "alert-cooldown": "mandatory" } });
    expect(policies.map((p) => p.name).sort()).toEqual([...POLICY_NAMES].sort());
    for (const p of policies) {
      const expected = p.name === "alert-cooldown" ? "mandatory" : DEFAULT_ENFORCEMENT[p.name as PolicyName];
      expect(p.enforcementLevel, p.name).toBe(expected);
    }
    expect(DEFAULT_ENFORCEMENT["honeypot-dealbreaker"]).toBe("mandatory");
  });
});
