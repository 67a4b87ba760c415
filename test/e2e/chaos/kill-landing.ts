import { existsSync, type FSWatcher, statSync, truncateSync, watch } from "node:fs";
import { join } from "node:path";
import type { PulumiProject } from "../harness";

/**
 * Where a SIGKILL of `pulumi up` lands, for the campaign's killed rounds. A kill is instant, but
 * what it leaves depends on what the engine was doing: sending a request, or writing the stack's
 * checkpoint on the local file backend. The file backend (gocloud's fileblob) writes a checkpoint
 * as `<stack>.json.bak` (a copy of the last one), then `<stack>.json`, each to a temporary file
 * renamed into place, but each one's attributes file (`….attrs`) is truncated and written in
 * place: a kill between the two leaves it empty, and every Pulumi command, `pulumi cancel`
 * included, fails with "failed to load checkpoint: EOF" until `strategy-alerts recover --yes`
 * sets it aside. A checkpoint cut short (a backend or file system without an atomic rename, or
 * a machine lost mid-write) is restored by recover from the copy Pulumi kept, and what the
 * update did after that copy is lost with it.
 *
 * The kill itself is real (pulumi and every process it started, mid-update); where it lands is
 * made certain by stopping pulumi at the checkpoint write the landing names and then leaving
 * the file as a kill at that instant leaves it at worst.
 */
export type Landing =
  | "after a write to the service"
  | "while writing the attributes"
  | "while writing the checkpoint";

/** In the order the campaign's kill rounds take them, round after round. */
export const LANDINGS: readonly Landing[] = [
  "after a write to the service",
  "while writing the attributes",
  "while writing the checkpoint",
];

/** The stack's checkpoint on the project's local file backend (test/e2e/harness.ts's `.state`). */
export function checkpointOf(p: PulumiProject, project: string): string {
  return join(p.dir, ".state", ".pulumi", "stacks", project, `${p.stack}.json`);
}

/**
 * Resolves when the engine next writes the file the landing names (the checkpoint's attributes,
 * or the checkpoint renamed into place), or after `timeoutMs` (an update that ends first: the
 * kill then lands wherever it lands). `close` stops watching.
 */
export function nextCheckpointWrite(
  checkpoint: string,
  landing: Landing,
  timeoutMs = 60_000,
): { reached: Promise<boolean>; close(): void } {
  const dir = join(checkpoint, "..");
  const name = checkpoint.slice(dir.length + 1);
  const target = landing === "while writing the attributes" ? `${name}.attrs` : name;
  let watcher: FSWatcher | undefined;
  let timer: NodeJS.Timeout | undefined;
  const close = () => {
    watcher?.close();
    clearTimeout(timer);
  };
  const reached = new Promise<boolean>((resolve) => {
    if (landing === "after a write to the service") return resolve(true);
    timer = setTimeout(() => {
      close();
      resolve(false);
    }, timeoutMs);
    // inotify: an event per write of the directory's files, the renames of temporary files included.
    watcher = watch(dir, (_event, file) => {
      if (file !== target) return;
      close();
      resolve(true);
    });
  });
  return { reached, close };
}

/**
 * What a kill at the landing's instant leaves at worst, once the killed processes are gone: the
 * attributes file truncated and not yet written again, or the checkpoint cut to half its length.
 * Returns what it did, for the campaign's log.
 */
export function leaveWhatTheKillLeaves(checkpoint: string, landing: Landing): string | undefined {
  if (landing === "while writing the attributes") {
    const attributes = `${checkpoint}.attrs`;
    if (!existsSync(attributes)) return undefined;
    truncateSync(attributes, 0);
    return "the checkpoint's attributes file empty";
  }
  if (landing === "while writing the checkpoint") {
    if (!existsSync(checkpoint)) return undefined;
    const size = statSync(checkpoint).size;
    truncateSync(checkpoint, Math.floor(size / 2));
    return `the checkpoint cut short (${Math.floor(size / 2)} of ${size} bytes)`;
  }
  return undefined;
}
