import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { version } from "../../../package.json";
import { PLUGIN_DOWNLOAD_URL } from "../../../provider/plugin/package-identity";
import {
  docPrograms,
  documentBlocks,
  EXAMPLE_PROJECTS,
  exampleLanguage,
  fencedBlocks,
  ROOT,
} from "../../support/doc-programs";

// test/e2e/docs-programs.test.ts runs the programs; these hold the marks that say which blocks
// are programs, and the table of example projects, to what the files hold.

describe("the extractor of the docs' programs", () => {
  const doc = [
    "<!-- program -->",
    "```ts",
    "whole();",
    "```",
    "<!-- fragment: an excerpt -->",
    "",
    "```yaml",
    "a: 1",
    "```",
    "```go",
    "unmarked()",
    "```",
    "```sh",
    "echo a command",
    "```",
    "<!-- program parts -->",
    "1. a list item:",
    "   ```go",
    "   first()",
    "   ```",
    "   ````python",
    "   ```",
    "   second()",
    "   ````",
    "<!-- end of program parts -->",
    "<!-- program -->",
    "text between a mark and its fence",
    "```ts",
    "x",
    "```",
    "<!-- fragment: at the end -->",
  ].join("\n");
  const { blocks, stray } = fencedBlocks("doc.md", doc);

  it("reads each block's mark, language and text (a list's indentation removed)", () => {
    expect(blocks.map((b) => [b.line, b.info, b.language, b.mark, b.text])).toEqual([
      [2, "ts", "typescript", { kind: "program" }, "whole();\n"],
      [7, "yaml", "yaml", { kind: "fragment", reason: "an excerpt" }, "a: 1\n"],
      [10, "go", "go", { kind: "none" }, "unmarked()\n"],
      [13, "sh", undefined, { kind: "none" }, "echo a command\n"],
      [18, "go", "go", { kind: "part" }, "first()\n"],
      [21, "python", "python", { kind: "part" }, "```\nsecond()\n"],
      [28, "ts", "typescript", { kind: "none" }, "x\n"],
    ]);
  });

  it("reports a mark that no fence follows", () => {
    expect(stray).toEqual([
      { file: "doc.md", line: 26 },
      { file: "doc.md", line: 31 },
    ]);
  });
});

describe("the fenced blocks of README.md, docs/*.md and the examples' Markdown", () => {
  const { blocks, stray } = documentBlocks();

  it("of a program language are each run (a program or a part of one) or marked a fragment", () => {
    const unmarked = blocks.filter((b) => b.language && b.mark.kind === "none");
    expect(unmarked.map((b) => `${b.file}:${b.line} (${b.info})`)).toEqual([]);
  });

  it("mark a fragment with its reason", () => {
    const bare = blocks.filter((b) => b.mark.kind === "fragment" && b.mark.reason.length < 8);
    expect(bare.map((b) => `${b.file}:${b.line}`)).toEqual([]);
  });

  it("leave no mark without its block, and mark no block of another language as a program", () => {
    expect(stray.map((s) => `${s.file}:${s.line}`)).toEqual([]);
    const odd = blocks.filter((b) => !b.language && b.mark.kind === "program");
    expect(odd.map((b) => `${b.file}:${b.line}`)).toEqual([]);
  });

  it("hold the README's portfolio in each language, and the Go and Python examples of docs/resources.md", () => {
    const ids = docPrograms().map((p) => `${p.file} ${p.language}`);
    for (const language of ["typescript", "yaml", "go", "python"])
      expect(ids).toContain(`README.md ${language}`);
    expect(ids).toContain("docs/resources.md go");
    expect(ids).toContain("docs/resources.md python");
  });

  it("give each YAML program a name and runtime, and each Go program its package main", () => {
    for (const p of docPrograms()) {
      if (p.language === "yaml") expect(p.source, p.id).toMatch(/^name: .+\nruntime: yaml\n/m);
      if (p.language === "go") expect(p.source, p.id).toMatch(/^package main\n/);
    }
  });

  it("name this release's plugin and its download URL in the README's YAML portfolio", () => {
    const yaml = docPrograms().find((p) => p.file === "README.md" && p.language === "yaml");
    expect(yaml?.source).toContain(`      version: ${version}\n`);
    expect(yaml?.source).toContain(`      pluginDownloadURL: ${PLUGIN_DOWNLOAD_URL}\n`);
  });
});

/** Every Pulumi project (or policy pack) under examples/, and examples/portfolio (the root's). */
function exampleProjects(): string[] {
  const found = ["examples/portfolio"];
  const walk = (dir: string): void => {
    const entries = readdirSync(join(ROOT, dir), { withFileTypes: true });
    if (entries.some((e) => e.name === "Pulumi.yaml" || e.name === "PulumiPolicy.yaml")) found.push(dir);
    for (const e of entries) if (e.isDirectory() && e.name !== "node_modules") walk(`${dir}/${e.name}`);
  };
  walk("examples");
  return found.sort();
}

describe("the example projects", () => {
  it("are each run by an end-to-end file, or say why not", () => {
    expect(Object.keys(EXAMPLE_PROJECTS).sort()).toEqual(exampleProjects());
  });

  it("are run by files that exist and name them", () => {
    for (const [dir, how] of Object.entries(EXAMPLE_PROJECTS)) {
      if (!("runBy" in how)) continue;
      const text = readFileSync(join(ROOT, how.runBy), "utf8");
      const byTable = how.runBy.endsWith("docs-programs.test.ts") && text.includes("EXAMPLE_PROJECTS");
      expect(byTable || text.includes(dir.split("/").pop() ?? dir), `${dir} in ${how.runBy}`).toBe(true);
    }
  });

  it("have a runtime the end-to-end files know", () => {
    for (const dir of Object.keys(EXAMPLE_PROJECTS)) expect(() => exampleLanguage(dir), dir).not.toThrow();
  });
});

/** Text files of an example folder (its tests excepted: their README names are data). */
function exampleFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory()) {
      if (e.name !== "node_modules") out.push(...exampleFiles(path));
    } else if (
      !e.name.endsWith(".test.ts") &&
      !e.name.endsWith(".md") &&
      /\.(ts|mts|go|py|ya?ml|json)$/.test(e.name)
    )
      out.push(path);
  }
  return out;
}

describe("each example folder", () => {
  const folders = readdirSync(join(ROOT, "examples"), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => `examples/${e.name}`);

  it.each(folders)("%s has the README its files point to", (folder) => {
    for (const file of exampleFiles(folder)) {
      if (!/\bREADME\b/.test(readFileSync(join(ROOT, file), "utf8"))) continue;
      // The README beside the file, or the folder's own.
      const beside = join(ROOT, dirname(file), "README.md");
      expect(existsSync(beside) || existsSync(join(ROOT, folder, "README.md")), relative(ROOT, beside)).toBe(
        true,
      );
    }
  });
});
