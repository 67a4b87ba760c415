import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, posix, resolve } from "node:path";
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
export function resolveRelative(importer: string, specifier: string): string {
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
    .map((specifier) => resolveRelative(file, specifier));
}

/**
 * The specifiers a source file loads at run time, relative or not, as written: its imports,
 * re-exports, `require` and `import()`, without `import type` and `export type` (they load
 * nothing).
 */
export function runtimeSpecifiers(file: string): string[] {
  const text = readFileSync(join(REPO, file), "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!isTypeOnlyImport(node)) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      if (!node.isTypeOnly) found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node)) {
      const [first] = node.arguments;
      const loads =
        node.expression.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isIdentifier(node.expression) && node.expression.text === "require");
      if (loads && first && ts.isStringLiteralLike(first)) found.push(first.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function isTypeOnlyImport(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (!clause) return false;
  if (clause.isTypeOnly) return true;
  const named = clause.namedBindings;
  return (
    !clause.name &&
    named !== undefined &&
    ts.isNamedImports(named) &&
    named.elements.every((e) => e.isTypeOnly)
  );
}
