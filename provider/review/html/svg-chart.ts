/**
 * A chart of the review drawn as inline SVG by our own code, for the HTML page: the current
 * version as bars, the proposed one as a line with points, a legend, the axes, and a <title>
 * and <desc> (every number in words) that a screen reader reads instead of the picture. No
 * script, no style attribute, no external reference: the page's Content-Security-Policy
 * allows none of them.
 */
import { type ChartSpec, SERIES_WORDS } from "../backtest-charts";
import { visible } from "../markdown";
import { escapeHtml } from "./escape";

const WIDTH = 720;
const HEIGHT = 300;
const PLOT = { left: 48, right: WIDTH - 16, top: 44, bottom: HEIGHT - 64 };

const fmt = (n: number) => String(Math.round(n * 10) / 10);

/** The numbers in words: `current version: 00:00 2, 01:00 0; proposed version: …`. */
function description(chart: ChartSpec): string {
  const { labels, before, after } = chart.series;
  const words = (name: string, values: number[]) =>
    `${name}: ${labels.map((l, i) => `${l} ${values[i] ?? 0}`).join(", ")}`;
  return [...(before ? [words(SERIES_WORDS.before, before)] : []), words(SERIES_WORDS.after, after)].join(
    "; ",
  );
}

function axes(labels: string[], top: number, x: (i: number) => number, y: (v: number) => number): string[] {
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
  return [
    ...ticks,
    `<line class="axis" x1="${PLOT.left}" x2="${PLOT.right}" y1="${PLOT.bottom}" y2="${PLOT.bottom}"/>`,
    ...categories,
  ];
}

function legend(hasBefore: boolean): string {
  const item = (cls: string, name: string, at: number) =>
    `<rect class="${cls}" x="${at}" y="${HEIGHT - 22}" width="12" height="12"/><text class="tick" x="${at + 18}" y="${HEIGHT - 12}">${name}</text>`;
  return `<g class="legend">${hasBefore ? item("series-current", SERIES_WORDS.before, PLOT.left) : ""}${item("series-proposed", SERIES_WORDS.after, PLOT.left + (hasBefore ? 160 : 0))}</g>`;
}

export function svgChart(chart: ChartSpec, id: string): string {
  const { labels, before, after } = chart.series;
  // Even, so the middle grid line is a whole number of tokens too.
  const top = Math.max(2, Math.ceil(Math.max(...after, ...(before ?? [])) / 2) * 2);
  const step = (PLOT.right - PLOT.left) / Math.max(1, labels.length);
  const x = (i: number) => PLOT.left + step * (i + 0.5);
  const y = (v: number) => PLOT.bottom - ((PLOT.bottom - PLOT.top) * v) / top;
  const bars = (before ?? []).map(
    (v, i) =>
      `<rect x="${fmt(x(i) - step * 0.35)}" y="${fmt(y(v))}" width="${fmt(step * 0.7)}" height="${fmt(PLOT.bottom - y(v))}"/>`,
  );
  const points = after.map((v, i) => `${fmt(x(i))},${fmt(y(v))}`);
  const dots = after.map((v, i) => `<circle cx="${fmt(x(i))}" cy="${fmt(y(v))}" r="3"/>`);
  // Hidden characters as escapes, as in the text: two names never look the same.
  const title = `${visible(chart.strategy)}: ${chart.subject}`;
  return [
    `<svg class="chart" data-kind="${chart.kind}" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" role="img" aria-labelledby="${id}-title ${id}-desc">`,
    `<title id="${id}-title">${escapeHtml(title)}</title>`,
    `<desc id="${id}-desc">${escapeHtml(`${chart.axis}. ${description(chart)}`)}</desc>`,
    `<text class="heading" x="${PLOT.left}" y="22">${escapeHtml(title)}</text>`,
    ...axes(labels, top, x, y),
    before ? `<g class="series-current" data-points="${before.length}">${bars.join("")}</g>` : "",
    `<g class="series-proposed" data-points="${after.length}"><polyline fill="none" points="${points.join(" ")}"/>${dots.join("")}</g>`,
    `<text class="tick" x="${PLOT.right}" y="${PLOT.bottom + 34}" text-anchor="end">${escapeHtml(chart.axis)}</text>`,
    legend(Boolean(before)),
    "</svg>",
  ].join("\n");
}
