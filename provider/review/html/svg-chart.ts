/**
 * A chart of the review drawn as inline SVG by our own code, for the HTML page: over time, the
 * current version as bars and the proposed one as a line with points; per multiple bucket
 * (categories: no line joins them) both versions as bars side by side. A heading (the subject
 * whole, the strategy's name cut to the chart's width), a legend, both axes titled (the values'
 * axis rotated, with its unit), and a <title> and <desc> (every number in words) that a screen
 * reader reads instead of the picture. No script, no style attribute, no external reference:
 * the page's Content-Security-Policy allows none of them.
 */
import { type ChartSpec, chartTitle, SERIES_WORDS } from "../backtest-charts";
import { graphemes, visible } from "../markdown";
import { escapeHtml } from "./escape";

const WIDTH = 720;
const HEIGHT = 300;
const PLOT = { left: 64, right: WIDTH - 16, top: 44, bottom: HEIGHT - 64 };
/** The heading's room: from the left margin to the right one. */
const HEADING = { x: 16, width: WIDTH - 32 };

const fmt = (n: number) => String(Math.round(n * 10) / 10);

/**
 * A generous width of one user-perceived character of the heading (600 14px sans-serif): wide
 * letters and digits, emoji and East Asian characters count double; so the cut errs on the
 * short side in any font.
 */
