import { describe, expect, it } from "vitest";
import { blocksHtml } from "../../../../provider/review/html/blocks";

describe("blocksHtml", () => {
  it("turns headings, paragraphs, lists and tables into their elements", () => {
    const html = blocksHtml(
      [
        "## Review",
        "",
        "Some `code` here.",
        "",
        "- one",
        "- two",
        "",
        "| a | b |",
        "| --- | --- |",
        "| 1 | 2 |",
      ].join("\n"),
      () => "",
    );
    expect(html).toContain("<h2>Review</h2>");
    expect(html).toContain("<code>code</code>");
    expect(html).toMatch(/<ul>\s*<li>one<\/li>\s*<li>two<\/li>\s*<\/ul>/);
    expect(html).toContain("<thead><tr><th>a</th><th>b</th></tr></thead>");
    expect(html).toContain("<td>1</td><td>2</td>");
  });

  it("puts the chart the caller draws where a chart fence names its index", () => {
    const drawn: number[] = [];
    const html = blocksHtml(["#### Charts", "```chart", "3", "```", "after"].join("\n"), (index) => {
      drawn.push(index);
      return `<svg data-chart="${index}"></svg>`;
    });
    expect(drawn).toEqual([3]);
    expect(html).toContain('<svg data-chart="3"></svg>');
    expect(html).not.toContain("```");
  });
});
