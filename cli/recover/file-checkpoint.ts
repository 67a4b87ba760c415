/**
 * A stack's checkpoint on a local file backend (`file://`), and the copies Pulumi keeps of it:
 * what `recover` restores when a `pulumi up` killed while writing the checkpoint left it empty
 * or cut short (every command then fails with "failed to load checkpoint").
 *
 * The layout is Pulumi's own (3.274): `.pulumi/stacks/<project>/<stack>.json` (`.json.gz` with
 * PULUMI_DIY_BACKEND_GZIP, `.json.zst` with PULUMI_DIY_BACKEND_ZSTD; `.pulumi/stacks/<stack>.json`
 * in the legacy layout) and beside it
 * - `<checkpoint>.bak`, the checkpoint as it was before each write: during an update, the state
 *   one step before the write that was interrupted;
 * - `.pulumi/backups/<project>/<stack>/<stack>.<ns>.json`, the checkpoint after each update
 *   (none with PULUMI_DIY_BACKEND_DISABLE_CHECKPOINT_BACKUPS);
 * - `.pulumi/history/<project>/<stack>/<stack>-<ns>.checkpoint.json`, the same, with the history;
 * - `<checkpoint>.<ns>`, every checkpoint, with PULUMI_DIY_BACKEND_RETAIN_CHECKPOINTS.
 * A copy can be cut short too (the kill may land while it is written), so every candidate is
 * read and checked before it is used, and the newest that reads is taken.
 */
