import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fieldIssues, listSizeIssues } from "../../../provider/model/field-issues";

const messages = (schema: z.ZodType, value: unknown, path = "field") =>
  fieldIssues(schema, value, path).map((i) => i.message);

describe("fieldIssues: a field's schema in the checks' words", () => {
  it("says nothing of a value that passes", () => {
    expect(fieldIssues(z.string().max(3), "abc", "name")).toEqual([]);
  });

  it("words types, absence and emptiness", () => {
    expect(messages(z.string(), 5)).toEqual(["field must be a string, got 5"]);
    expect(messages(z.boolean(), "yes")).toEqual(['field must be a boolean, got "yes"']);
    expect(messages(z.strictObject({ a: z.string() }), 3)).toEqual(["field must be an object, got 3"]);
    expect(messages(z.strictObject({ a: z.string() }), {})).toEqual(["field.a is required"]);
    expect(messages(z.string().min(1), "")).toEqual(["field must not be empty"]);
    expect(messages(z.number(), Number.NaN)).toEqual(["field must be a finite number, got NaN"]);
    expect(messages(z.number().int(), 1.5)).toEqual(["field must be an integer, got 1.5"]);
  });

  it("words the bounds of strings and numbers with the value it got", () => {
    expect(messages(z.string().max(3), "abcd")).toEqual(["field must be at most 3 characters, got 4"]);
    expect(messages(z.number().nonnegative(), -1)).toEqual(["field must not be negative, got -1"]);
    expect(messages(z.number().max(100), 101)).toEqual(["field must be at most 100, got 101"]);
    expect(messages(z.number().min(5), 1)).toEqual(["field must be at least 5, got 1"]);
  });

  it("describes an integer bounded on both sides by its range, whatever is wrong", () => {
    const schema = z.number().int().min(0).max(10).optional();
    for (const bad of [11, -1, 1.5, "5"])
      expect(messages(schema, bad)).toEqual([
        `field must be an integer between 0 and 10, got ${JSON.stringify(bad)}`,
      ]);
  });

  it("lists unknown keys first, each under its own path", () => {
    const schema = z.strictObject({ type: z.string().min(1) });
    expect(messages(schema, { type: "", x: 1 }, "retryPolicy")).toEqual([
      "retryPolicy.x is not a supported retryPolicy field",
      "retryPolicy.type must not be empty",
    ]);
  });
});

describe("listSizeIssues", () => {
  const words = { noun: "entries", empty: "must not be empty" };
  it("words only the list's size, never its elements", () => {
    const schema = z
      .array(z.enum(["a"]))
      .min(1)
      .max(2);
    expect(listSizeIssues(schema, [], "list", words).map((i) => i.message)).toEqual([
      "list must not be empty",
    ]);
    expect(listSizeIssues(schema, ["b", "b", "b"], "list", words).map((i) => i.message)).toEqual([
      "list must have at most 2 entries, got 3",
    ]);
    expect(listSizeIssues(schema, ["b"], "list", words)).toEqual([]);
  });
});
