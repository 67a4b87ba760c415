import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";
import { runProcess } from "../support/process";
import { REPO_ROOT } from "./harness";

/**
 * An earlier release of the package, built from its commit in this repository's history as it
 * was published: `git archive` of the commit, `npm ci`, its own build, `npm pack`. The build takes
 * about half a minute, so its tarball is cached outside the repository, under the cache root of
 * scripts/ensure-pulumi.sh, keyed by the commit: built once per machine, under a lock, and moved
 * into place whole.
 */

interface Release {
  version: string;
  /** The commit the release was made from (a prefix is enough; it is resolved in this repository). */
  commit: string;
}

/** 0.2.0: the first published release with both front doors (CHANGELOG.md). */
export const RELEASE_0_2_0: Release = { version: "0.2.0", commit: "c0831ed" };

export interface BuiltRelease extends Release {
  /** The full commit id. */
  sha: string;
  /** The `npm pack` tarball of the release. */
  tarball: string;
  /** A file of the release's tree, as it was at its commit. */
  file(path: string): Promise<string>;
}

const LOCK_STALE_MS = 15 * 60_000;
// Node 24 from the repository (the release's own `node` dev dependency is not installed: no scripts).
const PATH = `${join(REPO_ROOT, "node_modules/.bin")}:${process.env.PATH ?? ""}`;

/** The cache root of scripts/ensure-pulumi.sh. */
function cacheRoot(): string {
  return (
    process.env.PSA_TOOLCHAIN_CACHE ??
    join(process.env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), "pulumi-strategy-alerts")
  );
}

async function git(args: string[]): Promise<string> {
  const res = await runProcess("git", args, { cwd: REPO_ROOT });
  if (res.code !== 0) throw new Error(`git ${args.join(" ")} exited with ${res.code}:\n${res.stderr}`);
  return res.stdout;
}

async function must(cmd: string, args: string[], cwd: string): Promise<string> {
  const res = await runProcess(cmd, args, { cwd, env: { ...process.env, PATH } });
  if (res.code !== 0)
    throw new Error(`${cmd} ${args.join(" ")} exited with ${res.code}:\n${res.stdout}\n${res.stderr}`);
  return res.stdout;
}

/** The release's full commit id; a clone without it (a shallow one) fails with what to do. */
async function resolveCommit(release: Release): Promise<string> {
  const res = await runProcess("git", ["rev-parse", "--verify", "--quiet", `${release.commit}^{commit}`], {
    cwd: REPO_ROOT,
  });
  const sha = res.stdout.trim();
  if (res.code !== 0 || !/^[0-9a-f]{40}$/.test(sha))
    throw new Error(
      `release ${release.version}'s commit ${release.commit} is not in this clone's history (a shallow clone? \`git fetch --unshallow\`)`,
    );
  return sha;
}

/** Builds the release into `dest` and returns the tarball's file name. */
async function build(sha: string, dest: string): Promise<string> {
  const src = join(dest, "src");
  await mkdir(src);
  const archive = join(dest, "src.tar");
  await git(["archive", "--format=tar", "-o", archive, sha]);
  await must("tar", ["-xf", archive, "-C", src], dest);
  await rm(archive);
  // Its lockfile, without install scripts: the release's build needs none (Node.js is the repository's).
  await must("npm", ["ci", "--ignore-scripts", "--no-audit", "--no-fund", "--prefer-offline"], src);
  await must("npm", ["run", "build"], src);
  const packed = await must("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", dest], src);
  const [info] = JSON.parse(packed) as { filename: string }[];
  if (!info) throw new Error(`npm pack printed no package: ${packed}`);
  await rm(src, { recursive: true, force: true });
  return info.filename;
}

const built = new Map<string, Promise<BuiltRelease>>();

/** The release's packed tarball, built unless the cache holds it. */
export function builtRelease(release: Release): Promise<BuiltRelease> {
  const key = `${release.version}@${release.commit}`;
  let promise = built.get(key);
  if (!promise) {
    promise = buildOnce(release);
    built.set(key, promise);
  }
  return promise;
}

async function buildOnce(release: Release): Promise<BuiltRelease> {
  const sha = await resolveCommit(release);
  const root = cacheRoot();
  await mkdir(root, { recursive: true });
  const dir = join(root, `release-${release.version}-${sha.slice(0, 12)}`);
  const ready = join(dir, ".ready");
  const lock = `${dir}.lock`;
  const file = (path: string) => git(["show", `${sha}:${path}`]);
  for (;;) {
    if (existsSync(ready)) {
      const tarball = join(dir, (await readFile(ready, "utf8")).trim());
      return { ...release, sha, tarball, file };
    }
    try {
      await mkdir(lock);
    } catch {
      const age = Date.now() - (await stat(lock).catch(() => ({ mtimeMs: Date.now() }))).mtimeMs;
      if (age > LOCK_STALE_MS) await rm(lock, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 1_000));
      continue;
    }
    try {
      if (existsSync(ready)) continue;
      // Builds that an earlier run left half done.
      for (const entry of await readdir(root))
        if (entry.startsWith(`staging-release-${release.version}-`))
          await rm(join(root, entry), { recursive: true, force: true });
      const staging = await mkdtemp(join(root, `staging-release-${release.version}-`));
      const name = await build(sha, staging);
      await writeFile(join(staging, ".ready"), name);
      await rm(dir, { recursive: true, force: true });
      await rename(staging, dir);
    } finally {
      await rm(lock, { recursive: true, force: true });
    }
  }
}
