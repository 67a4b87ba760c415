import { describe, expect, it } from "vitest";
import { canonicalStrategyInput } from "../../../provider/model/canonical";
import type { StrategyInput } from "../../../provider/model/strategy";
import { UNKNOWN } from "../../../provider/model/unknown-value";
import { inOrderOf } from "../../../provider/plugin/declared-order";
import { changedProperties, detailedDiff } from "../../../provider/plugin/detailed-diff";

const HONEYPOT = { rule: "is_honeypot", dealbreaker: true };
const LIQUIDITY = { rule: "liquidity_usd", dealbreaker: false, min: 5000 };
const MCAP = { rule: "market_cap", dealbreaker: false, min: 10_000, max: 500_000 };
const RISK = { rule: "risk_level", dealbreaker: true, value: "HIGH", operator: "not_equals" };

const strategy = (rules: object[], extra: object = {}) => ({
  name: "Momentum",
  triggers: ["new_token_created", "token_graduated"],
  rules,
  ...extra,
});

describe("detailedDiff", () => {
  it("finds nothing in a reorder of rules, triggers, strategy ids or tag ids", () => {
    expect(
      detailedDiff("Strategy", strategy([HONEYPOT, LIQUIDITY, MCAP]), {
        ...strategy([MCAP, HONEYPOT, LIQUIDITY]),
        triggers: ["token_graduated", "new_token_created"],
      }),
    ).toEqual({});
    expect(
      detailedDiff("StrategyActivation", { strategyIds: ["a", "b"] }, { strategyIds: ["b", "a"] }),
    ).toEqual({});
    expect(
      detailedDiff(
        "DeveloperTags",
        { address: "w", tagIds: ["t1", "t2"] },
        { address: "w", tagIds: ["t2", "t1"] },
      ),
    ).toEqual({});
  });

  it("names exactly one path for one changed threshold, at the rule's index in the new inputs", () => {
    const diff = detailedDiff(
      "Strategy",
      strategy([HONEYPOT, LIQUIDITY, MCAP]),
      strategy([{ ...MCAP, max: 750_000 }, HONEYPOT, LIQUIDITY]),
    );
    expect(diff).toEqual({ "rules[0].max": "UPDATE" });
    expect(changedProperties(diff)).toEqual(["rules"]);
  });

  it("shows an added threshold, a removed one and a flipped dealbreaker as fields of their rule", () => {
    expect(
      detailedDiff(
        "Strategy",
        strategy([LIQUIDITY, RISK]),
        strategy([
          { ...LIQUIDITY, max: 9000 },
          { ...RISK, dealbreaker: false },
        ]),
      ),
    ).toEqual({ "rules[0].max": "ADD", "rules[1].dealbreaker": "UPDATE" });
    expect(detailedDiff("Strategy", strategy([MCAP]), strategy([{ ...MCAP, max: undefined }]))).toEqual({
      "rules[0].max": "DELETE",
    });
  });

  it("adds and deletes whole rules by identity, and compares canonical forms (risk level case)", () => {
    expect(detailedDiff("Strategy", strategy([HONEYPOT, LIQUIDITY]), strategy([LIQUIDITY, MCAP]))).toEqual({
      "rules[1]": "ADD",
      "rules[0]": "DELETE",
    });
    expect(detailedDiff("Strategy", strategy([RISK]), strategy([{ ...RISK, value: "high" }]))).toEqual({});
  });

  it("names nested fields and set members, and unknown ids as additions", () => {
    expect(
      detailedDiff(
        "Strategy",
        strategy([HONEYPOT], { matching: { enabled: true, minPercent: 50 } }),
        strategy([HONEYPOT], {
          matching: { enabled: true, minPercent: 60 },
          triggers: ["new_token_created"],
        }),
      ),
    ).toEqual({ "matching.minPercent": "UPDATE", "triggers[1]": "DELETE" });
    expect(
      detailedDiff(
        "StrategyActivation",
        { strategyIds: ["a"], exclusive: false },
        { strategyIds: ["a", UNKNOWN], exclusive: true },
      ),
    ).toEqual({ "strategyIds[1]": "ADD", exclusive: "UPDATE" });
  });

  it("marks an address change as a replacement, and ignores outputs and adopt", () => {
    expect(
      detailedDiff("FollowedDeveloper", { address: "w1", active: true }, { address: "w2", active: true }),
    ).toEqual({
      address: "UPDATE_REPLACE",
    });
    expect(
      detailedDiff("DeveloperTags", { address: "w1", tagIds: ["t"] }, { address: "w2", tagIds: ["t"] }),
    ).toEqual({ address: "UPDATE_REPLACE" });
    expect(
      detailedDiff(
        "Strategy",
        { ...strategy([HONEYPOT]), strategyId: "s1", adopt: "x" },
        strategy([HONEYPOT]),
      ),
    ).toEqual({});
  });

  it("names a rule by the index the program gave it, as the plugin's check keeps the program's order", () => {
    // Written out of canonical order (market_cap sorts before risk_level and after liquidity_usd).
    const written = strategy([RISK, MCAP, LIQUIDITY], { triggers: ["token_graduated", "new_token_created"] });
    const changed = strategy([RISK, { ...MCAP, min: 20_000 }, LIQUIDITY], { triggers: written.triggers });
    // What the plugin's check answers: the runtime's canonical inputs, in the program's order.
    const checked = (inputs: typeof written) =>
      inOrderOf("Strategy", inputs, canonicalStrategyInput(inputs as unknown as StrategyInput));
    expect(detailedDiff("Strategy", checked(written), checked(changed))).toEqual({
      "rules[1].min": "UPDATE",
    });
    const dropped = strategy([RISK, MCAP], { triggers: ["token_graduated"] });
    expect(detailedDiff("Strategy", checked(written), checked(dropped))).toEqual({
      "rules[2]": "DELETE",
      "triggers[1]": "DELETE",
    });
  });
});
