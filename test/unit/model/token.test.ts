import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RULE_EVALUATORS, RULE_IDS, TokenObservationSchema } from "../../../provider/model";
import { CLEAN_TOKEN, partialTokenArb } from "./evaluation-fixtures";

describe("TokenObservation", () => {
  it("every rule id of the catalog has an evaluator", () => {
    for (const id of RULE_IDS) expect(typeof RULE_EVALUATORS[id], id).toBe("function");
    expect(Object.keys(RULE_EVALUATORS).sort()).toEqual([...RULE_IDS].sort());
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
