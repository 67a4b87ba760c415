import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  evaluateRule,
  RULE_EVALUATORS,
  RULE_FIELDS,
  RULE_IDS,
  TOKEN_FIELDS,
  TokenObservationSchema,
} from "../../../provider/model";
import { ruleItemArb } from "./arbitraries";
import { CLEAN_TOKEN, partialTokenArb } from "./evaluation-fixtures";

describe("TokenObservation", () => {
  it("every rule id of the catalog has an evaluator", () => {
    for (const id of RULE_IDS) expect(typeof RULE_EVALUATORS[id], id).toBe("function");
    expect(Object.keys(RULE_EVALUATORS).sort()).toEqual([...RULE_IDS].sort());
  });

  it("every rule id maps to at least one field of the token schema", () => {
    expect(Object.keys(RULE_FIELDS).sort()).toEqual([...RULE_IDS].sort());
    for (const id of RULE_IDS) {
      expect(RULE_FIELDS[id].length, id).toBeGreaterThan(0);
      for (const field of RULE_FIELDS[id]) expect(TOKEN_FIELDS, `${id} → ${field}`).toContain(field);
    }
  });

  it("every rule field of the schema is used by some rule (no orphan rule data)", () => {
    const identity = [
      "address",
      "name",
      "symbol",
      "chainId",
      "priceUsd",
      "developerAddress",
      "microblogTagIds",
      "observedAt",
    ];
    const used = new Set(Object.values(RULE_FIELDS).flat() as string[]);
    expect(TOKEN_FIELDS.filter((f) => !used.has(f) && !identity.includes(f))).toEqual([]);
  });

  it("a token holding only the fields RULE_FIELDS names for a rule evaluates the same as the full token", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...RULE_IDS).chain(ruleItemArb),
        fc.oneof(fc.constant(CLEAN_TOKEN), partialTokenArb),
        (item, token) => {
          const only = Object.fromEntries(
            (RULE_FIELDS[item.rule] as readonly string[])
              .filter((f) => f in token)
              .map((f) => [f, (token as Record<string, unknown>)[f]]),
          );
          expect(evaluateRule(item, { address: token.address, ...only })).toEqual(evaluateRule(item, token));
        },
      ),
      { numRuns: 500 },
    );
  });

  it("the schema accepts a full token and a token with only an address", () => {
    expect(TokenObservationSchema.parse(CLEAN_TOKEN)).toEqual(CLEAN_TOKEN);
    expect(TokenObservationSchema.parse({ address: "x" })).toEqual({ address: "x" });
  });

  it("the schema rejects a misspelt field instead of dropping it", () => {
    const r = TokenObservationSchema.safeParse({ address: "x", isHoneyPot: true });
    expect(r.success).toBe(false);
  });

  it("the schema rejects out-of-range values", () => {
    expect(TokenObservationSchema.safeParse({ address: "x", top10HolderPercent: 101 }).success).toBe(false);
    expect(TokenObservationSchema.safeParse({ address: "x", riskLevel: "low" }).success).toBe(false);
    expect(TokenObservationSchema.safeParse({ address: "x", volumeUsd: { "2h": 5 } }).success).toBe(false);
  });

  it("the test generator of partial tokens produces schema-valid tokens", () => {
    fc.assert(fc.property(partialTokenArb, (t) => TokenObservationSchema.safeParse(t).success));
  });
});
