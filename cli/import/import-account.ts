/** `strategy-alerts import`: an account, read through the client → the files of a Pulumi project. */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { ApiClient } from "../../provider/api/client";
import { type ProjectVersions, projectFiles } from "./project-files";
import { readAccount } from "./read-account";
import { renderProgram } from "./render-program";

export interface ImportResult {
  files: Record<string, string>;
  warnings: string[];
  /** One line per kind of object imported. */
  summary: string;
}

export async function importAccount(client: ApiClient, projectName: string): Promise<ImportResult> {
  const snapshot = await readAccount(client);
  const program = renderProgram(snapshot);
  const active = snapshot.strategies.filter((s) => s.isActive).length;
  const tagged = snapshot.developers.filter((d) => d.tagIds.length > 0).length;
  const summary = [
    `Imported account ${snapshot.account.userId} (plan ${snapshot.account.plan}):`,
    `  ${snapshot.strategies.length} strategies, ${active} of them active`,
    `  ${snapshot.developers.length} followed developers, ${tagged} with tags`,
    `  webhook: ${snapshot.webhook.url ? snapshot.webhook.url : "none configured"}`,
  ].join("\n");
  return {
    files: projectFiles(projectName, program.source, packageVersions()),
    warnings: program.warnings,
    summary,
  };
}

/** The version ranges a generated project asks for, read from this package's package.json. */
export function packageVersions(): ProjectVersions {
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
    if (dirname(dir) === dir) throw new Error("cannot find the package.json of pulumi-strategy-alerts");
  }
}
