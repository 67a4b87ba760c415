/**
 * The import rules of docs/architecture.md ("What may import what"), read from the page itself,
 * held against the imports of every source file: the page stays the one statement of the
 * rules, and a layer that imports what its row does not allow fails here.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO, relativeImports, sourceFiles } from "../support/source-imports";

interface Row {
  importers: string[];
  /** Paths this row may import besides its own; undefined: anything. */
  allowed: string[] | undefined;
}

const PAGE = "docs/architecture.md";
const HEADING = "### What may import what";
const SCANNED = ["provider", "cli", "emulator", "scripts", "bench", "test"];

const codeSpans = (cell: string): string[] => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);

/** The rows of the page's table under HEADING: its first table after the heading. */
function rulesOfPage(): Row[] {
  const text = readFileSync(join(REPO, PAGE), "utf8");
  const start = text.indexOf(HEADING);
  if (start === -1) throw new Error(`${PAGE} has no "${HEADING}" section`);
  const lines = text.slice(start).split("\n");
  const first = lines.findIndex((line) => line.startsWith("| importer"));
  const rows: Row[] = [];
  for (const line of lines.slice(first + 2)) {
    if (!line.startsWith("|")) break;
    const [importer = "", mayImport = ""] = line
      .split("|")
      .slice(1)
      .map((cell) => cell.trim());
    rows.push({
      importers: codeSpans(importer),
      allowed: mayImport.startsWith("anything") ? undefined : codeSpans(mayImport),
    });
  }
  return rows;
}

const contains = (path: string, file: string): boolean => file === path || file.startsWith(`${path}/`);

/** The row of the longest importer path that contains the file. */
function rowOf(rows: Row[], file: string): { row: Row; path: string } | undefined {
  let best: { row: Row; path: string } | undefined;
  for (const row of rows) {
    for (const path of row.importers) {
      if (contains(path, file) && (!best || path.length > best.path.length)) best = { row, path };
    }
  }
  return best;
}

describe(`the import rules of ${PAGE}`, () => {
  const rows = rulesOfPage();
  const files = sourceFiles(...SCANNED);

  it("are a table the test can read, with the layers of the picture", () => {
    const importers = rows.flatMap((row) => row.importers);
    expect(importers).toEqual(
      expect.arrayContaining(["provider/model", "provider/api", "provider/runtime", "emulator", "cli"]),
    );
    expect(rows.find((row) => row.importers.includes("provider/model"))?.allowed).toEqual([]);
  });

  it("give every source file a row", () => {
    expect(files.filter((file) => !rowOf(rows, file))).toEqual([]);
  });

  it("allow every import between rows", () => {
    const broken: string[] = [];
    for (const file of files) {
      const own = rowOf(rows, file);
      if (!own || own.row.allowed === undefined) continue;
      const allowed = [own.path, ...own.row.allowed];
      for (const target of relativeImports(file)) {
        if (!allowed.some((path) => contains(path, target))) broken.push(`${file} imports ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
