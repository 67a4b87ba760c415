import { describe, expect, it } from "vitest";
import { pythonComment, pythonString, snakeCase } from "../../../../cli/import/python-source";
import { HOSTILE_TEXT, RAW_IN_SOURCE } from "./hostile-text";

// That every literal reads back as its text is tested in
// test/integration/cli/import/python-source.test.ts.
describe("Python string literals and comments of account text", () => {
  it("are plain double-quoted literals with every break, quote and hidden character escaped", () => {
    expect(pythonString('say "hi" \\ {x}')).toBe('"say \\"hi\\" \\\\ {x}"');
    expect(pythonString("a\nb\rc\td\u0007")).toBe('"a\\nb\\rc\\td\\x07"');
    expect(pythonString("sep\u2028 bidi\u202e bom\ufeff tag\u{e0041}")).toBe(
      '"sep\\u2028 bidi\\u202e bom\\ufeff tag\\U000e0041"',
    );
    expect(pythonString('"""')).toBe('"\\"\\"\\""');
    expect(pythonString("日本語 🚀")).toBe('"日本語 🚀"');
  });

  it("keep every comment on its line", () => {
    for (const text of HOSTILE_TEXT) {
      const comment = pythonComment(text);
      expect(comment.split("\n")).toHaveLength(1);
      expect(comment).not.toMatch(RAW_IN_SOURCE);
      expect(comment).not.toMatch(/[\r\f\v\u0085]/);
    }
  });

  it("name properties and variables as the SDK does", () => {
    expect(snakeCase("triggerConfigs")).toBe("trigger_configs");
    expect(snakeCase("followed_dev_new_token_created")).toBe("followed_dev_new_token_created");
    expect(snakeCase("strategy2xHunters")).toBe("strategy2x_hunters");
  });
});
