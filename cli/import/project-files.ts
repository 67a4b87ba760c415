/** The files around a generated program that make it a ready Pulumi project. */
import { slugFor } from "./names";

/** The files each kind of project holds, known before the account is read (to check --out). */
export const PROJECT_FILE_NAMES = {
  typescript: ["Pulumi.yaml", "package.json", "tsconfig.json", ".gitignore", "index.ts"],
  yaml: ["Pulumi.yaml", "package.json", ".gitignore"],
} as const;

/** The compiler options of a generated TypeScript project; the tests type-check programs with them. */
export const PROGRAM_COMPILER_OPTIONS = {
  strict: true,
  target: "ES2022",
  module: "commonjs",
  moduleResolution: "node",
  esModuleInterop: true,
  skipLibCheck: true,
  noEmit: true,
} as const;

/** Versions the generated package.json asks for: the package that wrote it, and its toolchain. */
export interface ProjectVersions {
  package: string;
  pulumi: string;
  typescript: string;
  tsNode: string;
  typesNode: string;
}

export function projectFiles(
  projectName: string,
  indexTs: string,
  versions: ProjectVersions,
): Record<string, string> {
  const name = projectSlug(projectName);
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  return {
    "Pulumi.yaml": [
      `name: ${name}`,
      "description: Strategy portfolio imported with `strategy-alerts import`",
      "runtime:",
      "  name: nodejs",
      "  options:",
      "    typescript: true",
      "main: index.ts",
      "",
    ].join("\n"),
    "package.json": json({
      name,
      private: true,
      main: "index.ts",
      dependencies: {
        "@pulumi/pulumi": versions.pulumi,
        "pulumi-strategy-alerts": versions.package,
      },
      // Pulumi runs TypeScript through ts-node; without both it falls back to an old vendored compiler.
      devDependencies: {
        "@types/node": versions.typesNode,
        "ts-node": versions.tsNode,
        typescript: versions.typescript,
      },
    }),
    "tsconfig.json": json({
      compilerOptions: PROGRAM_COMPILER_OPTIONS,
      files: ["index.ts"],
    }),
    ".gitignore": "node_modules/\n",
    "index.ts": indexTs,
  };
}

/** The project name a generated project carries: a slug of what the user asked for. */
export function projectSlug(projectName: string): string {
  return slugFor(projectName) || "strategy-portfolio";
}

/**
 * A Pulumi YAML project: the program is Pulumi.yaml itself; package.json brings the package,
 * whose root holds the provider plugin that `plugins.providers[].path` points at.
 */
export function yamlProjectFiles(
  projectName: string,
  pulumiYaml: string,
  versions: Pick<ProjectVersions, "package">,
): Record<string, string> {
  const name = projectSlug(projectName);
  return {
    "Pulumi.yaml": pulumiYaml,
    "package.json": `${JSON.stringify(
      { name, private: true, dependencies: { "pulumi-strategy-alerts": versions.package } },
      null,
      2,
    )}\n`,
    ".gitignore": "node_modules/\n",
  };
}
