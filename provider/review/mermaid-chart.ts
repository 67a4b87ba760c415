/**
 * A chart as a Mermaid `xychart-beta` block, which GitHub draws in a pull-request comment, with
 * a title (its subject whole, the strategy's name cut to fit) and both axes titled, the values'
 * with their unit. Over time, the current version is bars and the proposed one a line over them;
 * per multiple bucket (categories, not a sequence: no line joins them) both are bars side by
 * side, each bucket twice (`2-5x current`, `2-5x proposed`), since xychart draws two bar series
 * over each other. xychart has no legend, so the line under the block says which is which.
 * Every text of the chart goes through the Mermaid restriction of markdown.ts, so a strategy's
 * name cannot end the block or the chart's string.
 */
import { type ChartSpec, chartTitle } from "./backtest-charts";
import { graphemes, joinMd, type Md, md, mermaidCategory, mermaidString } from "./markdown";

/**
 * How wide a title may be, in widths of an average letter: GitHub draws it on one line of the
 * chart's 700 px at 20 px, some 58 letters; an emoji or a wide letter counts two.
 */
const TITLE_WIDTH = 54;

const units = (c: string) => (/^[\x20-\x7e]$/.test(c) ? (/[MWmw@%]/.test(c) ? 1.5 : 1) : 2);

/** The title: the subject whole, then as many of the name's characters as the width holds. */
function title(chart: ChartSpec): string {
  let room = TITLE_WIDTH - [...chart.subject].length - 3;
  let keep = 0;
  for (const c of graphemes(chart.strategy)) {
    room -= units(c);
    if (room < 1) break;
    keep++;
  }
  return chartTitle(chart, Math.max(1, keep));
}

const list = (values: number[]) =>
  joinMd(
    values.map((v) => md`${Math.max(0, Math.round(v))}`),
    ", ",
  );

function header(chart: ChartSpec, labels: string[], top: number): Md[] {
  return [
    md`\`\`\`mermaid`,
    md`xychart-beta`,
    md`  title ${mermaidString(title(chart), 100)}`,
    md`  x-axis ${mermaidString(chart.axis)} [${joinMd(labels.map(mermaidCategory), ", ")}]`,
    md`  y-axis ${mermaidString(chart.valueAxis)} 0 --> ${top}`,
  ];
}

/** Each bucket twice, current then proposed, each series zero in the other's place. */
function sideBySide(chart: ChartSpec, before: number[]): Md[] {
  const { labels, after } = chart.series;
  const top = Math.max(1, ...after, ...before);
  return [
    ...header(
      chart,
      labels.flatMap((l) => [`${l} current`, `${l} proposed`]),
      top,
    ),
    md`  bar [${list(before.flatMap((v) => [v, 0]))}]`,
    md`  bar [${list(after.flatMap((v) => [0, v]))}]`,
    md`\`\`\``,
    md``,
    md`Bars per bucket: current version, then proposed version.`,
  ];
}

export function mermaidChart(chart: ChartSpec): Md[] {
  const { labels, before, after } = chart.series;
  if (chart.kind === "byMultiple" && before) return sideBySide(chart, before);
  const top = Math.max(1, ...after, ...(before ?? []));
  const proposed = chart.kind === "byMultiple" ? md`  bar [${list(after)}]` : md`  line [${list(after)}]`;
  return [
    ...header(chart, labels, top),
    ...(before ? [md`  bar [${list(before)}]`] : []),
    proposed,
    md`\`\`\``,
    md``,
    before
      ? md`Bars: current version; line: proposed version.`
      : chart.kind === "byMultiple"
        ? md`Bars: proposed version (a new strategy has no current version).`
        : md`Line: proposed version (a new strategy has no current version).`,
  ];
}
