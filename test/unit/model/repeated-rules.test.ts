import { describe, expect, it } from "vitest";
import { validateStrategyInput } from "../../../provider/model";
import { checkRepeatedRules } from "../../../provider/model/repeated-rules";
import { IssueList } from "../../../provider/model/validation-checks";
import { base, messages } from "./strategy-input";

describe("checkRepeatedRules, called directly", () => {
  it("adds nothing for distinct rules and one issue per repeat", () => {
    const distinct = new IssueList();
    checkRepeatedRules(
      [
        { rule: "is_honeypot", dealbreaker: true },
        { rule: "has_website", dealbreaker: false },
      ],
      distinct,
    );
    expect(distinct.items).toEqual([]);
    const repeated = new IssueList();
    checkRepeatedRules(
      [
        { rule: "is_honeypot", dealbreaker: true },
        { rule: "is_honeypot", dealbreaker: false },
      ],
      repeated,
    );
    expect(repeated.items.map((i) => i.path)).toEqual(["rules[1]"]);
  });
});

describe("validateStrategyInput: each rule once", () => {
  const rulesMessages = (rules: unknown[]) => messages({ ...base, rules });

  it("names both items of a repeated rule in the order written, with what to do", () => {
    expect(
      rulesMessages([
        { rule: "has_website", dealbreaker: false },
        { rule: "liquidity_usd", dealbreaker: true, min: 1000 },
        { rule: "is_honeypot", dealbreaker: true },
        { rule: "liquidity_usd", dealbreaker: true, max: 90000 },
      ]),
    ).toEqual([
      "rules[3] repeats rules[1] (liquidity_usd): a strategy holds each rule once; put min and max in one item",
    ]);
  });

  it("counts a dealbreaker and a plain item of one rule as a repeat", () => {
    expect(
      rulesMessages([
        { rule: "is_honeypot", dealbreaker: true },
        { rule: "is_honeypot", dealbreaker: false, enabled: false },
      ]),
    ).toEqual(["rules[1] repeats rules[0] (is_honeypot): a strategy holds each rule once; keep one item"]);
  });

  it("reports every repeat, each against the first item it clashes with", () => {
    const item = { rule: "market_cap", dealbreaker: false, min: 1 };
    expect(rulesMessages([item, item, item])).toEqual([
      "rules[1] repeats rules[0] (market_cap): a strategy holds each rule once; put min and max in one item",
      "rules[2] repeats rules[0] (market_cap): a strategy holds each rule once; put min and max in one item",
    ]);
  });

  it("lets not_equals items exclude several values of an enum rule, and nothing else repeat it", () => {
    const notA = {
      rule: "launch_platform",
      dealbreaker: true,
      operator: "not_equals",
      value: "launch_platform_a",
    };
    const notB = { ...notA, value: "launch_platform_b" };
    expect(rulesMessages([notA, notB])).toEqual([]);
    expect(
      rulesMessages([
        { rule: "risk_level", dealbreaker: false, operator: "not_equals", value: "critical" },
        {
          rule: "risk_level",
          dealbreaker: false,
          operator: "not_equals",
          value: "HIGH",
        },
      ]),
    ).toEqual([]);
    const hint =
      "only not_equals items with different values may repeat an enum rule (each excludes one value)";
    expect(rulesMessages([notA, notA])).toEqual([
      `rules[1] repeats rules[0] (launch_platform): a strategy holds each rule once; ${hint}`,
    ]);
    // The same level in another case is the same value.
    const notHigh = { rule: "risk_level", dealbreaker: false, operator: "not_equals", value: "high" };
    expect(rulesMessages([notHigh, { ...notHigh, value: "HIGH" }])).toHaveLength(1);
    const equalsA = { rule: "launch_platform", dealbreaker: true, value: "launch_platform_a" };
    expect(rulesMessages([notB, equalsA])).toEqual([
      `rules[1] repeats rules[0] (launch_platform): a strategy holds each rule once; ${hint}`,
    ]);
  });

  it("checks a patch's rules too, and leaves items without a known rule id to their own check", () => {
    const item = { rule: "is_mintable", dealbreaker: true };
    const patch = validateStrategyInput({ rules: [item, item] }, "update");
    expect(patch.ok ? [] : patch.issues.map((i) => i.path)).toEqual(["rules[1]"]);
    expect(
      rulesMessages([
        { rule: "nope", dealbreaker: true },
        { rule: "nope", dealbreaker: true },
      ]),
    ).toEqual([
      'rules[0].rule "nope" is not a supported rule id',
      'rules[1].rule "nope" is not a supported rule id',
    ]);
  });
});
