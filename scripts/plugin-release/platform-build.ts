/**
 * One artifact's tarball for one platform: reused when its inputs are unchanged (the stamp beside
 * it, or the cache outside the repository), else built (blob, injection, tarball) and cached.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Artifact } from "./artifacts";
import { keepBuilt, restoreBuilt } from "./built-cache";
import type { Platform } from "./platforms";
import { buildSea } from "./sea";
import { packTarball } from "./tarball";

interface TarballBuild {
  artifact: Artifact;
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
  tarball: string;
  licence: string;
  /** The release script, part of the inputs. */
  script: string;
}

export function buildTarball(b: TarballBuild): { tarball: string; bytes: number; reused: boolean } {
  const readmeText = b.artifact.readme(b.version, b.platform.pulumi, b.nodeVersion, b.isHost);
  const stamp = `${b.tarball}.inputs`;
  const hash = createHash("sha256")
    .update(`${b.artifact.kind}\n`)
    .update(readFileSync(b.bundle))
    .update(`${b.nodeVersion}\n${b.target}\n${statSync(b.target).size}\n${readmeText}`)
    .update(readFileSync(b.script))
    .update(readFileSync(__filename))
    .digest("hex");
  const done = (reused: boolean) => ({ tarball: b.tarball, bytes: statSync(b.tarball).size, reused });
  const dir = join(b.work, b.artifact.workName(b.platform.pulumi));
  if (existsSync(b.tarball) && existsSync(stamp) && readFileSync(stamp, "utf8") === hash && existsSync(dir))
    return done(true);
  if (restoreBuilt(hash, b.tarball, dir)) {
    writeFileSync(stamp, hash);
    return done(true);
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const exe = buildSea({
    bundle: b.bundle,
    blobNode: b.blobNode,
    hostNode: b.hostNode,
    targetNode: b.target,
    platform: b.platform,
    executable: b.artifact.executable,
    name: b.artifact.workName(b.platform.pulumi),
    codeCache: b.isHost,
    workDir: b.work,
    postject: b.postject,
  });
  packTarball(exe, b.licence, readmeText, b.tarball);
  writeFileSync(stamp, hash);
  keepBuilt(hash, b.tarball);
  return done(false);
}
