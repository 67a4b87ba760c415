import { describe, expect, it } from "vitest";
import {
  checkBoolean,
  checkNumber,
  checkOneOf,
  expectObject,
  has,
  IssueList,
  isPlainObject,
  own,
  rejectUnknownKeys,
  requireField,
} from "../../../provider/model/validation-checks";

describe("the validators' building blocks", () => {
  it("read only own properties, so an inherited key is never a field", () => {
    const obj = Object.create({ inherited: 1 }) as Record<string, unknown>;
    obj.own = 2;
    obj.empty = undefined;
    expect(own(obj, "inherited")).toBeUndefined();
    expect(own(obj, "own")).toBe(2);
    expect(has(obj, "inherited")).toBe(false);
    expect(has(obj, "empty")).toBe(false);
    expect(isPlainObject([])).toBe(false);
    expect(isPlainObject(null)).toBe(false);
  });

  it("report each problem starting with the path it names", () => {
    const issues = new IssueList();
    expect(expectObject("x", "config", issues)).toBe(false);
    checkBoolean(1, "enabled", issues);
    checkOneOf("x", ["a", "b"], "kind", issues, "a kind");
    rejectUnknownKeys({ a: 1, "5m": 2 }, ["a"], "config", issues, "field");
    expect(requireField({}, "rule", "rules[0]", issues)).toBe(false);
    expect(issues.items).toEqual([
      { path: "config", message: 'config must be an object, got "x"' },
      { path: "enabled", message: "enabled must be a boolean, got 1" },
      { path: "kind", message: 'kind "x" is not a kind; expected one of a, b' },
      { path: 'config["5m"]', message: 'config["5m"] is not a supported field' },
      { path: "rules[0].rule", message: "rules[0].rule is required" },
    ]);
  });

  it("checkNumber returns a valid number and reports every bound it breaks", () => {
    const issues = new IssueList();
    expect(checkNumber(5, "n", issues, { min: 0, max: 10, integer: true })).toBe(5);
    expect(checkNumber(-1.5, "n", issues, { min: 0, integer: true })).toBeUndefined();
    expect(checkNumber(11, "n", issues, { min: 1, max: 10 })).toBeUndefined();
    expect(checkNumber(Number.NaN, "n", issues)).toBeUndefined();
    expect(issues.items.map((i) => i.message)).toEqual([
      "n must be an integer, got -1.5",
      "n must not be negative, got -1.5",
      "n must be at most 10, got 11",
      "n must be a finite number, got NaN",
    ]);
  });
});
