import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { quoted } from "../../../../cli/import/printable";
import { HOSTILE_TEXT, RAW_IN_SOURCE } from "./hostile-text";

describe("a quoted string of account text", () => {
  it("escapes every hidden character as well as what JSON escapes", () => {
    expect(quoted('say "hi"\n')).toBe('"say \\"hi\\"\\n"');
    expect(quoted("zero\u200bwidth bidi\u202e bom\ufeff")).toBe('"zero\\u200bwidth bidi\\u202e bom\\ufeff"');
    expect(quoted("日本語 🚀")).toBe('"日本語 🚀"');
  });

  it("keeps a character beyond U+FFFF as it is (no escaped surrogate pair YAML would refuse)", () => {
    expect(quoted("tag\u{e0041}")).toBe('"tag\u{e0041}"');
  });

  it("reads back as the text in JSON and in YAML alike, with nothing raw in it", () => {
    for (const text of HOSTILE_TEXT) {
      const literal = quoted(text);
      expect(literal).not.toMatch(RAW_IN_SOURCE);
      expect(JSON.parse(literal)).toBe(text);
      expect(parse(literal)).toBe(text);
    }
  });
});
