import { readdirSync, readFileSync } from "node:fs";

/**
 * The machine's process table as Linux shows it under /proc: which processes a process started,
 * and whether one is still running. A zombie (exited, not yet reaped by whoever adopted it) is
 * not running: a container's init may never reap it.
 */

interface ProcessEntry {
  pid: number;
  ppid: number;
  state: string;
  /** The command line, its arguments joined by spaces. */
  cmdline: string;
}

function entryOf(pid: number): ProcessEntry | undefined {
  try {
    // The command name may hold spaces and parentheses: the fields after its last ")" are fixed.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const [state, ppid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ").trim();
    return { pid, ppid: Number(ppid), state: state ?? "?", cmdline };
  } catch {
    return undefined; // exited while we looked
  }
}

/** Every process `root` started, and those they started, with their command lines. */
export function descendantsOf(root: number): ProcessEntry[] {
  const table = readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .map((entry) => entryOf(Number(entry)))
    .filter((e): e is ProcessEntry => e !== undefined);
  const out: ProcessEntry[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const parent = queue.shift()!;
    for (const child of table.filter((e) => e.ppid === parent)) {
      out.push(child);
      queue.push(child.pid);
    }
  }
  return out;
}

/** Whether the process still runs (a zombie does not). */
export function isRunning(pid: number): boolean {
  const entry = entryOf(pid);
  return entry !== undefined && entry.state !== "Z";
}

/** Polls until none of `pids` runs; returns those still running after `boundMs`. */
export async function untilGone(pids: readonly number[], boundMs: number): Promise<number[]> {
  const deadline = Date.now() + boundMs;
  for (;;) {
    const running = pids.filter(isRunning);
    if (running.length === 0 || Date.now() >= deadline) return running;
    await new Promise((r) => setTimeout(r, 100));
  }
}
