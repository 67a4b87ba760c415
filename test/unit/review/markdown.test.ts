import MarkdownIt from "markdown-it";
import { describe, expect, it } from "vitest";
import { printableText } from "../../../provider/model/printable-text";
import { renderReview } from "../../../provider/review";
import {
  code,
  message,
  plainTexts,
  printableMessage,
  quote,
  text,
  visible,
} from "../../../provider/review/markdown";
import { digest, urnOf } from "../../support/preview-fixtures";

const parser = new MarkdownIt({ html: true, linkify: true });
/** The inline children of a one-paragraph document. */
const inline = (markdown: string) => parser.parseInline(markdown, {})[0]?.children ?? [];

describe("code", () => {
  it("uses a fence longer than any backtick run, padded when the value starts or ends with one", () => {
    expect(code("plain")).toBe("`plain`");
    expect(code("a``b")).toBe("```a``b```");
    expect(code("`x")).toBe("`` `x ``");
    for (const value of ["a``b", "`x", "x`", "``", "` `", "a ```` b"]) {
      const children = inline(code(value));
      expect(children.map((c) => c.type)).toEqual(["code_inline"]);
      expect(children[0]?.content).toBe(value);
    }
  });

  it("keeps a value that starts and ends with a space whole", () => {
    expect(inline(code(" x ")).map((c) => c.content)).toEqual([" x "]);
  });

  it("flattens every line ending and shows control characters, so nothing starts a new line", () => {
    for (const [value, shown] of [
      ["a\nb", "a\\nb"],
      ["a\rb", "a\\rb"],
      ["a\r\nb", "a\\r\\nb"],
      ["a\u0085b", "a\\u0085b"],
      ["a\u2028b", "a\\u2028b"],
      ["a\u2029b", "a\\u2029b"],
      ["a\u001b[31mb", "a\\u001b[31mb"],
      ["a\\nb", "a\\\\nb"],
    ] as const) {
      expect(code(value)).toBe(`\`${shown}\``);
    }
  });

  it("shows URL-like text exactly as written: a name is not a URL field", () => {
    expect(code("see https://u:p@h.example/x?token=1")).toBe("`see https://u:p@h.example/x?token=1`");
    expect(code("[ref]: https://evil.example")).toBe("`[ref]: https://evil.example`");
  });

  it("says (empty) for an empty value rather than print an empty span", () => {
    expect(code("")).toBe("(empty)");
  });
});

describe("visible", () => {
  it("keeps emoji as written: variation selectors, skin tones, joined sequences, flags and keycaps", () => {
    for (const emoji of [
      "❤\ufe0f",
      "👨\u200d👩\u200d👧",
      "🏳\ufe0f\u200d🌈",
      "👍🏽",
      "🇺🇸",
      "1\ufe0f\u20e3",
      "\u{1f3f4}\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f}",
    ])
      expect(visible(`Love ${emoji} it`)).toBe(`Love ${emoji} it`);
  });

  it("still escapes a joiner, a selector or a tag character outside an emoji", () => {
    expect(visible("a\u200db")).toBe("a\\u200db");
    expect(visible("x\ufe0f")).toBe("x\\ufe0f");
    expect(visible("❤\ufe0f\u200d")).toBe("❤\\ufe0f\\u200d");
    expect(visible("❤\u202e")).toBe("❤\\u202e");
    expect(visible("\u{1f3f4}\u{e0041}")).toBe("\u{1f3f4}\\u{e0041}");
  });

  it("shows zero-width, bidi, BOM, soft hyphen, no-break and other invisible characters as escapes", () => {
    expect(visible("a\u200bb\u200dc\u2060d\ufeffe\u00adf\u202eg\u2066h\u00a0i\u3164j\u{e0041}")).toBe(
      "a\\u200bb\\u200dc\\u2060d\\ufeffe\\u00adf\\u202eg\\u2066h\\u00a0i\\u3164j\\u{e0041}",
    );
  });

  it("makes two names that look the same differ visibly", () => {
    expect(visible("Safety first")).not.toBe(visible("Safety\u200b first"));
    expect(visible("Safety\u200b first")).toContain("\\u200b");
  });
});

