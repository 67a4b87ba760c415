import { describe, expect, it } from "vitest";
import { goComment, goString } from "../../../../cli/import/go-source";
import { HOSTILE_TEXT, RAW_IN_SOURCE } from "./hostile-text";

// That every literal reads back as the text it was made from (go run) is tested in
// test/integration/cli/import/go-source.test.ts.
describe("Go string literals and comments of account text", () => {
  it("escape quotes, backslashes, controls, separators, bidi and invisible characters", () => {
    expect(goString('say "hi" \\ there')).toBe('"say \\"hi\\" \\\\ there"');
    expect(goString("a\nb\rc\td\u0007")).toBe('"a\\nb\\rc\\td\\a"');
    expect(goString("sep\u2028arator\u2029")).toBe('"sep\\u2028arator\\u2029"');
    expect(goString("bidi\u202eevil\u2066 zero\u200bwidth bom\ufeff")).toBe(
      '"bidi\\u202eevil\\u2066 zero\\u200bwidth bom\\ufeff"',
    );
    expect(goString("esc\u001b c1\u009b")).toBe('"esc\\x1b c1\\u009b"');
    expect(goString("tag \u{e0041}")).toBe('"tag \\U000e0041"');
    expect(goString("日本語 🚀")).toBe('"日本語 🚀"');
    // A lone surrogate is no code point Go accepts as \u: its WTF-8 bytes.
    expect(goString("\ud800")).toBe('"\\xed\\xa0\\x80"');
  });

  it("keep every comment on its line, whatever the text (a */ cannot end a // comment)", () => {
    for (const text of HOSTILE_TEXT) {
      const comment = goComment(text, "\t");
      expect(comment.split("\n")).toHaveLength(1);
      expect(comment).not.toMatch(RAW_IN_SOURCE);
    }
  });
});
