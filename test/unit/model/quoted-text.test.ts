import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cutText, QUOTED_PREFIX, quotedText, shortText } from "../../../provider/model/quoted-text";
import { describeValue } from "../../../provider/model/validation-issue";

describe("values quoted in messages", () => {
  it("quotes a short value whole and a long one as a prefix and its length", () => {
    expect(quotedText("Momentum")).toBe('"Momentum"');
    expect(quotedText("a".repeat(100_000))).toBe(`"${"a".repeat(QUOTED_PREFIX)}…" (100000 characters)`);
    expect(describeValue("a".repeat(100_000))).toBe(quotedText("a".repeat(100_000)));
  });

  it("escapes control and bidi characters, in the prefix too", () => {
    expect(quotedText("x\u001b[31m\u202e")).toBe('"x\\u001b[31m\\u202e"');
    expect(quotedText(`\u202e${"b".repeat(100)}`)).toMatch(/^"\\u202eb+…" \(101 characters\)$/);
  });

  it("never cuts a surrogate pair in half", () => {
    const text = `${"a".repeat(QUOTED_PREFIX - 1)}😀${"a".repeat(10)}`;
    expect(quotedText(text)).toBe(`"${"a".repeat(QUOTED_PREFIX - 1)}…" (${text.length} characters)`);
  });

  it("cuts free text after its limit with the length it had", () => {
    expect(cutText("short", 10)).toBe("short");
    expect(cutText("x".repeat(50), 10)).toBe(`${"x".repeat(10)}… (cut: 50 characters)`);
    expect(shortText(`\u0007${"x".repeat(50)}`, 10)).toBe(`\\u0007${"x".repeat(9)}… (cut: 51 characters)`);
  });

  it("bounds the length of any quote, whatever the size of the value", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 2_000 }), (text) => {
        // Each character may become an escape of up to ten characters (\u{e0041}).
        expect(quotedText(text).length).toBeLessThanOrEqual(QUOTED_PREFIX * 10 + 40);
        expect(shortText(text, 100).length).toBeLessThanOrEqual(100 * 10 + 40);
      }),
    );
  });
});
