import { describe, expect, it } from "vitest";
import { renderReviewHtml } from "../../../../provider/review/html/page";
import { svgChart } from "../../../../provider/review/html/svg-chart";
import { report } from "../../../support/backtest-report";
import { digest } from "../../../support/preview-fixtures";
import { chartSpec } from "../fixtures";

describe("the HTML report", () => {
  const preview = digest([]);

  const charts = (html: string) => [...html.matchAll(/<svg class="chart"[\s\S]*?<\/svg>/g)].map((m) => m[0]);
  const headingOf = (svg: string) => /<text class="heading"[^>]*>(.*?)<\/text>/.exec(svg)?.[1];

  it("titles each chart's values axis with its unit, rotated beside the axis", () => {
    const [overTime, byMultiple] = charts(
      renderReviewHtml(preview, { backtests: report("Safety first") }).html,
    );
    expect(overTime).toMatch(
      /<text class="tick y-axis-label" [^>]*transform="translate\(18 [\d.]+\) rotate\(-90\)">matched tokens per snapshot<\/text>/,
    );
    expect(byMultiple).toMatch(/rotate\(-90\)">matched tokens per bucket<\/text>/);
  });

  it("draws the multiple buckets as bars of both versions side by side, with no line or points", () => {
    const [overTime, byMultiple] = charts(
      renderReviewHtml(preview, { backtests: report("Safety first") }).html,
    );
    expect(overTime).toMatch(/<g class="series-proposed" data-points="\d+"><polyline /);
    const proposed = /<g class="series-proposed"[^>]*>(.*?)<\/g>/.exec(byMultiple!)![1]!;
    const current = /<g class="series-current"[^>]*>(.*?)<\/g>/.exec(byMultiple!)![1]!;
    expect(byMultiple).not.toMatch(/<polyline|<circle/);
    expect(proposed.match(/<rect /g)).toHaveLength(6);
    expect(current.match(/<rect /g)).toHaveLength(6);
    // Side by side: each proposed bar starts right of its current bar's end.
    const xs = (g: string) =>
      [...g.matchAll(/<rect x="([\d.]+)"[^>]*width="([\d.]+)"/g)].map((m) => [Number(m[1]), Number(m[2])]);
    for (const [i, [x, width]] of xs(current).entries())
      expect(xs(proposed)[i]![0]).toBeGreaterThanOrEqual(x! + width!);
    expect(byMultiple).toContain("proposed version (bars)");
  });

  it("keeps each heading's subject whole and cuts a long name to the chart's width", () => {
    for (const long of ["L".repeat(300), "W".repeat(120), "👨\u200d👩\u200d👧".repeat(60)]) {
      const svgs = charts(renderReviewHtml(preview, { backtests: report(long) }).html);
      const [overTime, byMultiple] = svgs.map(headingOf);
      expect(overTime).toMatch(/^Matches per hourly snapshot — .+…$/u);
      expect(byMultiple).toMatch(/^Matches per multiple — .+…$/u);
      // The <title> a screen reader reads keeps the whole name.
      expect(svgs[0]).toContain(`<title id="chart-0-title">Matches per hourly snapshot — ${long}</title>`);
    }
    const wide = headingOf(
      charts(renderReviewHtml(preview, { backtests: report("W".repeat(120)) }).html)[0]!,
    )!;
    // At 17 px a W, the 688 px heading holds some 30 of them after the subject, never all 120.
    expect([...wide].filter((c) => c === "W").length).toBeLessThan(40);
  });

  it("has no empty heading", () => {
    for (const name of ["", " ", "\u200b"]) {
      const { html } = renderReviewHtml(preview, { backtests: report(name), title: name });
      expect(html).not.toMatch(/<h(\d)>\s*<\/h\1>/);
      // Every heading is followed by something of its section.
      const blocks = html.split("\n").filter((l) => l.startsWith("<"));
      blocks.forEach((block, i) => {
        const level = Number(/^<h(\d)>/.exec(block)?.[1] ?? 0);
        const next = Number(/^<h(\d)>/.exec(blocks[i + 1] ?? "")?.[1] ?? 0);
        if (level >= 3) expect(next === 0 || next > level, `${block} then ${blocks[i + 1]}`).toBe(true);
      });
      // A title of nothing is the default one; an invisible one shows as its escape.
      const heading = name === "\u200b" ? "\\u200b" : "Strategy alerts review";
      expect(html).toContain(`<h2>${heading}</h2>`);
      expect(html).toContain(`<title>${heading}</title>`);
    }
  });
});

describe("svgChart", () => {
  it("draws one group per version, a bar per bucket, and escapes the name in its title", () => {
    const svg = svgChart(chartSpec("byMultiple", [5, 0, 1]), "c1");
    expect(svg).toContain('<g class="series-current" data-points="3">');
    expect(svg).toContain('<g class="series-proposed" data-points="3">');
    expect(svg).not.toContain("<first>");
    expect(svg).toContain("&lt;first&gt;");
  });
});