import { copyFile, readdir, readFile, rename, stat, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import * as zlib from "node:zlib";
import { z } from "zod";
import { CommandError } from "../command";

/** Where a stack lives: `project` is undefined in the legacy layout. */
export interface StackLocation {
  root: string;
  project: string | undefined;
  stack: string;
}

export interface Restored {
  /** The broken checkpoint, now the good copy. */
  checkpoint: string;
  /** The copy restored. */
  from: string;
  /** When that copy was written. */
  writtenAt: Date;
  /** Where the unreadable file is kept; undefined when there was no file (a missing checkpoint). */
  keptAs?: string;
}

const CheckpointSchema = z.object({
  version: z.number(),
  checkpoint: z.object({ stack: z.string(), latest: z.record(z.string(), z.unknown()).nullish() }),
});

const COMPRESSIONS = ["", ".gz", ".zst"] as const;
type Compression = (typeof COMPRESSIONS)[number];

/** The directory of a `file://` backend URL (`~` is the home directory, a query is dropped). */
export function fileBackendRoot(url: string, cwd: string): string | undefined {
  if (!url.startsWith("file://")) return undefined;
  const path = decodeURIComponent(url.slice("file://".length).split("?")[0] ?? "");
  if (path === "~" || path.startsWith("~/")) return join(homedir(), path.slice(1));
  return resolve(cwd, path);
}

/** The checkpoint file of the stack, in the project layout or else the legacy one. */
export async function findCheckpoint(at: StackLocation): Promise<string | undefined> {
  for (const base of checkpointBases(at)) {
    for (const compression of COMPRESSIONS) {
      const file = `${base}${compression}`;
      if (await isFile(file)) return file;
    }
  }
  return undefined;
}

/** True when the file holds a checkpoint of this stack that parses. */
export async function isReadableCheckpoint(file: string, stack: string): Promise<boolean> {
  return (await readCheckpoint(file, stack)) !== undefined;
}

/** A copy of the checkpoint that reads, and when it was written. */
export interface ReadableCopy {
  file: string;
  writtenAt: Date;
  text: string;
}

/**
 * The newest copy Pulumi kept that parses as a checkpoint of the same stack; with none, an
 * error that says where it looked and how to restore the state by hand.
 */
export async function newestReadableCopy(at: StackLocation, checkpoint: string): Promise<ReadableCopy> {
  for (const candidate of await backupCandidates(at, checkpoint)) {
    const text = await readCheckpoint(candidate.file, at.stack);
    if (text !== undefined) return { ...candidate, text };
  }
  throw new CommandError(
    `the checkpoint ${checkpoint} cannot be read and Pulumi kept no readable copy of it ` +
      `(looked for ${checkpoint}.bak and the stack's files under ${join(at.root, ".pulumi", "backups")} ` +
      `and ${join(at.root, ".pulumi", "history")}). Restore it from your own backup of the state ` +
      "(`pulumi stack import --file <export>`), then run recover again.",
  );
}

/** Where the unreadable checkpoint is kept once restored. */
export function keptName(checkpoint: string, now: Date): string {
  return `${checkpoint}.unreadable-${now.toISOString().replace(/[-:]|\.\d+/g, "")}`;
}

/**
 * Replaces the unreadable `checkpoint` with `copy` (or writes it where it is missing). The broken
 * file is kept beside it under a new name, never deleted, and the new content replaces it in one
 * rename, so a kill at any moment leaves a file Pulumi can read.
 */
export async function restoreCheckpoint(
  checkpoint: string,
  copy: ReadableCopy,
  now = new Date(),
): Promise<Restored> {
  const existing = await stat(checkpoint).catch(() => undefined);
  const keptAs = existing === undefined ? undefined : keptName(checkpoint, now);
  if (keptAs !== undefined) await copyFile(checkpoint, keptAs);
  const temporary = `${checkpoint}.restoring-${process.pid}`;
  await writeFile(temporary, encode(copy.text, compressionOf(checkpoint)), {
    mode: existing?.mode ?? (await stat(copy.file)).mode,
  });
  await rename(temporary, checkpoint);
  return { checkpoint, from: copy.file, writtenAt: copy.writtenAt, ...(keptAs ? { keptAs } : {}) };
}

/**
 * For a stack whose checkpoint file is missing: the newest readable copy Pulumi kept of it, and
 * the checkpoint file it restores (beside a `.bak`, or where the stack's checkpoint belongs).
 */
export async function copyOfMissing(
  at: StackLocation,
): Promise<{ checkpoint: string; copy: ReadableCopy } | undefined> {
  const seen = new Map<string, { file: string; writtenAt: Date; checkpoint: string }>();
  for (const base of checkpointBases(at))
    for (const compression of COMPRESSIONS)
      for (const c of await backupCandidates(at, `${base}${compression}`)) {
        const sibling = /\.(bak|\d+)$/.test(c.file) && dirname(c.file) === dirname(base);
        const checkpoint = sibling
          ? c.file.replace(/\.(bak|\d+)$/, "")
          : `${checkpointBases(at)[0]}${compressionOf(c.file)}`;
        if (!seen.has(c.file)) seen.set(c.file, { ...c, checkpoint });
      }
  const newestFirst = [...seen.values()].sort((a, b) => b.writtenAt.getTime() - a.writtenAt.getTime());
  for (const candidate of newestFirst) {
    const text = await readCheckpoint(candidate.file, at.stack);
    if (text !== undefined)
      return {
        checkpoint: candidate.checkpoint,
        copy: { file: candidate.file, writtenAt: candidate.writtenAt, text },
      };
  }
  return undefined;
}

/** Every copy of the checkpoint Pulumi may have kept, newest first. */
async function backupCandidates(
  at: StackLocation,
  checkpoint: string,
): Promise<{ file: string; writtenAt: Date }[]> {
  const dir = dirname(checkpoint);
  const own = basename(checkpoint);
  const scoped = at.project === undefined ? [at.stack] : [at.project, at.stack];
  const files = [
    ...(await filesIn(dir))
      .filter((f) => f === `${own}.bak` || new RegExp(`^${literal(own)}\\.\\d+$`).test(f))
      .map((f) => join(dir, f)),
    ...(await filesMatching(
      join(at.root, ".pulumi", "backups", ...scoped),
      `${literal(at.stack)}\\.\\d+\\.json`,
    )),
    ...(await filesMatching(
      join(at.root, ".pulumi", "history", ...scoped),
      `${literal(at.stack)}-\\d+\\.checkpoint\\.json`,
    )),
  ];
  const dated = await Promise.all(files.map(async (file) => ({ file, writtenAt: (await stat(file)).mtime })));
  return dated.sort((a, b) => b.writtenAt.getTime() - a.writtenAt.getTime());
}

/** The checkpoint's JSON text when it parses as a checkpoint of `stack`, else undefined. */
async function readCheckpoint(file: string, stack: string): Promise<string | undefined> {
  try {
    const text = decode(await readFile(file), compressionOf(file.replace(/\.(bak|\d+)$/, "")));
    const parsed = CheckpointSchema.safeParse(JSON.parse(text));
    if (!parsed.success) return undefined;
    const named = parsed.data.checkpoint.stack;
    return named === stack || named.endsWith(`/${stack}`) ? text : undefined;
  } catch {
    return undefined;
  }
}

function checkpointBases(at: StackLocation): string[] {
  const stacks = join(at.root, ".pulumi", "stacks");
  const legacy = join(stacks, `${at.stack}.json`);
  return at.project === undefined ? [legacy] : [join(stacks, at.project, `${at.stack}.json`), legacy];
}

function compressionOf(file: string): Compression {
  if (file.endsWith(".gz")) return ".gz";
  if (file.endsWith(".zst")) return ".zst";
  return "";
}

type Zstd = { zstdDecompressSync?: (b: Buffer) => Buffer; zstdCompressSync?: (b: Buffer) => Buffer };

function decode(bytes: Buffer, compression: Compression): string {
  if (compression === ".gz") return zlib.gunzipSync(bytes).toString("utf8");
  if (compression === ".zst") return zstd("zstdDecompressSync")(bytes).toString("utf8");
  return bytes.toString("utf8");
}

function encode(text: string, compression: Compression): Buffer {
  const bytes = Buffer.from(text, "utf8");
  if (compression === ".gz") return zlib.gzipSync(bytes);
  if (compression === ".zst") return zstd("zstdCompressSync")(bytes);
  return bytes;
}

function zstd(name: keyof Zstd): (b: Buffer) => Buffer {
  const fn = (zlib as Zstd)[name];
  if (!fn)
    throw new CommandError(
      "the checkpoint is zstd-compressed and this Node.js has no zstd: use Node.js 22.15 or later",
    );
  return fn;
}

async function filesMatching(dir: string, pattern: string): Promise<string[]> {
  const re = new RegExp(`^${pattern}(\\.gz|\\.zst)?$`);
  return (await filesIn(dir)).filter((f) => re.test(f)).map((f) => join(dir, f));
}

async function filesIn(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch {
    return [];
  }
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
