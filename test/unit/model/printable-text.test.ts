import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hasHiddenCharacters, printableText } from "../../../provider/model/printable-text";
import { HOSTILE_CHARACTERS, hostileText, RAW_HIDDEN } from "../../support/hostile-text";

describe("printableText", () => {
  it("shows escape sequences, line breaks, C1 controls, bidi and zero-width characters as escapes", () => {
    expect(printableText("x\u001b]0;pwned\u0007\u202e")).toBe("x\\u001b]0;pwned\\u0007\\u202e");
    expect(printableText("a\u001b[2Kb\nc\rd\u0085e\u200bf\u202eg\th")).toBe(
      "a\\u001b[2Kb\\nc\\rd\\u0085e\\u200bf\\u202eg\\th",
    );
    expect(printableText("a\u2066b\u2028c\ufeffd\u00ade\u00a0f\u3164g\u{e0041}")).toBe(
      "a\\u2066b\\u2028c\\ufeffd\\u00ade\\u00a0f\\u3164g\\u{e0041}",
    );
  });

  it("leaves ordinary text, other scripts, emoji and backslashes as they are", () => {
    for (const text of ["plain text, 日本語", "C:\\Users\\me", "rocket 🚀 ok", "naïve café", "a b"]) {
      expect(printableText(text)).toBe(text);
      expect(hasHiddenCharacters(text)).toBe(false);
    }
  });

  it("escapes every hostile character and nothing raw survives", () => {
    for (const ch of HOSTILE_CHARACTERS) {
      expect(hasHiddenCharacters(ch)).toBe(true);
      expect(printableText(`a${ch}b`)).not.toMatch(RAW_HIDDEN);
    }
    fc.assert(
      fc.property(fc.oneof(hostileText, fc.string({ unit: "binary" })), (text) => {
        const shown = printableText(text);
        expect(shown).not.toMatch(RAW_HIDDEN);
        expect(hasHiddenCharacters(shown)).toBe(false);
        // Once is enough: a second pass changes nothing.
        expect(printableText(shown)).toBe(shown);
      }),
      { numRuns: 200 },
    );
  });

  it("keeps two names that only differ by an invisible character apart", () => {
    expect(printableText("Safety first")).not.toBe(printableText("Safety\u200b first"));
  });
});
