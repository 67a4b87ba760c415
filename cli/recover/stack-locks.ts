/**
 * The locks a local file backend keeps while an update runs
 * (`.pulumi/locks/organization/<project>/<stack>/<id>.json`, `.pulumi/locks/<stack>/` in the
 * legacy layout; Pulumi 3.274), each naming the process that holds it. A killed `up` leaves its
 * lock behind, and `pulumi cancel` deletes it; but while the checkpoint does not load, `cancel`
 * fails too. Once recover has made the checkpoint load, a lock whose process is gone from this
 * machine is the killed update's: nothing else can release it.
 */
import { readdir, readFile } from "node:fs/promises";
import { hostname } from "node:os";
import { join } from "node:path";
import { z } from "zod";
import type { StackLocation } from "./file-checkpoint";

const LockSchema = z.object({
  pid: z.number(),
  username: z.string().optional(),
  hostname: z.string(),
  timestamp: z.string().optional(),
});

export type StackLock = z.infer<typeof LockSchema> & { file: string };

/** The stack's lock files; one that does not parse counts, with no process (pid 0, no host). */
export async function stackLocks(at: StackLocation): Promise<StackLock[]> {
  const dir =
    at.project === undefined
      ? join(at.root, ".pulumi", "locks", at.stack)
      : join(at.root, ".pulumi", "locks", "organization", at.project, at.stack);
  let files: string[];
  try {
    files = (await readdir(dir)).filter((f) => f.endsWith(".json"));
  } catch {
    return [];
  }
  return Promise.all(
    files.map(async (f) => {
      const file = join(dir, f);
      const text = await readFile(file, "utf8").catch(() => "");
      const parsed = LockSchema.safeParse(parseJson(text));
      return parsed.success ? { ...parsed.data, file } : { pid: 0, hostname: "", file };
    }),
  );
}

/** True when the lock's process ran on this machine and runs no more. */
export function isAbandoned(lock: StackLock): boolean {
  return lock.hostname === hostname() && lock.pid > 0 && !isRunning(lock.pid);
}

/** A human account of who holds the lock, for the message that asks the user to decide. */
export function holder(lock: StackLock): string {
  const who = lock.username ? `${lock.username} on ${lock.hostname || "an unknown host"}` : lock.hostname;
  return `${who || "an unknown process"}${lock.pid > 0 ? `, process ${lock.pid}` : ""}${lock.timestamp ? `, since ${lock.timestamp}` : ""}`;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
