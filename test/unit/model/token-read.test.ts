import { describe, expect, it } from "vitest";
import {
  readBag,
  readBoolean,
  readMember,
  readNumber,
  readObjects,
} from "../../../provider/model/token-read";

describe("defensive reads of a token", () => {
  it("read a value of the right type", () => {
    const token = { n: 5, b: false, m: "high", list: [{ a: 1 }, 2, null, [3]], bag: { x: 1 } };
    expect(readNumber(token, "n")).toBe(5);
    expect(readBoolean(token, "b")).toBe(false);
    expect(readMember(token, "m", ["LOW", "HIGH"], (s) => s.toUpperCase())).toBe("HIGH");
    expect(readObjects(token, "list")).toEqual([{ a: 1 }]);
    expect(readBag(token, "bag")).toEqual({ x: 1 });
  });

  it("read a wrong type, a non-finite number or a value off the list as absent", () => {
    const token = { n: Number.NaN, inf: Number.POSITIVE_INFINITY, s: "5", b: "true", m: "high", bag: [1] };
    expect(readNumber(token, "n")).toBeUndefined();
    expect(readNumber(token, "inf")).toBeUndefined();
    expect(readNumber(token, "s")).toBeUndefined();
    expect(readBoolean(token, "b")).toBeUndefined();
    expect(readMember(token, "m", ["LOW", "HIGH"])).toBeUndefined();
    expect(readObjects(token, "n")).toBeUndefined();
    expect(readBag(token, "bag")).toBeUndefined();
  });

  it("read nothing from a token that is not an object", () => {
    for (const bag of [null, undefined, 3, "x", [{ n: 1 }]]) {
      expect(readNumber(bag, "n")).toBeUndefined();
      expect(readBag(bag, "n")).toBeUndefined();
    }
  });
});
