/**
 * The programs of the documentation, as a reader copies them: every fenced block of a program
 * language in README.md, docs/*.md and the examples' Markdown is marked, on the last non-blank
 * line before its fence, as one of
 *
 *   <!-- program -->             a whole program, saved as the language's program file
 *                                (index.ts, Pulumi.yaml, main.go, __main__.py) and run as it is;
 *   <!-- fragment: <why> -->     not a program on its own (an excerpt, a section to add to one,
 *                                a test file); the reason is required;
 *
 * or sits between `<!-- program parts -->` and `<!-- end of program parts -->`: such blocks are
 * the parts of one program per language, joined in the order written, inside the frame the text
 * around them states (Go: `pulumi.Run(func(ctx *pulumi.Context) error { … })`; Python: the
 * imports of `pulumi` and the SDK as `sa`).
 *
 * test/e2e/docs-programs.test.ts runs every program; test/unit/docs/doc-programs.test.ts fails on
 * a block of a program language that carries no mark, so a new block is run or says why not.
 * Blocks of other languages (sh, json, text, mermaid) are commands and output, never programs.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { GO_MODULE, PYTHON_PACKAGE } from "../../provider/plugin/package-identity";

export const ROOT = resolve(__dirname, "../..");

export type ProgramLanguage = "typescript" | "yaml" | "go" | "python";

/** Fence info strings of program languages. */
const LANGUAGES: Record<string, ProgramLanguage> = {
  ts: "typescript",
  typescript: "typescript",
  yaml: "yaml",
  yml: "yaml",
  go: "go",
  python: "python",
  py: "python",
};

type Mark = { kind: "program" } | { kind: "fragment"; reason: string } | { kind: "part" } | { kind: "none" };

export interface FencedBlock {
  /** The document, relative to the repository's root. */
  file: string;
  /** The line of the opening fence, 1-based. */
  line: number;
  /** The fence's info string ("ts", "sh", …). */
  info: string;
  /** Undefined for a block that is no program language. */
  language?: ProgramLanguage;
  /** The block's text, the fence's own indentation removed from each line. */
  text: string;
  mark: Mark;
}

const PROGRAM = /^\s*<!--\s*program\s*-->\s*$/;
const FRAGMENT = /^\s*<!--\s*fragment:?(.*?)-->\s*$/;
const PARTS_BEGIN = /^\s*<!--\s*program parts\s*-->\s*$/;
const PARTS_END = /^\s*<!--\s*end of program parts\s*-->\s*$/;
const FENCE = /^(\s*)(```+|~~~+)\s*([^\s`]*)/;

/** A mark that no block follows (a marker left behind by an edit), as file:line. */
export interface StrayMark {
  file: string;
  line: number;
}

/** The fenced blocks of one Markdown document, and the marks that mark no block. */
export function fencedBlocks(file: string, markdown: string): { blocks: FencedBlock[]; stray: StrayMark[] } {
  const lines = markdown.split("\n");
  const blocks: FencedBlock[] = [];
  const stray: StrayMark[] = [];
  let inParts = false;
  let pending: { mark: Mark; line: number } | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? "";
    if (PARTS_BEGIN.test(line)) inParts = true;
    else if (PARTS_END.test(line)) inParts = false;
    if (PROGRAM.test(line)) {
      if (pending) stray.push({ file, line: pending.line });
      pending = { mark: { kind: "program" }, line: i + 1 };
      continue;
    }
    const fragment = FRAGMENT.exec(line);
    if (fragment) {
      if (pending) stray.push({ file, line: pending.line });
      pending = { mark: { kind: "fragment", reason: (fragment[1] ?? "").trim() }, line: i + 1 };
      continue;
    }
    const fence = FENCE.exec(line);
    if (!fence) {
      // A mark belongs to the fence right after it (blank lines allowed in between).
      if (pending && line.trim() !== "") {
        stray.push({ file, line: pending.line });
        pending = undefined;
      }
      continue;
    }
    const [, indent = "", ticks = "```", info = ""] = fence;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const l = lines[j] ?? "";
      if (closes(l, ticks)) break;
      body.push(l.startsWith(indent) ? l.slice(indent.length) : l.trimStart());
    }
    const language = LANGUAGES[info.toLowerCase()];
    const mark: Mark = pending?.mark ?? (inParts && language ? { kind: "part" } : { kind: "none" });
    blocks.push({ file, line: i + 1, info, language, text: `${body.join("\n")}\n`, mark });
    pending = undefined;
    i = j;
  }
  if (pending) stray.push({ file, line: pending.line });
  return { blocks, stray };
}

/** A closing fence: the opening one's character, at least as many times, and nothing else. */
function closes(line: string, ticks: string): boolean {
  const t = line.trim();
  return t.length >= ticks.length && t === (ticks[0] ?? "`").repeat(t.length);
}

/** README.md, docs/*.md and every Markdown file under examples/, relative to the root. */
export function documentFiles(root = ROOT): string[] {
  const files = ["README.md"];
  for (const f of readdirSync(join(root, "docs")).sort()) if (f.endsWith(".md")) files.push(`docs/${f}`);
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      if (entry.name === "node_modules") continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".md")) files.push(relative(root, path));
    }
  };
  walk(join(root, "examples"));
  return files;
}

