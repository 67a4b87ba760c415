/**
 * `npm run plugin:release [-- --platform linux-amd64]`: the provider plugin as a single executable
 * per platform, packed as `release/pulumi-resource-strategy-alerts-v<version>-<os>-<arch>.tar.gz`
 * for `pulumi plugin install resource strategy-alerts <version> --file <tarball>`.
 *
 * A platform whose inputs (the bundle, the Node.js binary, the README) did not change since its
 * tarball was written is not built again: the stamp beside the tarball holds their hash.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { bundlePlugin } from "./plugin-release/bundle";
import { buildVersion, nodeBinary, pinnedNode, servedVersions } from "./plugin-release/node-binary";
import { hostPlatform, PLATFORMS, type Platform } from "./plugin-release/platforms";
import { buildSea } from "./plugin-release/sea";
import { packTarball, readme } from "./plugin-release/tarball";

const ROOT = resolve(__dirname, "..");
export const RELEASE_DIR = join(ROOT, "release");

export function tarballName(version: string, platform: string): string {
  return `pulumi-resource-strategy-alerts-v${version}-${platform}.tar.gz`;
}

/** The linux-amd64 executable as the last release build left it (also what its tarball holds). */
export function releaseExecutable(platform = "linux-amd64"): string {
  return join(RELEASE_DIR, "build", platform, "pulumi-resource-strategy-alerts");
}

export interface Outcome {
  platform: string;
  tarball?: string;
  bytes?: number;
  reused?: boolean;
  skipped?: string;
  /** The Node.js version inside. */
  nodeVersion?: string;
}

export async function release(only: string | undefined): Promise<Outcome[]> {
  const version = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string })
    .version;
  const work = join(RELEASE_DIR, "build");
  mkdirSync(work, { recursive: true });
  const node = pinnedNode(ROOT);
  const bundle = await bundlePlugin(ROOT, work, version);
  const host = hostPlatform();
  const postject = require.resolve("postject/dist/cli.js", { paths: [ROOT] });
  const outcomes: Outcome[] = [];
  const cache = join(RELEASE_DIR, "cache");
  for (const platform of PLATFORMS.filter((p) => !only || p.pulumi === only)) {
    const isHost = platform === host;
    if (platform.unbuildable) {
      outcomes.push({ platform: platform.pulumi, skipped: platform.unbuildable });
      continue;
    }
    let built: { version: string; target: string; blobNode: string };
    try {
      built = isHost
        ? { version: node.version, target: node.binary, blobNode: node.binary }
        : foreignBuild(platform, node, host, cache);
    } catch (err) {
      outcomes.push({ platform: platform.pulumi, skipped: (err as Error).message });
      continue;
    }
    outcomes.push(
      buildPlatform({
        platform,
        version,
        nodeVersion: built.version,
        target: built.target,
        isHost,
        bundle: bundle.file,
        blobNode: built.blobNode,
        hostNode: node.binary,
        postject,
        work,
      }),
    );
  }
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

interface PlatformBuild {
  platform: Platform;
  version: string;
  nodeVersion: string;
  target: string;
  isHost: boolean;
  bundle: string;
  /** Writes the blob: a Node.js of the target's version. */
  blobNode: string;
  /** Runs postject. */
  hostNode: string;
  postject: string;
  work: string;
}

function buildPlatform(b: PlatformBuild): Outcome {
  const tarball = join(RELEASE_DIR, tarballName(b.version, b.platform.pulumi));
  const readmeText = readme(b.version, b.platform.pulumi, b.nodeVersion, b.isHost);
  const stamp = `${tarball}.inputs`;
  const hash = createHash("sha256")
    .update(readFileSync(b.bundle))
    .update(`${b.nodeVersion}\n${b.target}\n${statSync(b.target).size}\n${readmeText}`)
    .update(readFileSync(__filename))
    .digest("hex");
  if (existsSync(tarball) && existsSync(stamp) && readFileSync(stamp, "utf8") === hash) {
    return {
      platform: b.platform.pulumi,
      tarball,
      bytes: statSync(tarball).size,
      nodeVersion: b.nodeVersion,
      reused: true,
    };
  }
  rmSync(join(b.work, b.platform.pulumi), { recursive: true, force: true });
  mkdirSync(join(b.work, b.platform.pulumi), { recursive: true });
  const exe = buildSea({
    bundle: b.bundle,
    blobNode: b.blobNode,
    hostNode: b.hostNode,
    targetNode: b.target,
    platform: b.platform,
    codeCache: b.isHost,
    workDir: b.work,
    postject: b.postject,
  });
  packTarball(exe, join(ROOT, "LICENSE"), readmeText, tarball);
  writeFileSync(stamp, hash);
  return { platform: b.platform.pulumi, tarball, bytes: statSync(tarball).size, nodeVersion: b.nodeVersion };
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
        if (o.skipped) console.log(`${o.platform}: not built: ${o.skipped}`);
        else
          console.log(
            `${o.platform}: ${o.reused ? "unchanged" : "wrote"} release/${o.tarball?.split("/").pop()} (${((o.bytes ?? 0) / 1e6).toFixed(1)} MB, Node.js ${o.nodeVersion})`,
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
