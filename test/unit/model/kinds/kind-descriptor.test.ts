import { describe, expect, it } from "vitest";
import { tokensOf, typeWordsOf } from "../../../../provider/model/kinds/kind-descriptor";

describe("a field's type in words", () => {
  it("reads a scalar's from its type, its bounds and whether null is a value", () => {
    expect(typeWordsOf({ description: "", type: "integer", bounds: { min: 0, max: 1440 } })).toBe(
      "integer 0–1440",
    );
    expect(typeWordsOf({ description: "", type: "integer", bounds: { max: 9 } })).toBe("integer");
    expect(typeWordsOf({ description: "", type: "string", default: null, bounds: { max: 5 } })).toBe(
      "string or null",
    );
    expect(typeWordsOf({ description: "", type: "string", declared: { nullable: true } })).toBe(
      "string or null",
    );
    expect(typeWordsOf({ description: "", type: "strings" })).toBe("string[]");
    expect(typeWordsOf({ description: "", type: "boolean", default: true })).toBe("boolean");
    expect(typeWordsOf({ description: "", type: "ruleItems" })).toBe("rule items (a union on `rule`)");
  });

  it("keeps the words a descriptor gives, and names a named type without them", () => {
    expect(typeWordsOf({ description: "", type: "string", typeWords: "ISO 8601" })).toBe("ISO 8601");
    const named = { zod: () => ({}) as never, name: "RetryPolicy" };
    expect(typeWordsOf({ description: "", type: named })).toBe("RetryPolicy");
  });
});

describe("a kind's type tokens", () => {
  it("are the dynamic resource's and the plugin's", () => {
    expect(tokensOf("Thing")).toEqual({
      dynamicToken: "pulumi-nodejs:dynamic/strategy-alerts:Thing",
      pluginToken: "strategy-alerts:index:Thing",
    });
  });
});
