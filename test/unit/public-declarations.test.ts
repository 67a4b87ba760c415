/**
 * The package root's published declarations, as a user's compiler reads them: from
 * dist/provider/index.d.ts through every declaration it imports. A Pulumi TypeScript program is
 * type-checked on every up, preview and change, so each file reached here is read each time;
 * zod's and undici's declarations (139 files) were most of what the package added to a bare
 * program's check (docs/benchmarks.md). Reads the build: `npm test` builds before Vitest runs.
 */
import { join, sep } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { expectBuiltFromCurrentSources } from "../support/built-from-sources";
import { REPO } from "../support/source-imports";

const ROOT_DECLARATIONS = join(REPO, "dist", "provider", "index.d.ts");

/** Every file the compiler loads for a program that imports the package root, as a user's does. */
function declarationClosure(): string[] {
  const program = ts.createProgram([ROOT_DECLARATIONS], {
    module: ts.ModuleKind.CommonJS,
    moduleResolution: ts.ModuleResolutionKind.Node10,
    target: ts.ScriptTarget.ES2022,
    strict: true,
    noEmit: true,
    // Only what the declarations import: a program's own @types are no concern of the package.
    types: [],
  });
  return program.getSourceFiles().map((file) => file.fileName.split(sep).join("/"));
}

const packageOf = (file: string): string | undefined =>
  file.match(/\/node_modules\/((?:@[^/]+\/)?[^/]+)\//)?.[1];

describe("the package root's published declarations", () => {
  it("are built from the current sources (run `npm run build` first)", () => {
    expectBuiltFromCurrentSources("dist/provider/index.d.ts");
  });

  it("reach neither zod nor undici", () => {
    const files = declarationClosure();
    // The walk did reach the package's own files and the Pulumi SDK it declares against.
    expect(files).toContain(`${REPO.split(sep).join("/")}/dist/provider/resources/strategy.d.ts`);
    expect(files.some((file) => packageOf(file) === "@pulumi/pulumi")).toBe(true);
    const reached = new Set(files.map(packageOf));
    expect([...reached].filter((name) => name === "zod" || name === "undici")).toEqual([]);
  });
});
