/**
 * The walkthrough of a new resource kind (CONTRIBUTING.md, "Adding a resource kind"), followed
 * once on a copy of the sources: a sixth kind in `KINDS` and nothing else. The files that then
 * fail to compile are exactly the per-kind tables the walkthrough lists between its markers: a
 * table missing from the list is an undocumented step, a listed file that still compiles a
 * silent gap (a kind falling into another's branch). The lists that only read the descriptors
 * (the plugin schema, the docs, the diff, the policies) take it as it is, and the class and
 * export that the compiler cannot ask for fail test/unit/model/kinds/index.test.ts.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runProcess } from "../../../support/process";

const REPO = join(__dirname, "..", "..", "..", "..");

const BEGIN = "<!-- per-kind tables: begin -->";
const END = "<!-- per-kind tables: end -->";

/**
 * The files CONTRIBUTING.md's "Adding a resource kind" lists between its markers: the first
 * backquoted path of each item (`- `), in the order written.
 */
function documentedTables(): string[] {
  const contributing = readFileSync(join(REPO, "CONTRIBUTING.md"), "utf8");
  const heading = contributing.indexOf("## Adding a resource kind\n");
  expect(heading, "CONTRIBUTING.md has no section ## Adding a resource kind").toBeGreaterThanOrEqual(0);
  const next = contributing.indexOf("\n## ", heading + 1);
  const section = contributing.slice(heading, next === -1 ? undefined : next);
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

const copy = mkdtempSync(join(tmpdir(), "sixth-kind-"));
afterAll(() => rmSync(copy, { recursive: true, force: true }));

/** The copy, with a sixth kind (a webhook's facts under a name of its own) added to `KINDS`. */
function withSixthKind(): void {
  for (const dir of ["provider", "cli", "emulator", "scripts"])
    cpSync(join(REPO, dir), join(copy, dir), { recursive: true });
  cpSync(join(REPO, "biome.json"), join(copy, "biome.json"));
  symlinkSync(join(REPO, "node_modules"), join(copy, "node_modules"));
  const index = join(copy, "provider", "model", "kinds", "index.ts");
  const source = readFileSync(index, "utf8");
  const line = "  DeveloperTags: DEVELOPER_TAGS_KIND,\n";
  expect(source).toContain(line);
  const sixth = `  Sixth: { ...WEBHOOK_KIND, ...tokensOf("Sixth"), heading: "Sixths" },\n`;
  writeFileSync(
    index,
    `import { tokensOf } from "./kind-descriptor";\n${source.replace(line, line + sixth)}`,
  );
  const config = JSON.parse(readFileSync(join(REPO, "tsconfig.json"), "utf8"));
  config.include = ["provider", "cli", "emulator"];
  config.compilerOptions.noEmit = true;
  writeFileSync(join(copy, "tsconfig.json"), JSON.stringify(config));
}

describe("a sixth resource kind, added to a copy of KINDS alone", () => {
  it("fails to compile in every per-kind list until each names it", async () => {
    withSixthKind();
    // The plain types (ResourceKind among them) are generated from the model, as a build does.
    const generated = await runProcess(
      process.execPath,
      ["-r", "ts-node/register/transpile-only", join(copy, "scripts", "plain-types.ts")],
      { cwd: copy },
    );
    expect(generated.code, generated.stderr).toBe(0);
    expect(readFileSync(join(copy, "provider", "model", "plain-types.ts"), "utf8")).toContain('"Sixth"');
    const tsc = join(REPO, "node_modules", "typescript", "bin", "tsc");
    const result = await runProcess(process.execPath, [tsc, "-p", "tsconfig.json"], { cwd: copy });
    const failing = new Set(
      result.stdout.split("\n").flatMap((l) => l.match(/^([\w/.-]+\.ts)\(/)?.[1] ?? []),
    );
    expect(result.code).not.toBe(0);
    // Exactly the documented tables: a missing one is a silent gap, an extra one an undocumented step.
    expect([...failing].sort()).toEqual([...documentedTables()].sort());
  }, 120_000);

  it("reads a list of existing files, each once, from CONTRIBUTING.md's walkthrough", () => {
    const tables = documentedTables();
    expect(tables.length).toBeGreaterThan(0);
    expect(new Set(tables).size, "a file listed twice").toBe(tables.length);
    for (const file of tables) expect(existsSync(join(REPO, file)), file).toBe(true);
  });
});
