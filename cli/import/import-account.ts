/** `strategy-alerts import`: an account, read through the client → a Pulumi project or import document. */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { ApiClient } from "../../provider/api/client";
import { printableText } from "../../provider/model/printable-text";
import type { Strategy } from "../../provider/model/strategy";
import { parseTemporaryStrategyName } from "../../provider/model/temporary-strategies";
import { printableUrl } from "../../provider/model/url-credentials";
import { CommandError } from "../command";
import { type AccountDeclarations, declareAccount, type SecretInput } from "./declarations";
import {
  goProjectFiles,
  type PluginRoute,
  type ProgramLanguage,
  type ProjectVersions,
  projectFiles,
  pythonProjectFiles,
  yamlProjectFiles,
} from "./project-files";
import { projectSlug } from "./project-names";
import { renderImportFile } from "./pulumi-import-file";
import { type ReadProgress, readAccount } from "./read-account";
import { renderGoProgram } from "./render-go";
import { renderProgram } from "./render-program";
import { renderPythonProgram } from "./render-python";
import { renderYamlProgram } from "./render-yaml";

/**
 * What import writes: a program (TypeScript, Pulumi YAML with its plugin from npm or installed,
 * Go or Python), or a `pulumi import --file` document.
 */
export type ImportOutput =
  | { format: "program"; language: ProgramLanguage; plugin?: PluginRoute }
  | { format: "pulumi-import" };

type ProgramWriter = (
  projectName: string,
  declarations: AccountDeclarations,
  plugin: PluginRoute,
) => Record<string, string>;

/** The project files of each language. */
const PROGRAM_WRITERS: Readonly<Record<ProgramLanguage, ProgramWriter>> = {
  typescript: (name, d) => projectFiles(name, renderProgram(d).source, packageVersions()),
  yaml: (name, d, plugin) =>
    yamlProjectFiles(name, renderYamlProgram(projectSlug(name), d, plugin), packageVersions(), plugin),
  go: (name, d) => goProjectFiles(name, renderGoProgram(d), packageVersions()),
  python: (name, d) => pythonProjectFiles(name, renderPythonProgram(d), packageVersions()),
};

export interface ImportResult {
  /** Files by path relative to the output directory; for a document, one file named "". */
  files: Record<string, string>;
  /** Terminal-safe lines (account data escaped). */
  warnings: string[];
  /** One line per kind of object imported; terminal-safe, URLs masked. */
  summary: string;
  /** Config secrets the user sets before the first `pulumi up` (keys only, never values). */
  secrets: SecretInput[];
}

export async function importAccount(
  client: ApiClient,
  projectName: string,
  output: ImportOutput = { format: "program", language: "typescript" },
  onProgress?: ReadProgress,
): Promise<ImportResult> {
  const snapshot = await readAccount(client, onProgress);
  const declarations = declareAccount(snapshot);
  const warnings = [...declarations.warnings, ...temporaryWarnings(snapshot.skippedTemporary)].map(
    printableText,
  );
  const active = snapshot.strategies.filter((s) => s.isActive).length;
  const tagged = snapshot.developers.filter((d) => d.tagIds.length > 0).length;
  const summary = [
    `Imported account ${printableText(snapshot.account.userId)} (plan ${printableText(snapshot.account.plan)}):`,
    `  ${snapshot.strategies.length} strategies, ${active} of them active`,
    `  ${snapshot.developers.length} followed developers, ${tagged} with tags`,
    `  webhook: ${snapshot.webhook.url ? printableText(printableUrl(snapshot.webhook.url)) : "none configured"}`,
  ].join("\n");
  const files =
    output.format === "pulumi-import"
      ? { "": renderImportFile(declarations) }
      : PROGRAM_WRITERS[output.language](projectName, declarations, output.plugin ?? "npm");
  return { files, warnings, summary, secrets: declarations.secrets };
}

/** Temporary strategies a killed tool left behind are not the user's: skipped, and said so. */
function temporaryWarnings(skipped: readonly Strategy[]): string[] {
  return skipped.map((s) => {
    const mark = parseTemporaryStrategyName(s.name)!;
    return (
      `skipped strategy ${JSON.stringify(s.name)} (${s.id}): a temporary copy that \`strategy-alerts ${mark.tool}\` ` +
      `made and did not delete (its run was interrupted); it is not imported. Delete it in the app, or let the next ` +
      `${mark.tool} sweep it.`
    );
  });
}

/** The version ranges a generated project asks for, read from this package's package.json. */
function packageVersions(): ProjectVersions {
  const manifest = ownManifest();
  const pulumi = manifest.peerDependencies?.["@pulumi/pulumi"] ?? "^3.270.0";
  const dev = manifest.devDependencies ?? {};
  const range = (version: string | undefined, fallback: string) =>
    version === undefined ? fallback : /^\d/.test(version) ? `^${version}` : version;
  return {
    package: `^${manifest.version}`,
    pulumi,
    typescript: range(dev.typescript, "^5.9.3"),
    tsNode: range(dev["ts-node"], "^10.9.2"),
    typesNode: range(dev["@types/node"], "^24.0.0"),
  };
}

interface Manifest {
  name: string;
  version: string;
  peerDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

/** This package's package.json, found upwards from here (source and built layouts differ). */
function ownManifest(): Manifest {
  for (let dir = __dirname; ; dir = dirname(dir)) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as Manifest;
      if (manifest.name === "pulumi-strategy-alerts") return manifest;
    } catch {
      // No package.json here: look further up.
    }
    if (dirname(dir) === dir)
      throw new CommandError(
        "cannot find the package.json of pulumi-strategy-alerts above the running command: reinstall the package",
      );
  }
}
