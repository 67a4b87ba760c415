import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEMO_DEVELOPER, EXAMPLE_DEVELOPER } from "../../../emulator/accounts/seed";
import { documentFiles, ROOT } from "../../support/doc-programs";

/** Every program of examples/ and the docs that declares a followed developer. */
const PROGRAMS = [
  "examples/portfolio/index.ts",
  "examples/yaml-portfolio/Pulumi.yaml",
  "examples/go-portfolio/main.go",
  "examples/python-portfolio/__main__.py",
  "docs/resources.md",
];

/** The docs and every file of examples/: what a user copies from. */
function copiedFrom(): string[] {
  const files = documentFiles();
  const walk = (dir: string): void => {
    for (const e of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      if (e.isDirectory()) {
        if (e.name !== "node_modules") walk(`${dir}/${e.name}`);
      } else if (!e.name.endsWith(".md")) files.push(`${dir}/${e.name}`);
    }
  };
  walk("examples");
  return files;
}

describe("the wallet the examples follow", () => {
  it.each(PROGRAMS)("%s follows the examples' wallet", (file) => {
    expect(readFileSync(join(ROOT, file), "utf8")).toContain(EXAMPLE_DEVELOPER);
  });

  it("is the only one: no doc or example names the wallet a demo user follows", () => {
    // A seeded follow would make the documented "against the emulator" steps fail at preview.
    const naming = copiedFrom().filter((f) => readFileSync(join(ROOT, f), "utf8").includes(DEMO_DEVELOPER));
    expect(naming).toEqual([]);
  });
});
