import { describe, expect, it } from "vitest";
import { aliasIssue, isDeveloperAddress, isUuid, uuidIssue } from "../../../provider/model/identifiers";

describe("a developer's address", () => {
  it("is a base58 address of 32 to 44 characters or 0x and 40 hex digits", () => {
    expect(isDeveloperAddress("7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU")).toBe(true);
    expect(isDeveloperAddress(`0x${"ab".repeat(20)}`)).toBe(true);
    expect(isDeveloperAddress("0xabc")).toBe(false);
  });

  it("refuses control, bidi and invisible characters and blank text, which no form holds", () => {
    const base = "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJos";
    for (const hostile of [`${base}\u001b`, `${base}\u202e`, "\u200b", `${base}\u200b`, " ".repeat(40)])
      expect(isDeveloperAddress(hostile)).toBe(false);
  });
});

describe("a UUID", () => {
  it("is RFC 9562's textual form", () => {
    expect(isUuid("0b6c3a52-6f55-4a7e-9f3e-2d7f4c1e8a90")).toBe(true);
    expect(isUuid("0B6C3A52-6F55-4A7E-9F3E-2D7F4C1E8A90")).toBe(true);
    expect(isUuid("t\u202e")).toBe(false);
    expect(isUuid("0b6c3a52-6f55-4a7e-9f3e-2d7f4c1e8a90\n")).toBe(false);
  });

  it("fails naming the field and quoting the value", () => {
    expect(uuidIssue("t1", "tagIds[0]", "a developer tag id")).toBe(
      'tagIds[0] must be a UUID (a developer tag id), got "t1"',
    );
    expect(uuidIssue("0b6c3a52-6f55-4a7e-9f3e-2d7f4c1e8a90", "adopt", "a strategy id")).toBeUndefined();
  });
});

describe("a developer's alias", () => {
  it("is refused blank, U+3000 alone included (the service trims it), and past 100 characters", () => {
    expect(aliasIssue("\u3000")).toBe("alias must not be blank (the service trims spaces, U+3000 included)");
    expect(aliasIssue("  ")).toBeDefined();
    expect(aliasIssue("x".repeat(101))).toBe("alias must be at most 100 characters");
    expect(aliasIssue("trusted launcher")).toBeUndefined();
  });
});
