import ts from "typescript";

/** The compiler options of a harness project's tsconfig.json, as `tsc` and ts-node read them. */
export const PROJECT_COMPILER_OPTIONS = {
  strict: true,
  target: "ES2022",
  module: "commonjs",
  esModuleInterop: true,
  skipLibCheck: true,
  // Explicit, as ts-node's transpile-only mode requires it with a commonjs module.
  moduleResolution: "node",
} as const;

const options = ts.convertCompilerOptionsFromJson(
  { ...PROJECT_COMPILER_OPTIONS, inlineSourceMap: true, inlineSources: true },
  ".",
).options;

/**
 * A TypeScript file of a harness project as the JavaScript beside it: what ts-node's transpile-only
 * mode makes of it on every command (TypeScript's `transpileModule`, the project's options), done
 * once per program written. The inline source map keeps an error's lines those of the .ts file.
 */
export function programJavaScript(source: string, fileName: string): string {
  return ts.transpileModule(source, { compilerOptions: options, fileName }).outputText;
}

/** The JavaScript file beside a TypeScript one (declarations have none). */
export function javaScriptPath(file: string): string | undefined {
  return file.endsWith(".ts") && !file.endsWith(".d.ts") ? `${file.slice(0, -3)}.js` : undefined;
}
