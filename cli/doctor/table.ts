/** The doctor's output: an aligned plain-text table, or JSON, and the summary line. */
import type { DoctorReport, Row } from "./run";

const HEADERS = ["item", "the spec says", "the emulator's reading", "this service"] as const;
const WIDTHS = [28, 34, 34, 52];

/** Words wrapped to `width`; a word longer than that is cut into pieces. */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (let word of text.split(/\s+/).filter(Boolean)) {
    while (word.length > width) {
      if (line) lines.push(line);
      lines.push(word.slice(0, width));
      word = word.slice(width);
      line = "";
    }
    if (!line) line = word;
    else if (line.length + 1 + word.length <= width) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line || lines.length === 0) lines.push(line);
  return lines;
}

function cells(row: Row): string[] {
  const mark = row.breaks ? "[BREAKS] " : row.differs ? "[differs] " : "";
  return [row.item, row.spec, row.emulatorReading, mark + row.observed];
}

export function summaryLine(report: DoctorReport): string {
  return `doctor: ${report.checks} checks, ${report.differ} differ from the emulator's reading, ${report.broken} would break the provider`;
}

export function renderTable(report: DoctorReport): string {
  const out: string[] = [];
  const line = (parts: string[]) =>
    parts
      .map((p, i) => p.padEnd(WIDTHS[i]!))
      .join(" | ")
      .trimEnd();
  out.push(line([...HEADERS]));
  out.push(WIDTHS.map((w) => "-".repeat(w)).join("-+-"));
  for (const row of report.rows) {
    const wrapped = cells(row).map((c, i) => wrap(c, WIDTHS[i]!));
    const height = Math.max(...wrapped.map((w) => w.length));
    for (let i = 0; i < height; i++) out.push(line(wrapped.map((w) => w[i] ?? "")));
  }
  out.push("");
  out.push(summaryLine(report));
  return `${out.join("\n")}\n`;
}

export function renderJson(report: DoctorReport): string {
  return `${JSON.stringify(
    {
      checks: report.rows.map((r) => ({
        item: r.item,
        spec: r.spec,
        emulatorReading: r.emulatorReading,
        observed: r.observed,
        differs: r.differs,
        breaks: r.breaks,
      })),
      summary: { checks: report.checks, differ: report.differ, wouldBreak: report.broken },
    },
    null,
    2,
  )}\n`;
}
