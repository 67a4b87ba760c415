/**
 * A copy of the product's sources to follow a CONTRIBUTING walkthrough on: edit it as a
 * contributor would, and ask the compiler which files fail. Shared by the new-kind and new-field
 * walkthroughs.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "vitest";
import { runProcess, tsNode } from "../../../support/process";

export const REPO = join(__dirname, "..", "..", "..", "..");

/** The text of CONTRIBUTING.md's section `## heading`, up to the next section. */
export function contributingSection(heading: string): string {
  const contributing = readFileSync(join(REPO, "CONTRIBUTING.md"), "utf8");
  const start = contributing.indexOf(`## ${heading}\n`);
  expect(start, `CONTRIBUTING.md has no section ## ${heading}`).toBeGreaterThanOrEqual(0);
  const next = contributing.indexOf("\n## ", start + 1);
  return contributing.slice(start, next === -1 ? undefined : next);
}

export class SourceCopy {
  private constructor(readonly dir: string) {}

  /** The product's sources (not its tests), type-checked without emitting. */
  static create(prefix: string): SourceCopy {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    for (const part of ["provider", "cli", "emulator", "scripts"])
      cpSync(join(REPO, part), join(dir, part), { recursive: true });
    cpSync(join(REPO, "biome.json"), join(dir, "biome.json"));
    symlinkSync(join(REPO, "node_modules"), join(dir, "node_modules"));
    const config = JSON.parse(readFileSync(join(REPO, "tsconfig.json"), "utf8"));
    config.include = ["provider", "cli", "emulator"];
    config.compilerOptions.noEmit = true;
    writeFileSync(join(dir, "tsconfig.json"), JSON.stringify(config));
    return new SourceCopy(dir);
  }

  read(file: string): string {
    return readFileSync(join(this.dir, file), "utf8");
  }

  write(file: string, text: string): void {
    writeFileSync(join(this.dir, file), text);
  }

  /** Puts `text` after the one place `after` stands in `file`. */
  insert(file: string, after: string, text: string): void {
    const source = this.read(file);
    expect(source.split(after), `${file} holds one ${JSON.stringify(after)}`).toHaveLength(2);
    this.write(file, source.replace(after, after + text));
  }

  /** The files that fail to compile, the plain types regenerated first as a build does. */
  async failingFiles(): Promise<string[]> {
    const generated = await runProcess(
      process.execPath,
      tsNode(join(this.dir, "scripts", "plain-types.ts")),
      {
        cwd: this.dir,
      },
    );
    expect(generated.code, generated.stderr).toBe(0);
    const tsc = join(REPO, "node_modules", "typescript", "bin", "tsc");
    const result = await runProcess(process.execPath, [tsc, "-p", "tsconfig.json"], { cwd: this.dir });
    const files = result.stdout.split("\n").flatMap((l) => l.match(/^([\w/.-]+\.ts)\(/)?.[1] ?? []);
    return [...new Set(files)].sort();
  }

  remove(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}
