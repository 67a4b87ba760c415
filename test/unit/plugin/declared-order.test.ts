import { describe, expect, it } from "vitest";
import { canonicalStrategyInput } from "../../../provider/model/canonical";
import type { StrategyInput } from "../../../provider/model/strategy";
import { UNKNOWN } from "../../../provider/model/unknown-value";
import { inCanonicalOrder, inOrderOf } from "../../../provider/plugin/declared-order";

const HONEYPOT = { rule: "is_honeypot", dealbreaker: true };
const LIQUIDITY = { rule: "liquidity_usd", dealbreaker: false, min: 5000 };
const RISK = { rule: "risk_level", dealbreaker: true, value: "high", operator: "equals" };
const RISK_CANONICAL = { rule: "risk_level", dealbreaker: true, value: "HIGH" };

const written = {
  name: "Momentum",
  triggers: ["token_graduated", "new_token_created"],
  rules: [RISK, LIQUIDITY, HONEYPOT],
};
const canonical = canonicalStrategyInput(written as unknown as StrategyInput) as unknown as typeof written;

describe("inOrderOf", () => {
  it("puts the canonical elements of each set in the order the program wrote their equals", () => {
    expect(canonical.rules.map((r) => r.rule)).toEqual(["is_honeypot", "liquidity_usd", "risk_level"]);
    const checked = inOrderOf("Strategy", written, canonical);
    // Each element stays in its canonical form (risk level upper-cased, default operator dropped).
    expect(checked.rules).toEqual([RISK_CANONICAL, LIQUIDITY, HONEYPOT]);
    expect(checked.triggers).toEqual(["token_graduated", "new_token_created"]);
    expect(checked.name).toBe("Momentum");
  });

  it("keeps elements with no equal in the reference after the others (a rule changed in the app)", () => {
    const live = { ...canonical, rules: [HONEYPOT, { ...LIQUIDITY, min: 9000 }, RISK_CANONICAL] };
    expect(inOrderOf("Strategy", written, live).rules).toEqual([
      RISK_CANONICAL,
      HONEYPOT,
      { ...LIQUIDITY, min: 9000 },
    ]);
  });

  it("orders repeated equal elements one for one, and each kind's own sets", () => {
    expect(
      inOrderOf(
        "Strategy",
        { rules: [LIQUIDITY, HONEYPOT, LIQUIDITY] },
        { rules: [HONEYPOT, LIQUIDITY, LIQUIDITY] },
      ).rules,
    ).toEqual([LIQUIDITY, HONEYPOT, LIQUIDITY]);
    expect(inOrderOf("StrategyActivation", { strategyIds: ["b", "a"] }, { strategyIds: ["a", "b"] })).toEqual(
      { strategyIds: ["b", "a"] },
    );
    expect(
      inOrderOf("DeveloperTags", { tagIds: ["t2", "t1"] }, { address: "w", tagIds: ["t1", "t2"] }),
    ).toEqual({ address: "w", tagIds: ["t2", "t1"] });
  });

  it("leaves what is not a list alone, and a malformed rule where the program put it", () => {
    expect(inOrderOf("Strategy", { rules: UNKNOWN }, { rules: UNKNOWN })).toEqual({ rules: UNKNOWN });
    const malformed = { rule: "liquidity_usd", config: null };
    expect(
      inOrderOf("Strategy", { rules: [malformed, HONEYPOT] }, { rules: [HONEYPOT, malformed] }).rules,
    ).toEqual([malformed, HONEYPOT]);
  });
});

describe("inCanonicalOrder", () => {
  it("gives back the runtime check's own order, so the runtime's comparisons see no reorder", () => {
    expect(inCanonicalOrder("Strategy", inOrderOf("Strategy", written, canonical))).toEqual(canonical);
    expect(inCanonicalOrder("StrategyActivation", { strategyIds: ["b", "a"], exclusive: false })).toEqual({
      strategyIds: ["a", "b"],
      exclusive: false,
    });
  });

  it("leaves a set holding a value not known yet as it is, as the runtime's check does", () => {
    const pending = { strategyIds: ["b", UNKNOWN, "a", UNKNOWN] };
    expect(inCanonicalOrder("StrategyActivation", pending)).toEqual(pending);
    const rules = [LIQUIDITY, { ...RISK, value: UNKNOWN }];
    expect(inCanonicalOrder("Strategy", { rules }).rules).toEqual(rules);
  });
});
