import { describe, expect, it } from "vitest";
import { fillRoute, serializeQuery } from "../../../provider/api/query";

describe("serializeQuery", () => {
  it("sends arrays as one CSV parameter and booleans as true/false", () => {
    expect(
      serializeQuery({ failedGroupIds: ["security", "ai"], matched: false, dealbreakerFailed: true }),
    ).toBe("?failedGroupIds=security,ai&matched=false&dealbreakerFailed=true");
  });

  it("leaves out undefined, null and empty arrays, and returns an empty string for nothing", () => {
    expect(serializeQuery({ a: undefined, b: null, c: [] })).toBe("");
    expect(serializeQuery(undefined)).toBe("");
  });

  it("percent-encodes values but keeps the CSV commas readable", () => {
    expect(serializeQuery({ address: "Ab%", datetime: "2026-04-01T00:00:00Z" })).toBe(
      "?address=Ab%25&datetime=2026-04-01T00%3A00%3A00Z",
    );
  });
});

describe("fillRoute", () => {
  it("fills and encodes every parameter", () => {
    expect(fillRoute("/devs/:address/tags", { address: "a b/c" })).toBe("/devs/a%20b%2Fc/tags");
  });

  it("refuses an empty parameter instead of calling the collection route", () => {
    expect(() => fillRoute("/strategies/:id", { id: "" })).toThrow(/"id" is missing or empty/);
  });
});
