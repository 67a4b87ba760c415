import { describe, expect, it } from "vitest";
import { code, expanded, LINE_WIDTH, printString, printValue } from "../../../../cli/import/ts-source";

describe("TypeScript values as the formatters lay them out", () => {
  it("puts a group on one line when it fits", () => {
    expect(printValue({ a: 1, b: "x", c: [1, 2], "d-e": null }, 0, 0)).toBe(
      '{ a: 1, b: "x", c: [1, 2], "d-e": null }',
    );
  });

  it("breaks a group that passes the line width, one element per line with trailing commas", () => {
    const long = "x".repeat(LINE_WIDTH - 10);
    expect(printValue({ a: long, b: [1, 2, 3] }, 1, 10)).toBe(`{\n    a: "${long}",\n    b: [1, 2, 3],\n  }`);
    // The same object fits where fewer columns are taken before it.
    expect(printValue({ a: "short", b: [1, 2, 3] }, 1, 10)).toBe('{ a: "short", b: [1, 2, 3] }');
  });

  it("always breaks a resource's arguments, and prints code as it is", () => {
    expect(printValue(expanded({ a: 1 }), 0, 0)).toBe("{\n  a: 1,\n}");
    expect(printValue({ address: code("dev.address") }, 0, 0)).toBe("{ address: dev.address }");
  });

  it("refuses what TypeScript cannot hold as a literal", () => {
    expect(() => printValue(Number.NaN, 0, 0)).toThrow(TypeError);
    expect(() => printValue(() => 1, 0, 0)).toThrow(TypeError);
  });
});

describe("a TypeScript string of account text", () => {
  it("takes double quotes unless the text holds more of them than single quotes", () => {
    expect(printString("it's")).toBe('"it\'s"');
    expect(printString('say "hi"')).toBe("'say \"hi\"'");
    expect(printString('say "hi" it\'s')).toBe("'say \"hi\" it\\'s'");
  });

  it("escapes controls and invisible characters", () => {
    expect(printString("a\u200bb\u0007\n")).toBe('"a\\u200bb\\u0007\\n"');
  });
});
