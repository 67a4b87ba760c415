/**
 * `renderReviewHtml`: the same report as the pull-request comment, as one self-contained page
 * for a CI artifact. The Markdown is the comment's (whole: a page has no size limit), read back
 * into HTML; each chart is inline SVG drawn by svg-chart.ts. The page loads nothing and runs
 * nothing: its Content-Security-Policy allows no script, no connection, no image, font or frame,
 * and only the one style sheet it carries (by its hash).
 */
import { createHash } from "node:crypto";
import type { ChartSpec } from "../backtest-charts";
import { md, plainTexts, visible } from "../markdown";
import type { PreviewPlan } from "../preview-json";
import { type ReviewContext, type ReviewResult, reviewBlocks } from "../render";
import { blocksHtml } from "./blocks";
import { escapeHtml } from "./escape";
import { svgChart } from "./svg-chart";

const STYLE = `
body { font: 15px/1.5 system-ui, sans-serif; color: #1f2328; max-width: 980px; margin: 2em auto; padding: 0 1em; }
h2 { border-bottom: 1px solid #d0d7de; padding-bottom: .3em; }
code { font: 13px ui-monospace, monospace; background: #f6f8fa; padding: .1em .3em; border-radius: 4px; overflow-wrap: anywhere; }
table { border-collapse: collapse; margin: .5em 0 1em; display: block; overflow-x: auto; }
th, td { border: 1px solid #d0d7de; padding: .25em .6em; text-align: left; }
svg.chart { display: block; max-width: 100%; height: auto; margin: .5em 0; }
svg .heading { font: 600 14px system-ui, sans-serif; fill: #1f2328; }
svg .tick { font: 11px system-ui, sans-serif; fill: #57606a; }
svg .grid { stroke: #eaeef2; }
svg .axis { stroke: #8c959f; }
svg .series-current, svg rect.series-current { fill: #9ecbff; }
svg .series-proposed polyline { stroke: #cf222e; stroke-width: 2.5; }
svg .series-proposed circle, svg .series-proposed rect, svg rect.series-proposed { fill: #cf222e; }
`;

const CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash("sha256").update(STYLE).digest("base64")}'`,
  "base-uri 'none'",
  "form-action 'none'",
].join("; ");

export interface HtmlReviewResult extends Omit<ReviewResult, "markdown" | "shortened"> {
  html: string;
}

export function renderReviewHtml(
  previewJson: string | PreviewPlan,
  context: ReviewContext = {},
): HtmlReviewResult {
  const charts: ChartSpec[] = [];
  // Names and other free text are placeholders in the Markdown, filled in HTML-escaped only.
  const { result, fill } = plainTexts(() =>
    reviewBlocks(previewJson, context, (chart) => {
      charts.push(chart);
      // A fence of the chart's index, which blocksHtml replaces with the drawing.
      return [md`\`\`\`chart`, md`${charts.length - 1}`, md`\`\`\``];
    }),
  );
  const { blocks, ...facts } = result;
  const markdown = blocks.flatMap((b) => b.full).join("\n");
  const body = fill(
    blocksHtml(markdown, (i) => {
      const chart = charts[i];
      return chart ? `<figure>${svgChart(chart, `chart-${i}`)}</figure>` : "";
    }),
    escapeHtml,
  );
  const title = context.title?.trim()
    ? context.title
    : context.mode === "drift"
      ? "Strategy alerts drift check"
      : "Strategy alerts review";
  const html = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(visible(title))}</title>
<style>${STYLE}</style>
</head>
<body>
${body}
</body>
</html>
`;
  return { html, ...facts };
}
