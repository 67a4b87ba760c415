/**
 * A chart as a Mermaid `xychart-beta` block, which GitHub draws in a pull-request comment: the
 * current version as bars, the proposed one as a line over them (xychart has no legend, so the
 * line under the block says which is which). Every text of the chart goes through the Mermaid
 * restriction of markdown.ts, so a strategy's name cannot end the block or the chart's string.
 */
import type { ChartSpec } from "./backtest-charts";
import { joinMd, type Md, md, mermaidCategory, mermaidString } from "./markdown";

const list = (values: number[]) =>
  joinMd(
    values.map((v) => md`${Math.max(0, Math.round(v))}`),
    ", ",
  );

export function mermaidChart(chart: ChartSpec): Md[] {
  const { labels, before, after } = chart.series;
  const top = Math.max(1, ...after, ...(before ?? []));
  const name = [...chart.strategy];
  const shortName = name.length > 48 ? `${name.slice(0, 47).join("")}…` : chart.strategy;
  const title = mermaidString(`${shortName}: ${chart.subject}`, 100);
  return [
    md`\`\`\`mermaid`,
    md`xychart-beta`,
    md`  title ${title}`,
    md`  x-axis ${mermaidString(chart.axis)} [${joinMd(labels.map(mermaidCategory), ", ")}]`,
    md`  y-axis "matched tokens" 0 --> ${top}`,
    ...(before ? [md`  bar [${list(before)}]`] : []),
    md`  line [${list(after)}]`,
    md`\`\`\``,
    md``,
    before
      ? md`Bars: current version; line: proposed version.`
      : md`Line: proposed version (a new strategy has no current version).`,
  ];
}
