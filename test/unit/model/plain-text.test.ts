import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { validateStrategyInput } from "../../../provider/model/validate-strategy";

const base = {
  name: "Momentum",
  triggers: ["new_token_created"],
  rules: [{ rule: "is_honeypot", dealbreaker: true }],
};
const issues = (input: Record<string, unknown>) => {
  const result = validateStrategyInput({ ...base, isActive: false, ...input }, "create");
  return result.ok ? [] : result.issues;
};

/** Characters plain text may not hold: C0 and C1 controls, DEL, bidi controls, separators. */
const forbidden = fc
  .oneof(
    fc.integer({ min: 0, max: 0x1f }).filter((c) => c !== 0x0a && c !== 0x09),
    fc.integer({ min: 0x7f, max: 0x9f }),
    fc.constantFrom(
      0x061c,
      0x200e,
      0x200f,
      0x202a,
      0x202b,
      0x202c,
      0x202d,
      0x202e,
      0x2066,
      0x2067,
      0x2068,
      0x2069,
    ),
    fc.constantFrom(0x2028, 0x2029),
  )
  .map((cp) => String.fromCodePoint(cp));

describe("names and descriptions are plain text", () => {
  it("refuses an escape, a bell, a bidi override and NUL, naming the field and showing the character escaped", () => {
    expect(issues({ name: "ab\u001b[31mred" })).toEqual([
      {
        path: "name",
        message:
          "name contains the control character \\u001b at position 3: names and descriptions are plain text",
      },
    ]);
    expect(issues({ name: "bell\u0007" })[0]?.message).toContain("control character \\u0007 at position 5");
    expect(issues({ description: "safe \u202eeslaf" })[0]?.message).toBe(
      "description contains the bidi control character \\u202e at position 6: names and descriptions are plain text",
    );
    expect(issues({ name: "nul\u0000" })[0]?.path).toBe("name");
  });

  it("counts positions in characters as a reader does (an emoji is one)", () => {
    expect(issues({ name: "🔥\u0007" })[0]?.message).toContain("at position 2");
  });

  it("lets a description hold line feeds and tabs, a name neither", () => {
    expect(issues({ description: "first line\n\tsecond line" })).toEqual([]);
    expect(issues({ name: "two\nlines" })[0]?.message).toContain("control character \\u000a at position 4");
    expect(issues({ description: "a\r\nb" })[0]?.message).toContain("\\u000d");
  });

  it("keeps emoji and the joiners and selectors they are made of", () => {
    expect(issues({ name: "👨‍👩‍👧 team ❤️", description: "café — ünïcode" })).toEqual([]);
  });

  it("any control or bidi character in a name or description is refused naming the field, in a bounded message", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("name", "description"),
        fc.string({ maxLength: 3_000 }),
        forbidden,
        fc.string({ maxLength: 3_000 }),
        (field, before, char, after) => {
          const found = issues({ [field]: `${before}${char}${after}` }).filter(
            (i) => i.path === field && i.message.includes("plain text"),
          );
          expect(found).toHaveLength(1);
          expect(found[0]?.message.startsWith(`${field} contains the `)).toBe(true);
          expect(found[0]?.message).not.toContain(char);
          expect(found[0]?.message.length).toBeLessThan(160);
        },
      ),
    );
  });

  it("the emulator, being the service, stores what the spec allows: a string", () => {
    const result = validateStrategyInput({ ...base, name: "x\u001b[31m", isActive: false }, "create", {
      controlCharacters: "accept",
    });
    expect(result.ok).toBe(true);
  });
});
