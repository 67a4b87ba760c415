/**
 * Writing what import produced, without ever hanging: Node 24's recursive `fs.promises.mkdir`
 * never settles under some pseudo file systems (`/proc`), so the target is checked before the
 * account is read (a read can take minutes) and directories are created one level at a time.
 */

import { constants } from "node:fs";
import { access, mkdir, rename, rm, stat, statfs, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { StrategyAlertsError } from "../../provider/model/errors";
import { UsageError } from "../command";

/** The output cannot be written: says where and why. */
export class OutputError extends StrategyAlertsError {
  override readonly name = "OutputError";
}

/**
 * Kernel file systems that look writable (to root) but hold no ordinary files, by `statfs` magic;
 * refused before anything is read, as no write there can succeed.
 */
const PSEUDO_FILE_SYSTEMS = new Map([
  [0x9fa0, "the kernel's /proc file system"],
  [0x62656572, "the kernel's /sys file system"],
  [0x63677270, "the kernel's cgroup file system"],
  [0x64626720, "the kernel's debug file system"],
]);

const REASONS: Record<string, string> = {
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  EROFS: "read-only file system",
  ENOENT: "no such file or directory (this file system does not allow creating it)",
  ENOTDIR: "a part of the path is a file, not a directory",
  EEXIST: "a file with that name is in the way",
  ENOSPC: "no space left on the device",
  EISDIR: "it is a directory",
};

function reason(err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code ?? "";
  return REASONS[code] ? `${REASONS[code]} (${code})` : (err as Error).message;
}

async function statOrUndefined(path: string) {
  try {
    return await stat(path);
  } catch (err) {
    // Missing, or below a file (ENOTDIR): the walk up finds out which.
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return undefined;
    throw new OutputError(`cannot write to ${path}: ${reason(err)}`);
  }
}

/** The nearest existing ancestor of `path` (or `path` itself), which must be a writable directory. */
async function writableAncestor(path: string): Promise<string> {
  let dir = path;
  for (;;) {
    const info = await statOrUndefined(dir);
    if (info) {
      if (!info.isDirectory())
        throw new OutputError(`cannot write to ${path}: ${dir} is a file, not a directory`);
      try {
        await access(dir, constants.W_OK);
      } catch (err) {
        throw new OutputError(`cannot write to ${path}: ${dir} is not writable: ${reason(err)}`);
      }
      const pseudo = PSEUDO_FILE_SYSTEMS.get((await statfs(dir)).type);
      if (pseudo)
        throw new OutputError(
          `cannot write to ${path}: ${dir} is on ${pseudo}, which holds no files of ours`,
        );
      return dir;
    }
    if (dirname(dir) === dir)
      throw new OutputError(`cannot write to ${path}: no existing directory above it`);
    dir = dirname(dir);
  }
}

/**
 * Checks, before anything is read or written, that the files can go to `dir`: it is a
 * directory (or can be made one) that is writable, and holds none of them unless `force`.
 */
export async function checkOutputDirectory(
  dir: string,
  files: readonly string[],
  force: boolean,
): Promise<void> {
  await writableAncestor(dir);
  const info = await statOrUndefined(dir);
  if (!info) return;
  const clashes: string[] = [];
  for (const f of files) if (await statOrUndefined(join(dir, f))) clashes.push(f);
  if (clashes.length > 0 && !force)
    throw new UsageError(`${dir} already holds ${clashes.join(", ")}; pass --force to overwrite them`);
}

/** Checks that a single file can be written at `file` (its directory exists or can be made). */
export async function checkOutputFile(file: string, force: boolean): Promise<void> {
  const info = await statOrUndefined(file);
  if (info?.isDirectory()) throw new OutputError(`cannot write to ${file}: it is a directory, not a file`);
  if (info && !force) throw new UsageError(`${file} already exists; pass --force to overwrite it`);
  await writableAncestor(dirname(file));
}

/** Creates `dir` and its missing parents one level at a time, each failure a clear error. */
export async function makeDirectory(dir: string): Promise<void> {
  const missing: string[] = [];
  for (let d = dir; !(await statOrUndefined(d)); d = dirname(d)) {
    missing.unshift(d);
    if (dirname(d) === d) break;
  }
  for (const d of missing) {
    try {
      await mkdir(d);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "EEXIST" && (await statOrUndefined(d))?.isDirectory())
        continue;
      throw new OutputError(`cannot create the directory ${d}: ${reason(err)}`);
    }
  }
}

export async function writeOutputFile(file: string, content: string): Promise<void> {
  try {
    await writeFile(file, content);
  } catch (err) {
    throw new OutputError(`cannot write ${file}: ${reason(err)}`);
  }
}

/**
 * Writes every file or none: each goes to a temporary name first and all are renamed into place
 * only once every one is written, so a failure (a full disk) leaves no half-written project.
 */
export async function writeOutputFiles(files: Record<string, string>): Promise<void> {
  const staged: string[] = [];
  try {
    for (const [file, content] of Object.entries(files)) {
      const temporary = `${file}.import-${process.pid}.tmp`;
      staged.push(temporary);
      await writeOutputFile(temporary, content);
    }
  } catch (err) {
    await Promise.all(staged.map((t) => rm(t, { force: true })));
    throw err;
  }
  for (const [file] of Object.entries(files)) {
    const temporary = `${file}.import-${process.pid}.tmp`;
    try {
      await rename(temporary, file);
    } catch (err) {
      throw new OutputError(`cannot write ${file}: ${reason(err)}`);
    }
  }
}
