/**
 * Tarballs already built, kept outside the repository by the hash of their inputs, so that a
 * fresh clone (CI) whose bundle, Node.js binary and README are unchanged copies a tarball instead
 * of building the executable again. The cache is the toolchain's (scripts/ensure-pulumi.sh):
 * `$PSA_TOOLCHAIN_CACHE`, else `$XDG_CACHE_HOME/pulumi-strategy-alerts`, else
 * `~/.cache/pulumi-strategy-alerts`; entries unused for a week are removed.
 */
import { execFileSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
} from "node:fs";
import { homedir } from "node:os";
import { basename, join } from "node:path";

const UNUSED_MS = 7 * 24 * 3_600_000;

function cacheRoot(): string {
  const base =
    process.env.PSA_TOOLCHAIN_CACHE ??
    join(process.env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), "pulumi-strategy-alerts");
  return join(base, "release");
}

/**
 * The cached tarball of these inputs copied to `tarball` and unpacked into `dir` (where the build
 * leaves its executable); false when there is none.
 */
export function restoreBuilt(hash: string, tarball: string, dir: string): boolean {
  const entry = join(cacheRoot(), hash);
  const cached = join(entry, basename(tarball));
  if (!existsSync(cached)) return false;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  execFileSync("tar", ["-xzf", cached, "-C", dir]);
  copyFileSync(cached, tarball);
  const now = new Date();
  utimesSync(entry, now, now);
  return true;
}

/** Keeps a copy of a tarball just built under the hash of its inputs; drops entries unused for a week. */
export function keepBuilt(hash: string, tarball: string): void {
  const root = cacheRoot();
  const entry = join(root, hash);
  try {
    mkdirSync(entry, { recursive: true });
    const partial = join(entry, `.${basename(tarball)}.${process.pid}`);
    copyFileSync(tarball, partial);
    renameSync(partial, join(entry, basename(tarball)));
    for (const other of readdirSync(root)) {
      const path = join(root, other);
      if (other !== hash && Date.now() - statSync(path).mtimeMs > UNUSED_MS)
        rmSync(path, { recursive: true, force: true });
    }
  } catch (err) {
    // A cache that cannot be written costs the next build its time, nothing else.
    console.warn(`plugin:release: not cached (${(err as Error).message})`);
  }
}
