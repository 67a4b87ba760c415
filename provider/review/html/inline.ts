/**
 * The inline Markdown of the review (markdown.ts writes it) read back into HTML: backslash
 * escapes, code spans, the report's own `**bold**`, and table-cell bars. Everything else is
 * text, HTML-escaped, so a value that reached the Markdown as text or code reaches the page
 * as text too.
 */
import { escapeHtml } from "./escape";

type Inline = { kind: "text" | "code"; value: string } | { kind: "strong" | "bar" };

const PUNCTUATION = /[!-/:-@[-`{-~]/;

/** The code span that starts at `at` (a run of backticks), or undefined when it is not closed. */
function codeSpan(line: string, at: number): { value: string; end: number } | undefined {
  const fence = /^`+/.exec(line.slice(at))![0];
  let from = at + fence.length;
  for (;;) {
    const close = line.indexOf(fence, from);
    if (close === -1) return undefined;
    // A longer run is not this span's fence.
    if (line[close + fence.length] === "`" || line[close - 1] === "`") {
      from = close + 1;
      while (line[from] === "`") from++;
      continue;
    }
    let value = line.slice(at + fence.length, close);
    if (value.length > 1 && value.startsWith(" ") && value.endsWith(" ") && value.trim() !== "")
      value = value.slice(1, -1);
    return { value, end: close + fence.length };
  }
}

function tokens(line: string): Inline[] {
  const out: Inline[] = [];
  let text = "";
  const flush = () => {
    if (text !== "") out.push({ kind: "text", value: text });
    text = "";
  };
  for (let i = 0; i < line.length; ) {
    const c = line[i]!;
    if (c === "\\" && i + 1 < line.length && PUNCTUATION.test(line[i + 1]!)) {
      text += line[i + 1];
      i += 2;
    } else if (c === "`") {
      const span = codeSpan(line, i);
      if (!span) {
        const run = /^`+/.exec(line.slice(i))![0];
        text += run;
        i += run.length;
        continue;
      }
      flush();
      out.push({ kind: "code", value: span.value });
      i = span.end;
    } else if (c === "*" && line[i + 1] === "*") {
      flush();
      out.push({ kind: "strong" });
      i += 2;
    } else if (c === "|") {
      flush();
      out.push({ kind: "bar" });
      i++;
    } else {
      text += c;
      i++;
    }
  }
  flush();
  return out;
}

/** HTML of inline tokens; bold opens and closes in pairs (an unpaired one stays open to the end). */
function html(parts: Inline[]): string {
  let bold = false;
  let out = "";
  for (const p of parts) {
    if (p.kind === "text") out += escapeHtml(p.value);
    else if (p.kind === "code") out += `<code>${escapeHtml(p.value)}</code>`;
    else if (p.kind === "bar") out += "|";
    else {
      out += bold ? "</strong>" : "<strong>";
      bold = !bold;
    }
  }
  return bold ? `${out}</strong>` : out;
}

export function inlineHtml(line: string): string {
  return html(tokens(line));
}

/** The cells of a table row `| a | b |`: split at bars outside code spans and escapes. */
export function tableCells(line: string): string[] {
  const cells: Inline[][] = [[]];
  for (const t of tokens(line.trim())) {
    if (t.kind === "bar") cells.push([]);
    else cells[cells.length - 1]!.push(t);
  }
  // The row's leading and trailing bars leave an empty cell at each end.
  return cells.slice(1, -1).map((c) => html(c).trim());
}
