import { describe, expect, it } from "vitest";
import { childPath, describeValue, formatPath } from "../../../provider/model/validation-issue";

describe("validation paths and values", () => {
  it("append a plain key with a dot and quote any other key", () => {
    expect(childPath("rules[0]", "config")).toBe("rules[0].config");
    expect(childPath("", "name")).toBe("name");
    expect(childPath("windows", "5m")).toBe('windows["5m"]');
    expect(childPath("", "a b")).toBe('input["a b"]');
    expect(childPath("x", "k-".repeat(50))).toBe(`x["${"k-".repeat(30)}…"]`);
  });

  it("format a zod-style path, naming the root when it starts with an index", () => {
    expect(formatPath(["rules", 3, "max"])).toBe("rules[3].max");
    expect(formatPath([0, "id"], "")).toBe("[0].id");
    expect(formatPath([2])).toBe("input[2]");
    expect(formatPath([])).toBe("input");
  });

  it("describe any value shortly, without throwing", () => {
    expect(describeValue(null)).toBe("null");
    expect(describeValue([1, 2])).toBe("an array");
    expect(describeValue({ a: 1 })).toBe("an object");
    expect(describeValue(undefined)).toBe("undefined");
    expect(describeValue(10n)).toBe("10");
    expect(describeValue(() => 1)).toBe("a function");
    expect(describeValue(Symbol("s"))).toBe("a symbol");
  });
});
