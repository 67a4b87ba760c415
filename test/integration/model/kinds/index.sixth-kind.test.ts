/**
 * The walkthrough of a new resource kind (CONTRIBUTING.md, "Adding a resource kind"), followed
 * once on a copy of the sources: a sixth kind in `KINDS` and nothing else. The files that then
 * fail to compile are exactly the per-kind tables the walkthrough lists between its markers: a
 * table missing from the list is an undocumented step, a listed file that still compiles a
 * silent gap (a kind falling into another's branch). The lists that only read the descriptors
 * (the plugin schema, the docs, the diff, the policies) take it as it is, and the class and
 * export that the compiler cannot ask for fail test/unit/model/kinds/index.test.ts.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { contributingSection, REPO, SourceCopy } from "./source-copy";

const BEGIN = "<!-- per-kind tables: begin -->";
const END = "<!-- per-kind tables: end -->";

/**
 * The files CONTRIBUTING.md's "Adding a resource kind" lists between its markers: the first
 * backquoted path of each item (`- `), in the order written.
 */
function documentedTables(): string[] {
  const section = contributingSection("Adding a resource kind");
  const from = section.indexOf(BEGIN);
  const to = section.indexOf(END);
  expect(from, `the section has no ${BEGIN}`).toBeGreaterThanOrEqual(0);
  expect(to, `the section has no ${END} after ${BEGIN}`).toBeGreaterThan(from);
  return section
    .slice(from + BEGIN.length, to)
    .split("\n")
    .filter((line) => line.startsWith("- "))
    .map((line) => {
      const file = line.match(/^- `([^`]+)`/)?.[1];
      expect(file, `an item that does not start with a backquoted path: ${line}`).toBeDefined();
      return file!;
    });
}

const copy = SourceCopy.create("sixth-kind-");
afterAll(() => copy.remove());

/** The copy, with a sixth kind (a webhook's facts under a name of its own) added to `KINDS`. */
function withSixthKind(): void {
  const index = "provider/model/kinds/index.ts";
  const sixth = `  Sixth: { ...WEBHOOK_KIND, ...tokensOf("Sixth"), heading: "Sixths" },\n`;
  copy.insert(index, "  DeveloperTags: DEVELOPER_TAGS_KIND,\n", sixth);
  copy.write(index, `import { tokensOf } from "./kind-descriptor";\n${copy.read(index)}`);
}

describe("a sixth resource kind, added to a copy of KINDS alone", () => {
  it("fails to compile in every per-kind list until each names it", async () => {
    withSixthKind();
    const failing = await copy.failingFiles();
    expect(copy.read("provider/model/plain-types.ts")).toContain('"Sixth"');
    // Exactly the documented tables: a missing one is a silent gap, an extra one an undocumented step.
    expect(failing).toEqual([...documentedTables()].sort());
  }, 120_000);

  it("reads a list of existing files, each once, from CONTRIBUTING.md's walkthrough", () => {
    const tables = documentedTables();
    expect(tables.length).toBeGreaterThan(0);
    expect(new Set(tables).size, "a file listed twice").toBe(tables.length);
    for (const file of tables) expect(existsSync(join(REPO, file)), file).toBe(true);
  });
});