function glyphWidth(c: string): number {
  if (/^[\x20-\x7e]$/.test(c)) return /[MWmw@%]/.test(c) ? 17 : /[A-Z0-9#&]/.test(c) ? 12 : 9.5;
  if (
    /\p{Extended_Pictographic}|\p{Regional_Indicator}|[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u.test(
      c,
    )
  )
    return 21;
  return 13;
}

const widthOf = (text: string) => graphemes(text).reduce((w, c) => w + glyphWidth(c), 0);

/** The heading: the subject whole, then as much of the name as the width holds. */
function heading(chart: ChartSpec): string {
  const name = graphemes(visible(chart.strategy));
  const whole = chartTitle(chart, name.length + 1, visible);
  if (widthOf(whole) <= HEADING.width) return whole;
  let keep = name.length;
  while (keep > 1 && widthOf(chartTitle(chart, keep, visible)) > HEADING.width) keep--;
  return chartTitle(chart, keep, visible);
}

/** The numbers in words: `current version: 00:00 2, 01:00 0; proposed version: …`. */
function description(chart: ChartSpec): string {
  const { labels, before, after } = chart.series;
  const words = (name: string, values: number[]) =>
    `${name}: ${labels.map((l, i) => `${l} ${values[i] ?? 0}`).join(", ")}`;
  return [...(before ? [words(SERIES_WORDS.before, before)] : []), words(SERIES_WORDS.after, after)].join(
    "; ",
  );
}

function axes(chart: ChartSpec, top: number, x: (i: number) => number, y: (v: number) => number): string[] {
  const { labels } = chart.series;
  const every = Math.max(1, Math.ceil(labels.length / 16));
  const ticks = [0, top / 2, top].map(
    (v) =>
      `<line class="grid" x1="${PLOT.left}" x2="${PLOT.right}" y1="${fmt(y(v))}" y2="${fmt(y(v))}"/>` +
      `<text class="tick" x="${PLOT.left - 6}" y="${fmt(y(v) + 4)}" text-anchor="end">${fmt(v)}</text>`,
  );
  const categories = labels.map((l, i) =>
    i % every === 0
      ? `<text class="tick" x="${fmt(x(i))}" y="${PLOT.bottom + 16}" text-anchor="middle">${escapeHtml(l)}</text>`
      : "",
  );
  const middle = fmt((PLOT.top + PLOT.bottom) / 2);
  return [
    ...ticks,
    `<line class="axis" x1="${PLOT.left}" x2="${PLOT.right}" y1="${PLOT.bottom}" y2="${PLOT.bottom}"/>`,
    ...categories,
    `<text class="tick" x="${PLOT.right}" y="${PLOT.bottom + 34}" text-anchor="end">${escapeHtml(chart.axis)}</text>`,
    `<text class="tick y-axis-label" x="0" y="0" text-anchor="middle" transform="translate(18 ${middle}) rotate(-90)">${escapeHtml(chart.valueAxis)}</text>`,
  ];
}

function legend(hasBefore: boolean, proposedAsBars: boolean): string {
  const item = (cls: string, name: string, at: number) =>
    `<rect class="${cls}" x="${at}" y="${HEIGHT - 22}" width="12" height="12"/><text class="tick" x="${at + 18}" y="${HEIGHT - 12}">${name}</text>`;
  const proposed = proposedAsBars ? `${SERIES_WORDS.after} (bars)` : `${SERIES_WORDS.after} (line)`;
  return `<g class="legend">${hasBefore ? item("series-current", `${SERIES_WORDS.before} (bars)`, PLOT.left) : ""}${item("series-proposed", proposed, PLOT.left + (hasBefore ? 200 : 0))}</g>`;
}

type Scale = { x: (i: number) => number; y: (v: number) => number; step: number };

const bar = (left: number, width: number, v: number, y: Scale["y"]) =>
  `<rect x="${fmt(left)}" y="${fmt(y(v))}" width="${fmt(width)}" height="${fmt(PLOT.bottom - y(v))}"/>`;

/** Over time: the current version's bars, the proposed version's line with a point per value. */
function barsAndLine(chart: ChartSpec, { x, y, step }: Scale): string[] {
  const { before, after } = chart.series;
  const points = after.map((v, i) => `${fmt(x(i))},${fmt(y(v))}`);
  const dots = after.map((v, i) => `<circle cx="${fmt(x(i))}" cy="${fmt(y(v))}" r="3"/>`);
  return [
    before
      ? `<g class="series-current" data-points="${before.length}">${before.map((v, i) => bar(x(i) - step * 0.35, step * 0.7, v, y)).join("")}</g>`
      : "",
    `<g class="series-proposed" data-points="${after.length}"><polyline fill="none" points="${points.join(" ")}"/>${dots.join("")}</g>`,
  ];
}

/** Per bucket: a bar of each version side by side (the proposed one alone, centred, for a new strategy). */
function groupedBars(chart: ChartSpec, { x, y, step }: Scale): string[] {
  const { before, after } = chart.series;
  const width = step * (before ? 0.36 : 0.6);
  const proposedLeft = (i: number) => (before ? x(i) + step * 0.02 : x(i) - width / 2);
  return [
    before
      ? `<g class="series-current" data-points="${before.length}">${before.map((v, i) => bar(x(i) - step * 0.02 - width, width, v, y)).join("")}</g>`
      : "",
    `<g class="series-proposed" data-points="${after.length}">${after.map((v, i) => bar(proposedLeft(i), width, v, y)).join("")}</g>`,
  ];
}

export function svgChart(chart: ChartSpec, id: string): string {
  const { labels, before, after } = chart.series;
  // Even, so the middle grid line is a whole number of tokens too.
  const top = Math.max(2, Math.ceil(Math.max(...after, ...(before ?? [])) / 2) * 2);
  const step = (PLOT.right - PLOT.left) / Math.max(1, labels.length);
  const scale: Scale = {
    x: (i) => PLOT.left + step * (i + 0.5),
    y: (v) => PLOT.bottom - ((PLOT.bottom - PLOT.top) * v) / top,
    step,
  };
  const asBars = chart.kind === "byMultiple";
  // Hidden characters as escapes, as in the text: two names never look the same.
  const title = chartTitle(chart, Number.MAX_SAFE_INTEGER, visible);
  return [
    `<svg class="chart" data-kind="${chart.kind}" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" role="img" aria-labelledby="${id}-title ${id}-desc">`,
    `<title id="${id}-title">${escapeHtml(title)}</title>`,
    `<desc id="${id}-desc">${escapeHtml(`${chart.axis}; ${chart.valueAxis}. ${description(chart)}`)}</desc>`,
    `<text class="heading" x="${HEADING.x}" y="22">${escapeHtml(heading(chart))}</text>`,
    ...axes(chart, top, scale.x, scale.y),
    ...(asBars ? groupedBars(chart, scale) : barsAndLine(chart, scale)),
    legend(Boolean(before), asBars),
    "</svg>",
  ].join("\n");
}
