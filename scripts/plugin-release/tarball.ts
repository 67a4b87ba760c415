/**
 * The tarballs: the plugin's in the layout `pulumi plugin install --file` expects, the tools' in
 * the same one; each holds its executable at the top, with the licence and a short README beside it.
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

export function toolsReadme(
  version: string,
  platform: string,
  nodeVersion: string,
  codeCache: boolean,
): string {
  const exe = platform.startsWith("windows-") ? "strategy-alerts.exe" : "strategy-alerts";
  return `# strategy-alerts v${version} (${platform})

The \`strategy-alerts\` command: one executable (Node.js ${nodeVersion} inside,
${codeCache ? "with its V8 code cache" : "without a V8 code cache"}); nothing else to install.

    tar -xzf strategy-alerts-v${version}-${platform}.tar.gz ${exe}
    ./${exe} --help

    ${exe} review preview.json           # a pull-request report of \`pulumi preview --json\`
    ${exe} import --out imported --language yaml
    ${exe} doctor                        # which readings of the spec a service follows
    ${exe} recover                       # after a killed \`pulumi up\`, in the project's directory
    ${exe} emulator --port 0             # a local emulator of the whole API

Commands that call the API read STRATEGY_ALERTS_API_KEY and STRATEGY_ALERTS_BASE_URL; recover
also runs the \`pulumi\` CLI found on PATH. Licensed under the Apache License 2.0 (LICENSE).
`;
}

/** Writes LICENSE and README.md beside the executable and packs the three into `out`. */
export function packTarball(exe: string, licence: string, readmeText: string, out: string): void {
  const dir = dirname(exe);
  copyFileSync(licence, join(dir, "LICENSE"));
  writeFileSync(join(dir, "README.md"), readmeText);
  execFileSync("tar", ["-czf", out, "-C", dir, basename(exe), "LICENSE", "README.md"]);
}
