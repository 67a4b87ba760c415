/**
 * What the release builds for each platform: the provider plugin, and the `strategy-alerts`
 * command (review, import, doctor, recover, emulator) for machines without Node.js. Each is its
 * own single executable in its own tarball.
 */
import { readme, toolsReadme } from "./tarball";

export type ArtifactKind = "plugin" | "tools";

export interface Artifact {
  kind: ArtifactKind;
  /** The executable's name, before the platform's suffix. */
  executable: string;
  /** `<name>-v<version>-<os>-<arch>.tar.gz`, the name Pulumi expects of a plugin's tarball. */
  tarballName(version: string, platform: string): string;
  /** The directory of its build under release/build (the executable, LICENSE and README.md). */
  workName(platform: string): string;
  readme(version: string, platform: string, nodeVersion: string, codeCache: boolean): string;
}

const PLUGIN = "pulumi-resource-strategy-alerts";
const TOOLS = "strategy-alerts";

export const ARTIFACTS: Record<ArtifactKind, Artifact> = {
  plugin: {
    kind: "plugin",
    executable: PLUGIN,
    tarballName: (version, platform) => `${PLUGIN}-v${version}-${platform}.tar.gz`,
    workName: (platform) => platform,
    readme,
  },
  tools: {
    kind: "tools",
    executable: TOOLS,
    tarballName: (version, platform) => `${TOOLS}-v${version}-${platform}.tar.gz`,
    workName: (platform) => `tools-${platform}`,
    readme: toolsReadme,
  },
};