describe("text", () => {
  it("escapes what opens HTML, emphasis, links, images, entities, math and table cells", () => {
    const children = inline(text("<!-- **b** _i_ [l](https://x.example) ![i](u) &amp; $m$ | ~~s~~ <b>"));
    expect(children.map((c) => c.type).filter((t) => t !== "text" && t !== "code_inline")).toEqual([]);
  });

  it("leaves an underscore inside a word as it is (it opens no emphasis there)", () => {
    expect(text("liquidity_usd")).toBe("liquidity_usd");
    expect(text("_x_")).toBe("\\_x\\_");
  });

  it("puts mentions, references and URLs in code spans, where GitHub neither notifies nor links", () => {
    expect(text("cc @octocat for #12, GH-3")).toBe("cc `@`octocat for `#`12, `GH-`3");
    expect(text("see www.example.com and https://h.example/a?k=v")).toBe(
      "see `www.example.com` and `https://h.example/a?k=v`",
    );
    const texts = inline(text("@a #1 www.b.example https://c.example mail@d.example"))
      .filter((c) => c.type === "text")
      .map((c) => c.content)
      .join("");
    expect(texts).not.toMatch(/@|#|www\.|:\/\//);
  });

  it("puts linkable runs that touch into one code span, so no two spans read as one longer fence", () => {
    expect(text("x@octocathttps://evil.example/a?token=1")).toBe("x`@octocathttps://evil.example/a?token=1`");
    const children = inline(text("x@#https://evil.example y"));
    expect(children.map((c) => c.type)).toEqual(["text", "code_inline", "text"]);
    expect(children[1]?.content).toBe("@#https://evil.example");
  });

  it("stops a URL at a pipe, so a table cell is never split by a code span", () => {
    expect(text("https://h.example/a|b")).toBe("`https://h.example/a`\\|b");
  });
});

describe("quote", () => {
  it("quotes escaped text and shortens it by characters, not UTF-16 units", () => {
    expect(quote("Safety *first*")).toBe("“Safety \\*first\\*”");
    expect(quote("😀".repeat(5), 3)).toBe("“😀😀…”");
  });
});

/** The text a reader sees: the inline nodes' text and code contents, escapes resolved. */
const shownText = (markdown: string) =>
  inline(markdown)
    .map((c) => c.content)
    .join("");

describe("names and descriptions are quoted as written", () => {
  it("keeps a link reference definition in a name whole, without a trailing slash, and inert", () => {
    const name = "[ref]: https://evil.example";
    for (const rendered of [quote(name), text(name)]) {
      expect(shownText(rendered)).toContain(name);
      expect(rendered).not.toContain("https://evil.example/");
      expect(inline(rendered).map((c) => c.type)).not.toContain("link_open");
    }
    // At the start of a document, where a definition would be read, it still is text.
    expect(new MarkdownIt().parse(text(name), {}).map((t) => t.type)).toContain("paragraph_open");
  });

  it("keeps a query in a name as written instead of masking it", () => {
    const name = "Sniper https://dex.example/pair?token=abc";
    expect(shownText(quote(name))).toBe(`“${name}”`);
    expect(quote(name)).not.toContain("***");
    expect(shownText(code("?token=abc"))).toBe("?token=abc");
    expect(shownText(text("momentum ?token=abc"))).toBe("momentum ?token=abc");
  });
});

describe("message", () => {
  it("masks the credentials of every URL a message quotes, as it quotes a URL field", () => {
    expect(message("webhook url https://u:p@h.example/x?token=1 was not verified")).toBe(
      "webhook url `https://***@h.example/x?***` was not verified",
    );
    expect(message("connect ECONNREFUSED https://api.example/v1?apiKey=sk_live_1")).not.toContain(
      "sk_live_1",
    );
  });
});

describe("printableMessage: a message its source made printable, escaped once", () => {
  /** What a reader sees of the Markdown: escapes resolved. */
  const shown = (markdown: string) =>
    inline(markdown)
      .map((c) => c.content)
      .join("");

  it("shows the provider's escapes as it wrote them, and still escapes what is hidden", () => {
    const made = printableText('strategy "a\nb\u202e" rejected');
    expect(made).toBe(String.raw`strategy "a\nb\u202e" rejected`);
    expect(shown(printableMessage(made))).toBe(made);
    // message() is for raw text: it doubles a backslash so a spelt-out escape never reads as one.
    expect(shown(message(made))).toBe(String.raw`strategy "a\\nb\\u202e" rejected`);
    expect(shown(printableMessage("raw \u001b[31m"))).toBe(String.raw`raw \u001b[31m`);
    // The Markdown escaping and the URL masking are the same as message's.
    expect(shown(printableMessage("see https://u:p@x.example/a?token=1 *b*"))).toBe(
      "see https://***@x.example/a?*** *b*",
    );
  });

  it(String.raw`renders a provider's diagnostic with \u000a once, not doubled`, () => {
    // What the provider printed: printableText made the name's line feed the escape `\u000a`.
    const said = String.raw`Strategy "Safety": create failed: name "a\u000ab" has a line break`;
    const { markdown } = renderReview(
      digest([], [{ urn: urnOf("Strategy", "safety"), severity: "error", message: `error: ${said}` }]),
    );
    const line = markdown.split("\n").find((l) => l.startsWith("- **error**")) ?? "";
    expect(shown(line.slice(2))).toBe(`error (safety): ${said}`);
    expect(line).not.toContain(String.raw`\\\\u000a`);
  });
});

describe("plainTexts", () => {
  it("stands each free text in as a placeholder and fills it in with the page's escaping only", () => {
    const { result, fill } = plainTexts(() => `${text("Ping @team #1 *x*")} ${quote("a <b>")} ${code("@c")}`);
    expect(result).not.toContain("@team");
    expect(fill(result, (t) => `[${t}]`)).toBe("[Ping @team #1 *x*] “[a <b>]” `@c`");
    // Outside it, text is Markdown for GitHub again.
    expect(text("@team")).toBe("`@`team");
  });
});
