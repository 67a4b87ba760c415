import { describe, expect, it } from "vitest";
import { deferred } from "../../provider/deferred";

describe("deferred", () => {
  it("loads nothing until the first call, then calls the loaded function with the arguments", () => {
    const loads: string[] = [];
    const add = deferred(() => {
      loads.push("load");
      return (a: number, b: number) => a + b;
    });
    expect(loads).toEqual([]);
    expect(add(2, 3)).toBe(5);
    expect(add(4, 5)).toBe(9);
    // The loader runs per call; `require` caches the module, so only the first call loads it.
    expect(loads).toHaveLength(2);
  });

  it("passes a throw of the loaded function through unchanged", () => {
    const boom = new Error("boom");
    const fails = deferred(() => () => {
      throw boom;
    });
    expect(() => fails()).toThrow(boom);
  });
});
