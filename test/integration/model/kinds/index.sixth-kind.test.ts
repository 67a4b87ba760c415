/**
 * The walkthrough of a new resource kind (CONTRIBUTING.md, "Adding a resource kind"), followed
 * once on a copy of the sources: a sixth kind in `KINDS` and nothing else. Every per-kind list
 * that must name it fails to compile, each in its own file, and no other file does, so none is a
 * silent gap; the lists
 * that only read the descriptors (the plugin schema, the docs, the diff, the policies) take it as
 * it is, and the class and export that the compiler cannot ask for fail
 * test/unit/model/kinds/index.test.ts.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runProcess } from "../../../support/process";

const REPO = join(__dirname, "..", "..", "..", "..");

/**
 * The per-kind tables keyed by `ResourceKind` (CONTRIBUTING.md, "Adding a resource kind"): the
 * files a kind added to `KINDS` alone fails to compile in, no more and no fewer.
 */
const PER_KIND_TABLES = [
  "provider/runtime/handlers.ts",
  "provider/review/effects.ts",
  "provider/review/account-resources.ts",
  "provider/review/same-object.ts",
  "cli/import/names.ts",
  "cli/import/declarations.ts",
  "cli/recover/kind-recovery.ts",
];
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
    expect([...failing].sort()).toEqual([...PER_KIND_TABLES].sort());
  }, 120_000);

  it("lists each of those files in CONTRIBUTING.md's walkthrough", () => {
    const contributing = readFileSync(join(REPO, "CONTRIBUTING.md"), "utf8");
    const section = contributing.slice(
      contributing.indexOf("## Adding a resource kind"),
      contributing.indexOf("\n## ", contributing.indexOf("## Adding a resource kind") + 1),
    );
    for (const file of PER_KIND_TABLES) expect(section, file).toContain(`\`${file}\``);
  });
});
