/**
 * A Node.js single executable application from the bundle: the preparation blob (with the V8 code
 * cache when the target is this machine's own binary, which alone can compile it), injected into a
 * copy of the target's `node` with postject.
 */
import { execFileSync } from "node:child_process";
import { chmodSync, copyFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Platform } from "./platforms";

/** postject's sentinel: the fuse Node.js looks for to know a blob is injected. */
const SEA_FUSE = "NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2";

export interface SeaInput {
  bundle: string;
  /** A Node.js of this machine at the target's version: it writes the blob. */
  blobNode: string;
  /** This machine's pinned `node`: it runs postject. */
  hostNode: string;
  /** The binary the blob goes into (the host's own, or another platform's). */
  targetNode: string;
  platform: Platform;
  /** The executable's file name without the platform's suffix (`.exe`). */
  executable: string;
  /** Names the blob, its config and the executable's directory in workDir: one per artifact and platform. */
  name: string;
  codeCache: boolean;
  workDir: string;
  postject: string;
}

/** Writes the executable into workDir and returns its path. */
export function buildSea(input: SeaInput): string {
  const blob = join(input.workDir, `${input.name}.blob`);
  const config = join(input.workDir, `${input.name}.sea-config.json`);
  writeFileSync(
    config,
    JSON.stringify({
      main: input.bundle,
      output: blob,
      disableExperimentalSEAWarning: true,
      useCodeCache: input.codeCache,
      useSnapshot: false,
    }),
  );
  execFileSync(input.blobNode, ["--experimental-sea-config", config], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exe = join(input.workDir, input.name, `${input.executable}${input.platform.exeSuffix}`);
  copyFileSync(input.targetNode, exe);
  chmodSync(exe, 0o755);
  execFileSync(
    input.hostNode,
    [
      input.postject,
      exe,
      "NODE_SEA_BLOB",
      blob,
      "--sentinel-fuse",
      SEA_FUSE,
      ...input.platform.postjectFlags,
    ],
    // LIEF warns of ELF note sections it cannot name; harmless, and Node's docs show the same.
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  return exe;
}
