import { describe, expect, it } from "vitest";
import { UNKNOWN } from "../../../provider/model/unknown-value";
import { isUnknownValue, num, plural, UNKNOWN_WORDS, value } from "../../../provider/review/words";

describe("values in words", () => {
  it("formats numbers in en-US with at most four decimals", () => {
    expect(String(num(1234567.891234))).toBe("1,234,567.8912");
    expect(String(num(-5))).toBe("-5");
  });

  it("says a value unknown before apply, none, on/off, lists and objects", () => {
    expect(isUnknownValue(UNKNOWN)).toBe(true);
    expect(value(UNKNOWN)).toBe(UNKNOWN_WORDS);
    expect(String(value(null))).toBe("none");
    expect(String(value([]))).toBe("none");
    expect(String(value(true))).toBe("on");
    expect(String(value([1000, false]))).toBe("1,000, off");
    expect(String(value({ min: 5000, max: undefined }))).toBe("min 5,000");
  });

  it("cuts a long string and counts with the word the code chose", () => {
    expect(String(value("x".repeat(500))).length).toBeLessThan(300);
    expect(String(plural(1, "rule"))).toBe("1 rule");
    expect(String(plural(3, "policy", "policies"))).toBe("3 policies");
  });
});
