import { describe, expect, it } from "vitest";
import {
  evaluateStrategy,
  prepareStrategy,
  RuleEvaluationError,
  type RuleItem,
  rulesToStored,
  type Strategy,
} from "../../../provider/model";
import { CLEAN_TOKEN, tokenWith } from "./evaluation-fixtures";

const SAFE: RuleItem[] = [
  { rule: "is_honeypot", dealbreaker: true },
  { rule: "rugged", dealbreaker: true },
  { rule: "liquidity_usd", dealbreaker: false, min: 10_000 },
  { rule: "market_cap", dealbreaker: false, max: 500_000 },
  { rule: "has_website", dealbreaker: false },
  { rule: "website_content_validation_score", dealbreaker: false, min: 60 },
];

describe("evaluateStrategy", () => {
  it("matches a token that passes every dealbreaker and every group", () => {
    const r = evaluateStrategy({ rules: SAFE }, CLEAN_TOKEN);
    expect(r).toMatchObject({
      matched: true,
      dealbreakerFailed: false,
      failedRules: [],
      matchedGroups: ["market", "socials", "ai"],
      failedGroupIds: [],
      failureReason: null,
      ruleStats: { evaluated: 4, passed: 4, percent: 100 },
    });
    expect(r.groupResults.map((g) => [g.id, g.name, g.logic, g.passed])).toEqual([
      ["market", "Market", "AND", true],
      ["socials", "Socials", "AND", true],
      ["ai", "AI", "AND", true],
    ]);
    expect(r.debugTrail.at(-1)).toBe("matched");
  });

  it("a failing dealbreaker short-circuits: not matched and the groups are not evaluated", () => {
    const r = evaluateStrategy({ rules: SAFE }, tokenWith({ isHoneypot: true, liquidityUsd: 1 }));
    expect(r.matched).toBe(false);
    expect(r.dealbreakerFailed).toBe(true);
    expect(r.groupResults).toEqual([]);
    expect(r.matchedGroups).toEqual([]);
    expect(r.failedGroupIds).toEqual([]);
    // The failing liquidity rule was never looked at.
    expect(r.failedRules.map((f) => f.rule)).toEqual(["is_honeypot"]);
    expect(r.failedRules[0]).toMatchObject({ dealbreaker: true, groupId: "security", index: 0 });
    expect(r.failureReason).toBe("dealbreaker is_honeypot failed: isHoneypot is true, must be false");
    expect(r.debugTrail).toContain("a dealbreaker failed: product groups not evaluated; not matched");
  });

  it("every dealbreaker is evaluated, so all failing dealbreakers are reported", () => {
    const r = evaluateStrategy({ rules: SAFE }, tokenWith({ isHoneypot: true, rugged: true }));
    expect(r.failedRules.map((f) => f.rule)).toEqual(["is_honeypot", "rugged"]);
    expect(r.dealbreakerResults).toHaveLength(2);
  });

  it("a group is an AND: one failing rule fails its group, and a failed group fails the strategy", () => {
    const r = evaluateStrategy({ rules: SAFE }, tokenWith({ marketCap: 900_000 }));
    expect(r.matched).toBe(false);
    expect(r.dealbreakerFailed).toBe(false);
    expect(r.failedGroupIds).toEqual(["market"]);
    expect(r.matchedGroups).toEqual(["socials", "ai"]);
    expect(r.failedRules.map((f) => [f.rule, f.groupId])).toEqual([["market_cap", "market"]]);
    expect(r.failureReason).toBe("group market failed: market_cap marketCap 900000 is not less than 500000");
  });

  it("several failing groups are all listed, in product-group order", () => {
    const r = evaluateStrategy({ rules: SAFE }, tokenWith({ hasWebsite: false, liquidityUsd: 5 }));
    expect(r.failedGroupIds).toEqual(["market", "socials"]);
  });

  it("disabled rules are skipped and a group of only skipped rules neither passes nor fails", () => {
    const rules: RuleItem[] = [
      { rule: "is_honeypot", dealbreaker: true, enabled: false },
      { rule: "has_website", dealbreaker: false, enabled: false },
      { rule: "liquidity_usd", dealbreaker: false, min: 1 },
    ];
    const r = evaluateStrategy({ rules }, tokenWith({ isHoneypot: true, hasWebsite: false }));
    expect(r.matched).toBe(true);
    expect(r.groupResults.find((g) => g.id === "socials")).toMatchObject({ skipped: true, passed: false });
    expect(r.matchedGroups).toEqual(["market"]);
    expect(r.failedGroupIds).toEqual([]);
  });

  it("a strategy of only dealbreakers matches when they pass", () => {
    const r = evaluateStrategy({ rules: [{ rule: "is_honeypot", dealbreaker: true }] }, CLEAN_TOKEN);
    expect(r).toMatchObject({ matched: true, groupResults: [], ruleStats: { evaluated: 0, percent: null } });
  });

  describe("strict", () => {
    const noScore = tokenWith({ websiteContentScore: undefined });

    it("strict=false (the default) skips a rule without data, so the strategy can still match", () => {
      const r = evaluateStrategy({ rules: SAFE }, noScore);
      expect(r.strict).toBe(false);
      expect(r.matched).toBe(true);
      const ai = r.groupResults.find((g) => g.id === "ai")!;
      expect(ai).toMatchObject({ skipped: true, passed: false });
      expect(ai.rules[0]).toMatchObject({ skipped: true, noData: true, passed: false });
      expect(ai.rules[0]!.reason).toMatch(/^no data \(websiteContentScore\); skipped/);
    });

    it("strict=true fails a rule without data, and with it its group", () => {
      const r = evaluateStrategy({ rules: SAFE, strict: true }, noScore);
      expect(r.matched).toBe(false);
      expect(r.failedGroupIds).toEqual(["ai"]);
      expect(r.failedRules[0]).toMatchObject({ rule: "website_content_validation_score", noData: true });
      expect(r.failureReason).toMatch(/no data/);
    });

    it("strict applies to dealbreakers too", () => {
      const token = tokenWith({ isHoneypot: undefined });
      expect(evaluateStrategy({ rules: SAFE }, token).dealbreakerFailed).toBe(false);
      expect(evaluateStrategy({ rules: SAFE, strict: true }, token).dealbreakerFailed).toBe(true);
    });

    it("strictOverride replaces the strategy's flag (backtest option)", () => {
      expect(
        evaluateStrategy({ rules: SAFE, strict: false }, noScore, { strictOverride: true }).matched,
      ).toBe(false);
      expect(
        evaluateStrategy({ rules: SAFE, strict: true }, noScore, { strictOverride: false }).matched,
      ).toBe(true);
    });
  });

  describe("matching.minPercent", () => {
    // 4 non-dealbreaker rules; this token fails 1 of them (market_cap).
    const token = tokenWith({ marketCap: 900_000 });

    it("matches when at least minPercent % of the evaluated non-dealbreaker rules pass, though a group failed", () => {
      const r = evaluateStrategy({ rules: SAFE, matching: { enabled: true, minPercent: 75 } }, token);
      expect(r.matched).toBe(true);
      expect(r.ruleStats).toEqual({ evaluated: 4, passed: 3, percent: 75 });
      expect(r.failedGroupIds).toEqual(["market"]); // still reported
      expect(r.failureReason).toBeNull();
    });

    it("does not match below minPercent", () => {
      const r = evaluateStrategy({ rules: SAFE, matching: { enabled: true, minPercent: 80 } }, token);
      expect(r.matched).toBe(false);
      expect(r.failureReason).toBe("3 of 4 rules passed (75%), fewer than the required 80%");
    });

    it("dealbreakers still all must pass", () => {
      const r = evaluateStrategy(
        { rules: SAFE, matching: { enabled: true, minPercent: 0 } },
        tokenWith({ isHoneypot: true }),
      );
      expect(r.matched).toBe(false);
      expect(r.dealbreakerFailed).toBe(true);
    });

    it("skipped rules do not count: a rule without data in a non-strict strategy is left out of the percentage", () => {
      const r = evaluateStrategy(
        { rules: SAFE, matching: { enabled: true, minPercent: 100 } },
        tokenWith({ websiteContentScore: undefined }),
      );
      expect(r.ruleStats).toEqual({ evaluated: 3, passed: 3, percent: 100 });
      expect(r.matched).toBe(true);
    });

    it("matching disabled ignores minPercent and requires every group", () => {
      const r = evaluateStrategy({ rules: SAFE, matching: { enabled: false, minPercent: 10 } }, token);
      expect(r.matched).toBe(false);
    });
  });

  describe("stored form", () => {
    it("evaluates a strategy as the service returns it, like the rule items it was made from", () => {
      const stored = rulesToStored(SAFE, { view: "list" });
      const strategy = { ...stored, strict: true } as Pick<
        Strategy,
        "dealbreakers" | "ruleGroups" | "strict"
      >;
      for (const token of [CLEAN_TOKEN, tokenWith({ marketCap: 1e7 }), tokenWith({ isHoneypot: true })]) {
        const fromStored = evaluateStrategy(strategy, token);
        const fromItems = evaluateStrategy({ rules: SAFE, strict: true }, token);
        expect(fromStored.matched).toBe(fromItems.matched);
        expect(fromStored.failedGroupIds).toEqual(fromItems.failedGroupIds);
      }
    });

    it("accepts a whole Strategy response as returned by the client", () => {
      const response: Strategy = {
        id: "s1",
        name: "n",
        userId: "u1",
        triggers: [{ id: "t1", eventType: "new_token_created", enabled: true }],
        ...rulesToStored(SAFE, { view: "create" }),
        strict: false,
        alertCooldownMins: 0,
        isActive: true,
        createdAt: "2026-03-01T00:00:00.000Z",
        updatedAt: "2026-03-01T00:00:00.000Z",
      };
      expect(evaluateStrategy(response, CLEAN_TOKEN).matched).toBe(true);
    });

    it("reads matching from a list response", () => {
      const stored = rulesToStored(SAFE, { view: "list" });
      const r = evaluateStrategy(
        { ...stored, strict: false, matching: { enabled: true, minPercent: 50 } },
        tokenWith({ marketCap: 1e7 }),
      );
      expect(r.matched).toBe(true);
      expect(r.matching).toEqual({ enabled: true, minPercent: 50 });
    });
  });

  it("a prepared strategy evaluates like the strategy it was prepared from", () => {
    const prepared = prepareStrategy({
      rules: SAFE,
      strict: true,
      matching: { enabled: true, minPercent: 75 },
    });
    for (const token of [
      CLEAN_TOKEN,
      tokenWith({ marketCap: 1e7 }),
      tokenWith({ websiteContentScore: undefined }),
    ]) {
      expect(evaluateStrategy(prepared, token)).toEqual(
        evaluateStrategy({ rules: SAFE, strict: true, matching: { enabled: true, minPercent: 75 } }, token),
      );
    }
    expect(
      evaluateStrategy(prepared, tokenWith({ websiteContentScore: undefined }), { strictOverride: false })
        .strict,
    ).toBe(false);
  });

  it("an invalid rule item throws RuleEvaluationError naming rules[i]", () => {
    const rules = [...SAFE, { rule: "liquidity_usd", dealbreaker: false, value: "x" } as unknown as RuleItem];
    expect(() => evaluateStrategy({ rules }, CLEAN_TOKEN)).toThrow(RuleEvaluationError);
    expect(() => evaluateStrategy({ rules }, CLEAN_TOKEN)).toThrow(/^rules\[6\]: not a valid rule item/);
  });

  it("the debug trail names every evaluated rule with its verdict", () => {
    const r = evaluateStrategy({ rules: SAFE }, tokenWith({ marketCap: 900_000 }));
    expect(r.debugTrail).toEqual([
      "strict=false; matching: every group (AND)",
      "dealbreaker rules[0] is_honeypot: pass (isHoneypot is false)",
      "dealbreaker rules[1] rugged: pass (rugged is false)",
      "group market: failed",
      "  rules[2] liquidity_usd: pass (liquidityUsd 20000 is greater than 10000)",
      "  rules[3] market_cap: FAIL (marketCap 900000 is not less than 500000)",
      "group socials: passed",
      "  rules[4] has_website: pass (hasWebsite is true)",
      "group ai: passed",
      "  rules[5] website_content_validation_score: pass (websiteContentScore 80 is greater than 60)",
      "not matched: group market failed: market_cap marketCap 900000 is not less than 500000",
    ]);
  });
});
