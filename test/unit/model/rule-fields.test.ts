import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evaluateRule, RULE_IDS, TOKEN_FIELDS } from "../../../provider/model";
import { RULE_FIELDS } from "../../../provider/model/rule-fields";
import { ruleItemArb } from "./arbitraries";
import { CLEAN_TOKEN, partialTokenArb } from "./evaluation-fixtures";

describe("RULE_FIELDS", () => {
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
});
