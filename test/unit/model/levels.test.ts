import { describe, expect, it } from "vitest";
import { BUY_PRESSURE_SCALE, RISK_SEVERITY, rankOn } from "../../../provider/model/levels";
import { RISK_LEVELS } from "../../../provider/model/rule-catalog";

describe("the ordered scales", () => {
  it("rank the risk levels lowest first, the reverse of the catalog's order", () => {
    expect(RISK_SEVERITY).toEqual([...RISK_LEVELS].reverse());
    expect(rankOn(RISK_SEVERITY, "LOW")).toBe(0);
    expect(rankOn(RISK_SEVERITY, "CRITICAL")).toBe(RISK_SEVERITY.length - 1);
    expect(rankOn(RISK_SEVERITY, "HIGH")).toBeGreaterThan(rankOn(RISK_SEVERITY, "MEDIUM"));
  });

  it("put a value off the scale at -1", () => {
    expect(rankOn(RISK_SEVERITY, "low")).toBe(-1);
    expect(rankOn(BUY_PRESSURE_SCALE, "nonsense")).toBe(-1);
    expect(rankOn(BUY_PRESSURE_SCALE, BUY_PRESSURE_SCALE[0] as string)).toBe(0);
  });
});
