import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { PROGRAM_COMPILER_OPTIONS } from "../../cli/import/project-files";
import { type ProcessResult, runProcess } from "./process";

const REPO = resolve(__dirname, "../..");

/**
 * The compiler options of the project `strategy-alerts import` writes, and no unused names: a
 * generated program must type-check where the user will run it, and declare nothing idle.
 */
function generatedProjectOptions(): Record<string, unknown> {
  return { ...PROGRAM_COMPILER_OPTIONS, noUnusedLocals: true };
}

/**
 * Runs the repository's tsc over generated TypeScript files in a temporary project whose
 * package imports resolve to this repository's sources, as a user's project resolves the
 * installed package. tsc's output is empty and its code 0 when the files type-check.
 */
export async function typeCheckFiles(
  files: Record<string, string>,
  compilerOptions: Record<string, unknown> = generatedProjectOptions(),
): Promise<ProcessResult> {
  const dir = await mkdtemp(join(tmpdir(), "psa-generated-"));
  try {
    await Promise.all(Object.entries(files).map(([name, text]) => writeFile(join(dir, name), text)));
    const tsconfig = {
      compilerOptions: {
        ...compilerOptions,
        baseUrl: REPO,
        paths: {
          "pulumi-strategy-alerts": ["provider/index.ts"],
          "@pulumi/pulumi": ["node_modules/@pulumi/pulumi"],
        },
        typeRoots: [join(REPO, "node_modules/@types")],
      },
      files: Object.keys(files),
    };
    await writeFile(join(dir, "tsconfig.json"), JSON.stringify(tsconfig));
    return await runProcess(join(REPO, "node_modules/.bin/tsc"), ["-p", dir], { cwd: dir });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** How the repository's Biome formats a generated program (2 spaces, 80 columns). */
export function biomeFormat(source: string): Promise<ProcessResult> {
  return runProcess(
    join(REPO, "node_modules/.bin/biome"),
    ["format", "--indent-style=space", "--line-width=80", "--stdin-file-path=index.ts"],
    { input: source, cwd: tmpdir() },
  );
}
