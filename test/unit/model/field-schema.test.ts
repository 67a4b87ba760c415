import { describe, expect, it } from "vitest";
import { fieldSchema } from "../../../provider/model/field-schema";
import { STRATEGY_KIND } from "../../../provider/model/kinds/strategy";
import { STRATEGY_FIELD_SCHEMAS } from "../../../provider/model/strategy";

const ok = (schema: { safeParse(v: unknown): { success: boolean } }, value: unknown) =>
  schema.safeParse(value).success;

describe("a scalar field's schema, built from its descriptor", () => {
  it("holds an integer within its bounds, and leaves it optional without `required`", () => {
    const schema = fieldSchema({ description: "", type: "integer", bounds: { min: 2, max: 5 } });
    expect([1, 2, 5, 6, 2.5, "3", undefined, null].map((v) => ok(schema, v))).toEqual([
      false,
      true,
      true,
      false,
      false,
      false,
      true,
      false,
    ]);
  });

  it("holds a string to its length, takes null when its default is null, and requires it when required", () => {
    const optional = fieldSchema({ description: "", type: "string", default: null, bounds: { max: 3 } });
    expect(["abc", "abcd", null, undefined, 1].map((v) => ok(optional, v))).toEqual([
      true,
      false,
      true,
      true,
      false,
    ]);
    const required = fieldSchema({ description: "", type: "string", required: true, bounds: { min: 1 } });
    expect(["a", "", undefined, null].map((v) => ok(required, v))).toEqual([true, false, false, false]);
  });

  it("takes a boolean, never null unless its default is null", () => {
    const schema = fieldSchema({ description: "", type: "boolean", default: false });
    expect([true, false, undefined, null, "true"].map((v) => ok(schema, v))).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it("is what the Strategy's body takes for each bounded scalar, at each bound the descriptor states", () => {
    const inputs = STRATEGY_KIND.inputs as Record<
      string,
      { type: unknown; bounds?: { min?: number; max?: number } }
    >;
    const checked = Object.entries(inputs).filter(
      ([name, f]) =>
        f.bounds !== undefined &&
        (f.type === "integer" || f.type === "string") &&
        name in STRATEGY_FIELD_SCHEMAS,
    );
    expect(checked.map(([name]) => name)).toContain("alertCooldownMins");
    for (const [name, f] of checked) {
      const schema = STRATEGY_FIELD_SCHEMAS[name as keyof typeof STRATEGY_FIELD_SCHEMAS];
      const at = (n: number) => (f.type === "integer" ? n : "n".repeat(n));
      const { min, max } = f.bounds ?? {};
      if (max !== undefined) {
        expect(ok(schema, at(max)), `${name} at ${max}`).toBe(true);
        expect(ok(schema, at(max + 1)), `${name} past ${max}`).toBe(false);
      }
      if (min !== undefined) {
        expect(ok(schema, at(min)), `${name} at ${min}`).toBe(true);
        expect(ok(schema, at(min - 1)), `${name} below ${min}`).toBe(false);
      }
    }
  });
});
