import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evaluateStrategy, rulesToStored } from "../../../provider/model";
import { rulesArb } from "./arbitraries";
import { CLEAN_TOKEN, junkTokenArb, partialTokenArb } from "./evaluation-fixtures";

const strategyArb = fc.record(
  {
    rules: rulesArb,
    strict: fc.boolean(),
    matching: fc.record({ enabled: fc.boolean(), minPercent: fc.double({ min: 0, max: 100, noNaN: true }) }),
  },
  { requiredKeys: ["rules"] },
);
const anyToken = fc.oneof(fc.constant(CLEAN_TOKEN), partialTokenArb, junkTokenArb);

describe("evaluateStrategy properties", () => {
  it("never throws on a valid strategy, whatever the token holds, and its result is consistent", () => {
    fc.assert(
      fc.property(strategyArb, anyToken, (strategy, token) => {
        const r = evaluateStrategy(strategy, token);
        expect(r.matched && r.dealbreakerFailed).toBe(false);
        expect(r.matched).toBe(r.failureReason === null);
        for (const f of r.failedRules) expect(f.passed || f.skipped).toBe(false);
        for (const id of r.failedGroupIds) expect(r.matchedGroups).not.toContain(id);
        if (!strategy.matching?.enabled && !r.dealbreakerFailed)
          expect(r.matched).toBe(r.failedGroupIds.length === 0);
        if (r.ruleStats.percent !== null) expect(r.ruleStats.percent).toBeGreaterThanOrEqual(0);
        expect(r.debugTrail.length).toBeGreaterThan(0);
      }),
      { numRuns: 1_000 },
    );
  });

  it("a token that a strict strategy matches is also matched when the strategy is not strict", () => {
    // Strict turns missing data into failures, non-strict into skips: skipping can neither fail
    // a group nor lower the passing percentage.
    fc.assert(
      fc.property(strategyArb, anyToken, (strategy, token) => {
        if (evaluateStrategy({ ...strategy, strict: true }, token).matched)
          expect(evaluateStrategy({ ...strategy, strict: false }, token).matched).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("the stored form of a strategy evaluates to the same match as its rule items", () => {
    fc.assert(
      fc.property(rulesArb, fc.boolean(), anyToken, (rules, strict, token) => {
        const stored = rulesToStored(rules, { view: "list" });
        const a = evaluateStrategy({ rules, strict }, token);
        const b = evaluateStrategy({ ...stored, strict }, token);
        expect(b.matched).toBe(a.matched);
        expect(b.dealbreakerFailed).toBe(a.dealbreakerFailed);
        expect(b.failedGroupIds).toEqual(a.failedGroupIds);
      }),
      { numRuns: 500 },
    );
  });
});
