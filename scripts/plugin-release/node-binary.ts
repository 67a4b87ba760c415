/**
 * The Node.js binary of each platform: this machine's pinned one from node_modules, another
 * platform's (or this machine's at another version) from its npm package (`npm pack`, kept in
 * the release's cache).
 *
 * The blob injected into a binary must be written by a Node.js of the same version. The registry
 * does not serve every platform at every version (on the day of writing: linux-arm64 only from
 * 24.20.0, windows-x64 at six 24.x versions, none for darwin-arm64), so a platform it does not serve
 * at the pinned version is built with the newest version of the same major line that it serves
 * for that platform and for this machine alike, whose binary then writes the blob.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Platform } from "./platforms";

/** The pinned `node` package's version and binary (its install script puts the binary in bin/). */
export function pinnedNode(root: string): { version: string; binary: string } {
  const dir = join(root, "node_modules/node");
  const { version } = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { version: string };
  const binary = join(dir, "bin/node");
  if (!existsSync(binary)) throw new Error(`no Node.js binary at node_modules/node/bin/node: run npm ci`);
  return { version, binary };
}

/** A platform's binary at `version`, unpacked from its npm package into the cache; throws when not served. */
export function nodeBinary(platform: Platform, version: string, cacheDir: string): string {
  const dir = join(cacheDir, `${platform.npmPackage}-${version}`);
  const binary = join(dir, "package", platform.binaryInPackage);
  if (existsSync(binary)) return binary;
  mkdirSync(dir, { recursive: true });
  const spec = `${platform.npmPackage}@${version}`;
  try {
    const out = execFileSync("npm", ["pack", spec, "--pack-destination", dir, "--silent"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
    execFileSync("tar", ["xzf", join(dir, out.trim().split("\n").pop() ?? ""), "-C", dir]);
  } catch {
    throw new Error(`the npm registry does not serve ${spec}`);
  }
  if (!existsSync(binary)) throw new Error(`${spec} holds no ${platform.binaryInPackage}`);
  return binary;
}

/** The versions the registry serves of a platform's package (none when it cannot be asked). */
export function servedVersions(platform: Platform): string[] {
  try {
    const out = execFileSync("npm", ["view", platform.npmPackage, "versions", "--json"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
    const versions: unknown = JSON.parse(out);
    return Array.isArray(versions) ? versions.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

/**
 * The version to build a platform with: the pinned one when the target is served at it (this
 * machine's pinned binary then writes the blob), else the newest of the pinned major line served
 * for both the target and this machine; undefined when there is none.
 */
export function buildVersion(pinned: string, target: string[], host: string[]): string | undefined {
  if (target.includes(pinned)) return pinned;
  const major = pinned.split(".")[0];
  const candidates = target.filter(
    (v) => /^\d+\.\d+\.\d+$/.test(v) && v.split(".")[0] === major && host.includes(v),
  );
  return candidates.sort(compareVersions).at(-1);
}

function compareVersions(a: string, b: string): number {
  const [x, y] = [a, b].map((v) => v.split(".").map(Number)) as [number[], number[]];
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return (x[i] ?? 0) - (y[i] ?? 0);
  return 0;
}
