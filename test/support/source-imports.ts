import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, posix, relative, resolve } from "node:path";
import ts from "typescript";

/** The repository's root directory. */
export const REPO = resolve(__dirname, "../..");

const SKIPPED_DIRECTORIES = new Set(["node_modules", "dist", "coverage"]);

/**
 * The TypeScript files under the given directories of the repository, as POSIX paths relative
 * to its root, sorted. Read from the work tree (no git process), skipping installed and built
 * directories and hidden ones.
 */
export function sourceFiles(...directories: string[]): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(join(REPO, dir), { withFileTypes: true })) {
      if (entry.name.startsWith(".")) continue;
      const path = posix.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRECTORIES.has(entry.name)) walk(path);
      } else if (/\.(m|c)?ts$/.test(entry.name)) {
        found.push(path);
      }
    }
  };
  for (const dir of directories) walk(dir);
  return found.sort();
}

/** The module a relative specifier names: the file itself, `<name>.ts` or `<name>/index.ts`. */
function resolveSpecifier(importer: string, specifier: string): string {
  const base = posix.normalize(posix.join(posix.dirname(importer), specifier));
  for (const candidate of [`${base}.ts`, `${base}/index.ts`, base]) {
    if (existsSync(join(REPO, candidate)) && !candidate.endsWith("/")) return candidate;
  }
  return base;
}

/**
 * The repository files a source file imports by relative path — `import`, `export … from`,
 * `import type`, `require` and `import()` — as POSIX paths relative to the repository's root.
 * The compiler's own pre-processing finds them, so comments and strings do not count.
 */
export function relativeImports(file: string): string[] {
  const text = readFileSync(join(REPO, file), "utf8");
  const { importedFiles } = ts.preProcessFile(text, true, true);
  return importedFiles
    .map((imported) => imported.fileName)
    .filter((specifier) => specifier.startsWith("./") || specifier.startsWith("../"))
    .map((specifier) => resolveSpecifier(file, specifier));
}

/** Every module specifier of a source file, relative or not, as written. */
export function importSpecifiers(file: string): string[] {
  const text = readFileSync(join(REPO, file), "utf8");
  return ts.preProcessFile(text, true, true).importedFiles.map((imported) => imported.fileName);
}

/** A path relative to the repository's root, for messages. */
export function repositoryPath(absolute: string): string {
  return relative(REPO, absolute).split("\\").join("/");
}

export { dirname };
