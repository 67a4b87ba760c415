import { describe, expect, it } from "vitest";
import { describeBody, keysOf } from "../../../../cli/doctor/text";
import { answer } from "./doctor-context";

describe("describeBody", () => {
  it("gives an error's message, else the JSON, else the text, cut with an ellipsis", () => {
    expect(describeBody(answer(404, { statusCode: 404, message: "Strategy x not found" }))).toBe(
      "Strategy x not found",
    );
    expect(describeBody(answer(404, { statusCode: 404, message: "m".repeat(150) }))).toBe(
      `${"m".repeat(99)}…`,
    );
    expect(describeBody(answer(200, { a: 1 }))).toBe('{"a":1}');
    expect(describeBody({ ...answer(502, undefined), text: "Bad gateway" })).toBe("Bad gateway");
    expect(describeBody({ ...answer(502, undefined), text: "x".repeat(90) })).toHaveLength(80);
    expect(describeBody(answer(204, undefined))).toBe("no body");
  });
});

describe("keysOf", () => {
  it("lists an object's top-level keys sorted, and shows anything else as JSON", () => {
    expect(keysOf({ message: 1, error: 2, statusCode: 3 })).toBe("{error, message, statusCode}");
    expect(keysOf([1, 2])).toBe("[1,2]");
    expect(keysOf("text")).toBe('"text"');
    expect(keysOf(undefined)).toBe("no body");
  });
});
