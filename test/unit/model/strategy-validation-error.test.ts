import { describe, expect, it } from "vitest";
import { StrategyAlertsError } from "../../../provider/model/errors";
import { StrategyValidationError } from "../../../provider/model/strategy-validation-error";

const issue = (i: number) => ({ path: `rules[${i}]`, message: `rules[${i}] is wrong` });

describe("StrategyValidationError", () => {
  it("lists one problem in the singular", () => {
    const e = new StrategyValidationError([issue(0)]);
    expect(e).toBeInstanceOf(StrategyAlertsError);
    expect(e.name).toBe("StrategyValidationError");
    expect(e.message).toBe("Invalid strategy (1 problem):\n  - rules[0] is wrong");
  });

  it("lists the first twenty issues and counts the rest, while holding all of them", () => {
    const issues = Array.from({ length: 10_000 }, (_, i) => issue(i));
    const e = new StrategyValidationError(issues);
    const lines = e.message.split("\n");
    expect(lines[0]).toBe("Invalid strategy (10000 problems):");
    expect(lines).toHaveLength(22);
    expect(lines[20]).toBe("  - rules[19] is wrong");
    expect(lines[21]).toBe("  - … and 9980 more");
    expect(e.issues).toHaveLength(10_000);
  });

  it("lists exactly twenty issues without a count of more", () => {
    const e = new StrategyValidationError(Array.from({ length: 20 }, (_, i) => issue(i)));
    expect(e.message).not.toContain("more");
    expect(e.message.split("\n")).toHaveLength(21);
  });
});
