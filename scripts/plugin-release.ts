/**
 * `npm run plugin:release [-- --platform linux-amd64]`: per platform, the provider plugin and the
 * `strategy-alerts` command, each as a single executable packed as
 * `release/pulumi-resource-strategy-alerts-v<version>-<os>-<arch>.tar.gz` (for
 * `pulumi plugin install resource strategy-alerts <version> --file <tarball>`) and
 * `release/strategy-alerts-v<version>-<os>-<arch>.tar.gz`, with
 * `release/strategy-alerts-v<version>-checksums.txt` (`sha256sum --check`) over every tarball of
 * the version in release/.
 *
 * A tarball whose inputs (the bundle, the Node.js binary, the README) did not change since it was
 * written is not built again: the stamp beside it holds their hash, and a copy of it is kept
 * outside the repository under that hash (scripts/plugin-release/built-cache.ts), so a fresh
 * clone of an unchanged tree reuses it too.
 */
import { mkdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { ARTIFACTS, type Artifact, type ArtifactKind } from "./plugin-release/artifacts";
import { withBuildLock } from "./plugin-release/build-lock";
import { type Bundle, bundlePlugin, bundleTools } from "./plugin-release/bundle";
import { writeChecksums } from "./plugin-release/checksums";
import { buildVersion, nodeBinary, pinnedNode, servedVersions } from "./plugin-release/node-binary";
import { buildTarball } from "./plugin-release/platform-build";
import { hostPlatform, PLATFORMS, type Platform } from "./plugin-release/platforms";

const ROOT = resolve(__dirname, "..");
export const RELEASE_DIR = join(ROOT, "release");

export function tarballName(version: string, platform: string): string {
  return ARTIFACTS.plugin.tarballName(version, platform);
}

/** The platform's plugin executable as the last release build left it (also what its tarball holds). */
export function releaseExecutable(platform = "linux-amd64"): string {
  return executableOf(ARTIFACTS.plugin, platform);
}

/** The platform's `strategy-alerts` executable as the last release build left it. */
export function toolsExecutable(platform = "linux-amd64"): string {
  return executableOf(ARTIFACTS.tools, platform);
}

function executableOf(artifact: Artifact, platform: string): string {
  const suffix = PLATFORMS.find((p) => p.pulumi === platform)?.exeSuffix ?? "";
  return join(RELEASE_DIR, "build", artifact.workName(platform), `${artifact.executable}${suffix}`);
}

export interface Outcome {
  platform: string;
  artifact: ArtifactKind;
  tarball?: string;
  bytes?: number;
  reused?: boolean;
  skipped?: string;
  /** The Node.js version inside. */
  nodeVersion?: string;
}

export async function release(only: string | undefined): Promise<Outcome[]> {
  mkdirSync(RELEASE_DIR, { recursive: true });
  return withBuildLock(join(RELEASE_DIR, ".building"), () => build(only));
}

async function build(only: string | undefined): Promise<Outcome[]> {
  const version = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string })
    .version;
  const work = join(RELEASE_DIR, "build");
  mkdirSync(work, { recursive: true });
  const node = pinnedNode(ROOT);
  const [plugin, tools] = await Promise.all([
    bundlePlugin(ROOT, work, version),
    bundleTools(ROOT, work, version),
  ]);
  const bundles: Record<ArtifactKind, Bundle> = { plugin, tools };
  const host = hostPlatform();
  const postject = require.resolve("postject/dist/cli.js", { paths: [ROOT] });
  const outcomes: Outcome[] = [];
  const cache = join(RELEASE_DIR, "cache");
  for (const platform of PLATFORMS.filter((p) => !only || p.pulumi === only)) {
    const isHost = platform === host;
    const skip = (skipped: string) =>
      outcomes.push(
        ...Object.values(ARTIFACTS).map((a) => ({ platform: platform.pulumi, artifact: a.kind, skipped })),
      );
    if (platform.unbuildable) {
      skip(platform.unbuildable);
      continue;
    }
    let built: { version: string; target: string; blobNode: string };
    try {
      built = isHost
        ? { version: node.version, target: node.binary, blobNode: node.binary }
        : foreignBuild(platform, node, host, cache);
    } catch (err) {
      skip((err as Error).message);
      continue;
    }
    for (const artifact of Object.values(ARTIFACTS)) {
      const tarball = join(RELEASE_DIR, artifact.tarballName(version, platform.pulumi));
      const done = buildTarball({
        artifact,
        platform,
        version,
        nodeVersion: built.version,
        target: built.target,
        isHost,
        bundle: bundles[artifact.kind].file,
        blobNode: built.blobNode,
        hostNode: node.binary,
        postject,
        work,
        tarball,
        licence: join(ROOT, "LICENSE"),
        script: __filename,
      });
      outcomes.push({
        platform: platform.pulumi,
        artifact: artifact.kind,
        nodeVersion: built.version,
        ...done,
      });
    }
  }
  if (outcomes.some((o) => o.tarball)) writeChecksums(RELEASE_DIR, version);
  return outcomes;
}

/**
 * Another platform's binary and the binary that writes its blob: at the pinned version when the
 * registry serves it for that platform, else at the newest version of the pinned major line it
 * serves for that platform and for this machine (scripts/plugin-release/node-binary.ts).
 */
function foreignBuild(
  platform: Platform,
  node: { version: string; binary: string },
  host: Platform | undefined,
  cache: string,
): { version: string; target: string; blobNode: string } {
  const served = servedVersions(platform);
  // An empty list: the registry could not be asked; the pinned version may still be in npm's cache.
  if (served.length === 0 || served.includes(node.version) || !host)
    return {
      version: node.version,
      target: nodeBinary(platform, node.version, cache),
      blobNode: node.binary,
    };
  const chosen = buildVersion(node.version, served, servedVersions(host));
  if (chosen === undefined) {
    const major = node.version.split(".")[0];
    throw new Error(
      `the npm registry serves ${platform.npmPackage} at no ${major}.x version that it also serves ${host.npmPackage} at (${node.version} pinned)`,
    );
  }
  return {
    version: chosen,
    target: nodeBinary(platform, chosen, cache),
    blobNode: nodeBinary(host, chosen, cache),
  };
}

if (require.main === module) {
  const at = process.argv.indexOf("--platform");
  const only = at === -1 ? undefined : process.argv[at + 1];
  if (only && !PLATFORMS.some((p) => p.pulumi === only)) {
    console.error(
      `--platform: unknown platform "${only}" (one of ${PLATFORMS.map((p) => p.pulumi).join(", ")})`,
    );
    process.exit(2);
  }
  release(only).then(
    (outcomes) => {
      for (const o of outcomes) {
        if (o.skipped) console.log(`${o.platform} ${o.artifact}: not built: ${o.skipped}`);
        else
          console.log(
            `${o.platform} ${o.artifact}: ${o.reused ? "unchanged" : "wrote"} release/${o.tarball?.split("/").pop()} (${((o.bytes ?? 0) / 1e6).toFixed(1)} MB, Node.js ${o.nodeVersion})`,
          );
      }
      if (!outcomes.some((o) => o.tarball)) process.exit(1);
    },
    (err: Error) => {
      console.error(`plugin:release: ${err.message}`);
      process.exit(1);
    },
  );
}
