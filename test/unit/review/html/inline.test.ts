import { describe, expect, it } from "vitest";
import { inlineHtml, tableCells } from "../../../../provider/review/html/inline";
import { renderReviewHtml } from "../../../../provider/review/html/page";
import { report } from "../../../support/backtest-report";
import { digest } from "../../../support/preview-fixtures";

describe("the HTML report", () => {
  const preview = digest([]);

  it("writes names with HTML escaping only: no GitHub code spans or backslashes, emoji kept whole", () => {
    const name = "Ping @team #1 &quot; <b> *x* ❤\ufe0f 👨\u200d👩\u200d👧";
    const { html } = renderReviewHtml(preview, { backtests: report(name) });
    const shown = "Ping @team #1 &amp;quot; &lt;b&gt; *x* ❤\ufe0f 👨\u200d👩\u200d👧";
    expect(html).toContain(`<h4>“${shown}”</h4>`);
    expect(html).not.toMatch(/<code>[@#]<\/code>|\\[*&<]|`#`/);
    expect(html).not.toContain("\\ufe0f");
    expect(html).not.toContain("\\u200d");
    // Hidden characters outside an emoji are still escapes, and markup stays text.
    const hostile = renderReviewHtml(preview, { backtests: report("a\u202eb <i>") }).html;
    expect(hostile).toContain("<h4>“a\\u202eb &lt;i&gt;”</h4>");
  });
});

describe("inline Markdown read back into HTML", () => {
  it("keeps escapes and code spans as text, the report's bold as strong, and escapes the rest", () => {
    expect(inlineHtml("**Shortened** to fit: \\*x\\* `a <b>` & c")).toBe(
      "<strong>Shortened</strong> to fit: *x* <code>a &lt;b&gt;</code> &amp; c",
    );
    expect(inlineHtml("``a ` b``")).toBe("<code>a ` b</code>");
    expect(inlineHtml("**open")).toBe("<strong>open</strong>");
  });

  it("splits a table row at bars outside code spans and escapes", () => {
    expect(tableCells("| a | `x|y` | b \\| c |")).toEqual(["a", "<code>x|y</code>", "b | c"]);
  });
});
