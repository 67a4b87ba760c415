/**
 * The review's Markdown (headings, paragraphs, lists, tables, the shortening note) as HTML
 * blocks, each chart placeholder replaced by the drawing `chart` returns. Reads only what the
 * renderer writes; any other line is a paragraph of text.
 */
import { inlineHtml, tableCells } from "./inline";

/** A chart's place in the Markdown the page is made from: a fence of its index (page.ts). */
const CHART_FENCE = "```chart";

type Collector = { out: string[]; para: string[]; list: string[]; table: string[] };

function flushPara(c: Collector): void {
  if (c.para.length > 0) c.out.push(`<p>${c.para.map(inlineHtml).join("<br>\n")}</p>`);
  c.para = [];
}

function flushList(c: Collector): void {
  if (c.list.length > 0)
    c.out.push(`<ul>\n${c.list.map((l) => `<li>${inlineHtml(l)}</li>`).join("\n")}\n</ul>`);
  c.list = [];
}

function flushTable(c: Collector): void {
  if (c.table.length === 0) return;
  const [head, , ...rows] = c.table;
  const row = (line: string, cell: "th" | "td") =>
    `<tr>${tableCells(line)
      .map((x) => `<${cell}>${x}</${cell}>`)
      .join("")}</tr>`;
  c.out.push(
    `<table>\n<thead>${row(head ?? "", "th")}</thead>\n<tbody>\n${rows.map((r) => row(r, "td")).join("\n")}\n</tbody>\n</table>`,
  );
  c.table = [];
}

function flushAll(c: Collector): void {
  flushPara(c);
  flushList(c);
  flushTable(c);
}

export function blocksHtml(markdown: string, chart: (index: number) => string): string {
  const c: Collector = { out: [], para: [], list: [], table: [] };
  const lines = markdown.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const heading = /^(#{2,4}) (.*)$/.exec(line);
    if (line === CHART_FENCE) {
      flushAll(c);
      c.out.push(chart(Number(lines[i + 1])));
      i += 2;
    } else if (heading) {
      flushAll(c);
      const level = heading[1]!.length;
      c.out.push(`<h${level}>${inlineHtml(heading[2]!)}</h${level}>`);
    } else if (line.startsWith("|")) {
      flushPara(c);
      flushList(c);
      c.table.push(line);
    } else if (line.startsWith("- ")) {
      flushPara(c);
      flushTable(c);
      c.list.push(line.slice(2));
    } else if (line.startsWith("> ")) {
      flushAll(c);
      c.out.push(`<blockquote><p>${inlineHtml(line.slice(2))}</p></blockquote>`);
    } else if (line.trim() === "") {
      flushAll(c);
    } else {
      flushList(c);
      flushTable(c);
      c.para.push(line);
    }
  }
  flushAll(c);
  return withoutEmptyHeadings(c.out).join("\n");
}

const levelOf = (block: string) => Number(/^<h(\d)>/.exec(block)?.[1] ?? 0);

/**
 * The blocks without a heading that has no text, or whose section holds nothing before the
 * next heading of its level or above (the Markdown's own rule, fit-to-limit.ts, for the page).
 */
function withoutEmptyHeadings(blocks: readonly string[]): string[] {
  return blocks.filter((block, i) => {
    const level = levelOf(block);
    if (level === 0) return true;
    if (/^<h\d><\/h\d>$/.test(block) || /^<h\d>\s*<\/h\d>$/.test(block)) return false;
    if (level <= 2) return true;
    const next = blocks[i + 1];
    return next !== undefined && (levelOf(next) === 0 || levelOf(next) > level);
  });
}
