/**
 * The plugin tarball in the layout `pulumi plugin install --file` expects: the executable at the
 * top, with the licence and a short README beside it.
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";

export function readme(version: string, platform: string, nodeVersion: string, codeCache: boolean): string {
  return `# pulumi-resource-strategy-alerts v${version} (${platform})

The Pulumi provider plugin \`strategy-alerts\`: one executable (Node.js ${nodeVersion} inside,
${codeCache ? "with its V8 code cache" : "without a V8 code cache"}); nothing else to install.

    pulumi plugin install resource strategy-alerts ${version} --file pulumi-resource-strategy-alerts-v${version}-${platform}.tar.gz

Then use \`strategy-alerts:index:<Kind>\` resources in any Pulumi program (Pulumi YAML included),
with \`strategy-alerts:apiKey\` (secret) and \`strategy-alerts:baseUrl\` in the stack config.
Licensed under the Apache License 2.0 (LICENSE).
`;
}

/** Writes LICENSE and README.md beside the executable and packs the three into `out`. */
export function packTarball(exe: string, licence: string, readmeText: string, out: string): void {
  const dir = dirname(exe);
  copyFileSync(licence, join(dir, "LICENSE"));
  writeFileSync(join(dir, "README.md"), readmeText);
  execFileSync("tar", ["-czf", out, "-C", dir, basename(exe), "LICENSE", "README.md"]);
}
