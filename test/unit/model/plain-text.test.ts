import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { plainTextIssue, plainTextOf } from "../../../provider/model/plain-text";
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

describe("names that look like another or like nothing", () => {
  const NAME = { path: "name", allowLineBreaks: false };
  const message = (text: string) => plainTextIssue(text, NAME)?.message;

  it.each([
    ["Safety\u200bfirst", "\\u200b", 7],
    ["\ufeffMomentum", "\\ufeff", 1],
    ["Tag\u{e0041}", "\\u{e0041}", 4],
    ["\u2060\u2060", "\\u2060", 1],
    ["\u3164", "\\u3164", 1],
    ["soft\u00adhyphen", "\\u00ad", 5],
    ["Safety\u200dfirst", "\\u200d", 7],
  ])(
    "refuses the invisible character in %j, naming the field, the character (%s) and its position",
    (text, char, position) => {
      expect(message(text)).toBe(
        `name contains the invisible character ${char} at position ${position}: names and descriptions are plain text`,
      );
    },
  );

  it("names the description when it holds the invisible character", () => {
    expect(issues({ description: "see\u200b" })[0]?.message).toBe(
      "description contains the invisible character \\u200b at position 4: names and descriptions are plain text",
    );
  });

  it("refuses a name with nothing visible in it", () => {
    expect(message("\u0301\u0302")).toBe(
      "name must show a letter, digit, punctuation mark or symbol; it has only spaces and combining characters: names and descriptions are plain text",
    );
    // A blank name is the name's own rule: must not be empty.
    expect(message("   ")).toBeUndefined();
    expect(issues({ name: "   " }).map((i) => i.message)).toEqual(["name must not be empty"]);
  });

  it("keeps emoji sequences, flag tag sequences and the joiners of joining scripts", () => {
    for (const text of [
      "👩‍💻 desk",
      "❤️‍🔥",
      "🧑🏽‍💻",
      "🏳️‍🌈",
      "🏴\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f} Scotland",
      "می\u200cخواهم",
      "क्\u200dष",
      "日本語",
      "café",
    ])
      expect(message(text)).toBeUndefined();
    // A tag sequence that is not a flag's, or a joiner beside nothing it joins, is refused.
    expect(message("🚀\u{e0067}\u{e007f}")).toContain("invisible character \\u{e0067}");
    expect(message("👩\u200d")).toContain("invisible character \\u200d");
  });
});

describe("plainTextOf: what import declares for text the rule refuses", () => {
  const NAME = { path: "name", allowLineBreaks: false };
  const DESCRIPTION = { path: "description", allowLineBreaks: true };

  it("drops invisible characters and makes line breaks spaces in a name", () => {
    expect(plainTextOf("Safety\u200bfirst", NAME)).toBe("Safetyfirst");
    expect(plainTextOf("\ufeffMomentum", NAME)).toBe("Momentum");
    expect(plainTextOf("Line\u2028two", NAME)).toBe("Line two");
    expect(plainTextOf("red\u001b[31m", NAME)).toBe("red[31m");
    expect(plainTextOf("Fine name", NAME)).toBe("Fine name");
  });

  it("keeps line feeds and tabs of a description and makes other breaks line feeds", () => {
    expect(plainTextOf("a\r\nb\u2028c\td\u200b", DESCRIPTION)).toBe("a\nb\nc\td");
  });

  it("is undefined when nothing visible is left", () => {
    expect(plainTextOf("\u2060\u2060", NAME)).toBeUndefined();
    expect(plainTextOf("\u3164", NAME)).toBeUndefined();
    expect(plainTextOf("\u0301", NAME)).toBeUndefined();
  });

  it("always gives text the rule accepts, or nothing", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 40 }), fc.boolean(), (text, lines) => {
        const field = lines ? DESCRIPTION : NAME;
        const plain = plainTextOf(text, field);
        if (plain !== undefined) expect(plainTextIssue(plain, field)).toBeUndefined();
        if (plainTextIssue(text, field) === undefined && text.trim() !== "") expect(plain).toBe(text);
      }),
    );
  });
});

describe("look-alike names", () => {
  it("refuses a variation selector after a letter, where it selects nothing and shows nothing", () => {
    expect(issues({ name: "Safety\ufe0f first" })[0]?.message).toBe(
      "name contains the invisible character \\ufe0f at position 7: names and descriptions are plain text",
    );
    expect(issues({ description: "a\u{e0100}b" })[0]?.message).toContain("invisible character \\u{e0100}");
  });

  it("keeps a variation selector on an emoji, a keycap, a symbol or a Han ideograph", () => {
    expect(issues({ name: "❤️ 1️⃣ ☺︎ 葛\u{e0100} 👍🏽" })).toEqual([]);
  });

  it("refuses Latin and Cyrillic (or Greek) letters mixed inside one word, naming the scripts and where", () => {
    expect(issues({ name: "Safe P\u0430ypal" })[0]?.message).toBe(
      "name mixes Latin and Cyrillic letters in the word at position 6: look-alike letters of two scripts in one word make it read as another word; names and descriptions are plain text",
    );
    expect(issues({ description: "ok \u03bfkay" })[0]?.message).toContain("Latin and Greek letters");
  });

  it("keeps a name wholly in one non-Latin script, and words of different scripts side by side", () => {
    expect(issues({ name: "Пампа сигнал" })).toEqual([]);
    expect(issues({ name: "Ψήφος μέρας" })).toEqual([]);
    expect(issues({ name: "日本語のテスト" })).toEqual([]);
    expect(issues({ name: "Momentum Импульс" })).toEqual([]);
  });

  it("refuses an unassigned code point", () => {
    expect(issues({ name: "x\u{2fffd}" })[0]?.message).toBe(
      "name contains the unassigned code point \\u{2fffd} at position 2: names and descriptions are plain text",
    );
  });

  it("import's plain text drops a stray selector and gives up on a mixed-script word", () => {
    const field = { path: "name", allowLineBreaks: false };
    expect(plainTextOf("Safety\ufe0f first", field)).toBe("Safety first");
    expect(plainTextOf("P\u0430ypal", field)).toBeUndefined();
    expect(plainTextIssue("Momentum", field)).toBeUndefined();
  });
});
