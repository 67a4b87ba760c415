/**
 * Fits a report under a comment's size limit by priority. What a reviewer must see is kept
 * whole (the summary, errors and warnings, policy violations, activation and headroom, webhook
 * and developers, leftovers); what can be shortened is, in this order: the backtests' token
 * lists and the list of other resources, then the strategies' change lists from the last
 * strategy (by name) up, then those strategies' sections. The note says exactly what was left out.
 */
import { joinMd, type Md, md } from "./markdown";
import { quote, text } from "./words";

/** GitHub's limit for an issue or pull-request comment body. */
export const GITHUB_COMMENT_LIMIT = 65_536;
/** Room kept for the note: a few names of at most 60 characters and the words around them. */
const NOTE_ROOM = 1_200;

/** A section of the report: its lines, and how the size limit may shorten it. */
export interface Block {
  full: Md[];
  /** Never shortened. */
  keep?: boolean;
  /** A shorter form and what it leaves out (for the note). */
  shorter?: { lines: Md[]; note: string };
  /** A strategy's section: first shortened to `short`, then left out, from the last one up. */
  strategy?: { name: string; short: Md[] };
}

const sizeOf = (lines: readonly Md[]) => lines.reduce((n, l) => n + l.length + 1, 0);

export function fitToLimit(blocks: Block[], max: number): { markdown: string; shortened: string[] } {
  const chosen: (Md[] | undefined)[] = blocks.map((b) => b.full);
  let total = chosen.reduce((n, l) => n + sizeOf(l ?? []), 0);
  const budget = max - NOTE_ROOM;
  const notes: Md[] = [];
  const swap = (i: number, lines: Md[] | undefined) => {
    total += sizeOf(lines ?? []) - sizeOf(chosen[i] ?? []);
    chosen[i] = lines;
  };
  for (let i = blocks.length - 1; i >= 0 && total > budget; i--) {
    const shorter = blocks[i]?.shorter;
    if (!shorter) continue;
    swap(i, shorter.lines);
    notes.push(md`${text(shorter.note)}`);
  }
  const strategies = blocks.flatMap((b, i) => (b.strategy ? [i] : []));
  const shortenedNames: string[] = [];
  for (let k = strategies.length - 1; k >= 0 && total > budget; k--) {
    const i = strategies[k]!;
    swap(i, blocks[i]!.strategy!.short);
    shortenedNames.unshift(blocks[i]!.strategy!.name);
  }
  const droppedNames: string[] = [];
  for (let k = strategies.length - 1; k >= 0 && total > budget; k--) {
    const i = strategies[k]!;
    swap(i, undefined);
    droppedNames.unshift(blocks[i]!.strategy!.name);
  }
  // Room left by the dropped sections goes back to the first shortened ones, in order, so the
  // report reads: whole sections, shortened ones, then the ones left out.
  const shown = strategies.slice(0, strategies.length - droppedNames.length);
  let restored = 0;
  for (const i of shown.slice(strategies.length - shortenedNames.length)) {
    const full = blocks[i]!.full;
    if (total - sizeOf(chosen[i] ?? []) + sizeOf(full) > budget) break;
    swap(i, full);
    restored++;
  }
  const listedOnly = shortenedNames.slice(restored, shortenedNames.length - droppedNames.length);
  if (listedOnly.length > 0) notes.push(strategyNote("lists", listedOnly));
  if (droppedNames.length > 0) notes.push(strategyNote("sections", droppedNames));
  const lines = withoutEmptyHeadings(chosen.filter((l): l is Md[] => l !== undefined).flat());
  let body = lines.join("\n");
  if (body.length > budget) {
    // Only what is always kept is left and it still does not fit: cut at a line boundary.
    const all = lines.length;
    const cut = body.lastIndexOf("\n", budget);
    body = withoutEmptyHeadings(body.slice(0, cut > 0 ? cut : budget).split("\n") as Md[]).join("\n");
    notes.push(md`the last ${all - body.split("\n").length} of the report's ${all} lines`);
  }
  if (notes.length > 0) {
    const limit = max === GITHUB_COMMENT_LIMIT ? md`GitHub's ` : md`the `;
    body += `\n\n> **Shortened** to fit ${limit}${text(max.toLocaleString("en-US"))}-character comment limit: ${joinMd(notes, "; ")}. Run \`strategy-alerts review\` locally for the full report.\n`;
  }
  return { markdown: `${body.trimEnd()}\n`, shortened: notes };
}

const NOTE_WORDS = {
  lists: md`the change lists of`,
  sections: md`the sections (each strategy is still counted in the summary) of`,
} as const;

/** `the change lists of 12 strategies (“A” to “L” by name)`: the names are a run of the sorted list. */
function strategyNote(what: keyof typeof NOTE_WORDS, names: string[]): Md {
  const first = quote(names[0] ?? "", 60);
  if (names.length === 1) return md`${NOTE_WORDS[what]} 1 strategy (${first})`;
  const last = quote(names[names.length - 1] ?? "", 60);
  return md`${NOTE_WORDS[what]} ${names.length} strategies (${first} to ${last} by name)`;
}

const levelOf = (line: string) => /^(#{1,6}) /.exec(line)?.[1]?.length;

/**
 * The lines without a heading whose section is left empty (every strategy's section dropped, or
 * the cut at a line boundary falling right after a heading): a section holds something when a
 * line other than a blank or a heading comes before the next heading of its level or above.
 */
function withoutEmptyHeadings(lines: readonly Md[]): Md[] {
  const keep = lines.map(() => true);
  lines.forEach((line, i) => {
    const level = levelOf(line);
    if (level === undefined || level <= 2) return;
    for (let j = i + 1; j < lines.length; j++) {
      const next = lines[j] ?? "";
      const nextLevel = levelOf(next);
      if (nextLevel !== undefined && nextLevel <= level) break;
      if (nextLevel === undefined && next.trim() !== "") return;
    }
    keep[i] = false;
    // The blank line after a dropped heading goes with it.
    if (lines[i + 1]?.trim() === "") keep[i + 1] = false;
  });
  return lines.filter((_, i) => keep[i]);
}