/** Every fenced block of the documentation, and every stray mark. */
export function documentBlocks(root = ROOT): { blocks: FencedBlock[]; stray: StrayMark[] } {
  const all = documentFiles(root).map((file) => fencedBlocks(file, readFileSync(join(root, file), "utf8")));
  return { blocks: all.flatMap((d) => d.blocks), stray: all.flatMap((d) => d.stray) };
}

/** A program of the documentation, whole as a user saves it. */
export interface DocProgram {
  /** `file:line` of its (first) block: the test's name for it. */
  id: string;
  file: string;
  language: ProgramLanguage;
  /** The program file's text. */
  source: string;
}

/** The documentation's programs: each marked block, and each document's parts joined per language. */
export function docPrograms(root = ROOT): DocProgram[] {
  const { blocks } = documentBlocks(root);
  const programs: DocProgram[] = [];
  for (const b of blocks) {
    if (b.mark.kind !== "program" || !b.language) continue;
    programs.push({ id: `${b.file}:${b.line}`, file: b.file, language: b.language, source: b.text });
  }
  const parts = new Map<string, FencedBlock[]>();
  for (const b of blocks) {
    if (b.mark.kind !== "part" || !b.language) continue;
    const key = `${b.file}\0${b.language}`;
    parts.set(key, [...(parts.get(key) ?? []), b]);
  }
  for (const group of parts.values()) {
    const [first] = group;
    if (!first?.language) continue;
    const body = group.map((b) => b.text.trimEnd());
    programs.push({
      id: `${first.file}:${first.line} (${group.length} parts)`,
      file: first.file,
      language: first.language,
      source: framed(first.language, body, `${first.file}:${first.line}`),
    });
  }
  return programs;
}

/** Parts of a program inside the frame its document states. */
function framed(language: ProgramLanguage, parts: string[], where: string): string {
  switch (language) {
    case "go":
      return `package main

import (
\t"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
\tsa "${GO_MODULE}/strategyalerts"
)

func main() {
\tpulumi.Run(func(ctx *pulumi.Context) error {
${parts.map((p) => indent(p, "\t\t")).join("\n")}
\t\treturn nil
\t})
}
`;
    case "python":
      return `import pulumi
import ${PYTHON_PACKAGE} as sa

${parts.join("\n\n")}
`;
    case "typescript":
      return `${parts.join("\n\n")}\n`;
    case "yaml":
      throw new Error(`${where}: YAML programs cannot be joined from parts; mark one whole program`);
  }
}

function indent(text: string, by: string): string {
  return text
    .split("\n")
    .map((line) => (line === "" ? line : `${by}${line}`))
    .join("\n");
}

/** The end-to-end file that runs the documentation's programs. */
export const THIS_TEST = "test/e2e/docs-programs.test.ts";

/**
 * How each example project runs under the engine (preview, up, a preview with no change,
 * destroy): in the end-to-end file named (THIS_TEST runs those no other file runs), or why it
 * does not. A unit test holds the table to the projects under examples/.
 */
export const EXAMPLE_PROJECTS: Record<string, { runBy: string } | { notRun: string }> = {
  // The repository's own Pulumi.yaml names its index.ts.
  "examples/portfolio": { runBy: "test/e2e/examples.test.ts" },
  "examples/yaml-portfolio": { runBy: "test/e2e/yaml-portfolio-suite.ts" },
  // With the release binary installed; plugin-download.test.ts has the engine download it.
  "examples/go-portfolio": { runBy: "test/e2e/go-portfolio.test.ts" },
  "examples/policy-pack": { runBy: "test/e2e/policy-pack.test.ts" },
  "examples/adopt-existing": { runBy: THIS_TEST },
  "examples/strategy-tests": { runBy: THIS_TEST },
  "examples/github-actions-portfolios/portfolios/safety-desk": { runBy: THIS_TEST },
  "examples/github-actions-portfolios/portfolios/momentum-desk": { runBy: THIS_TEST },
  "examples/python-portfolio": {
    notRun:
      "no Python language host in the toolchain and no Pulumi Python SDK that imports here (its README says why); compiled by test/integration/sdk-examples.test.ts",
  },
};

/** The language of an example project, from its Pulumi.yaml's runtime. */
export function exampleLanguage(dir: string, root = ROOT): ProgramLanguage | "policy pack" {
  if (existsSync(join(root, dir, "PulumiPolicy.yaml"))) return "policy pack";
  const file = existsSync(join(root, dir, "Pulumi.yaml"))
    ? join(root, dir, "Pulumi.yaml")
    : join(root, "Pulumi.yaml");
  const runtime = /^runtime:[ \t]*(?:\n[ \t]+name:[ \t]*)?(\w+)/m.exec(readFileSync(file, "utf8"))?.[1];
  switch (runtime) {
    case "nodejs":
      return "typescript";
    case "yaml":
    case "go":
    case "python":
      return runtime;
    default:
      throw new Error(`${dir}: no runtime this test knows in its Pulumi.yaml (${runtime})`);
  }
}
