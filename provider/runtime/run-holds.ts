/**
 * What the resources of one engine run hold on one account, shared by every provider process of
 * that run. The engine starts a plugin process per provider instance (the default provider and
 * each explicit one), so a rename that also moves a resource from one provider to another creates
 * the new resource in one process and deletes the old one in another: a hold kept in one
 * process's memory would let the delete clear what the create just took. The holds are files in
 * one directory per engine run and account; every process of the run finds the same directory
 * from what the engine gives it alone: its own process id and start time (so a port reused by a
 * later engine never meets a dead run's holds) and the address it passes every provider.
 *
 * Outside an engine (a test, a script) the holds stay in the memory of one run's state.
 */
import { createHash, randomBytes } from "node:crypto";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { engineParentProbe } from "./host-lifetime";

/** The holds of one run: entries (ownership.ts says what they mean) by account. */
export interface RunHolds {
  add(account: string, entry: string): void;
  has(account: string, entry: string): boolean;
}

/** The holds of one provider context: a test's stack, or a process outside any engine. */
export class MemoryHolds implements RunHolds {
  readonly #entries = new Set<string>();

  add(account: string, entry: string): void {
    this.#entries.add(`${account}\n${entry}`);
  }

  has(account: string, entry: string): boolean {
    return this.#entries.has(`${account}\n${entry}`);
  }
}

/** A name for the file system that untrusted text (an account id, an address) cannot steer. */
const fileName = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 40);

/**
 * The holds of one engine run, under `dir`: a directory per account, a file per entry. Each write
 * is synchronous and atomic (written aside, then renamed), so a process that asks sees a hold
 * whole or not at all, and a hold is on disk before the operation that took it answers the engine.
 */
export class DirectoryHolds implements RunHolds {
  readonly dir: string;

  constructor(dir: string) {
    this.dir = dir;
  }

  add(account: string, entry: string): void {
    const dir = join(this.dir, fileName(account));
    const file = join(dir, fileName(entry));
    if (existsSync(file)) return;
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const aside = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
    writeFileSync(aside, `${entry}\n`, { mode: 0o600 });
    renameSync(aside, file);
  }

  has(account: string, entry: string): boolean {
    return existsSync(join(this.dir, fileName(account), fileName(entry)));
  }
}

/** One engine process, as the kernel knows it: a reused id has another start time. */
export interface EngineProcess {
  pid: number;
  /** The process's start time (clock ticks since boot, /proc/<pid>/stat), or "" where unknown. */
  startTime: string;
}

/** The start time of a live process, from /proc (Linux); undefined when gone or unknown. */
export function processStartTime(pid: number, read: (path: string) => string = readStat): string | undefined {
  try {
    const stat = read(`/proc/${pid}/stat`);
    // The command name may hold spaces and parentheses: the fields after its last ")" are fixed,
    // the state first (field 3), the start time 20 fields on (field 22).
    const start = stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
    return start !== undefined && /^\d+$/.test(start) ? start : undefined;
  } catch {
    return undefined;
  }
}

const readStat = (path: string) => readFileSync(path, "utf8");

/** Whether `engine` still runs: the same id with the same start time (or, without /proc, the id alive). */
export function engineAlive(
  engine: EngineProcess,
  startTime: (pid: number) => string | undefined = (pid) => processStartTime(pid),
): boolean {
  const now = startTime(engine.pid);
  if (now !== undefined) return now === engine.startTime;
  if (engine.startTime !== "") return false;
  try {
    process.kill(engine.pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The directory of one run under `root`, named from its engine and the address it serves on. */
export function runDirectory(root: string, engine: EngineProcess, address: string): string {
  return join(root, `${engine.pid}-${engine.startTime || "0"}-${fileName(address).slice(0, 16)}`);
}

const RUN_NAME = /^(\d+)-(\d+)-[0-9a-f]{16}$/;

/** Removes the run directories under `root` whose engine has ended; never one of a live engine. */
export function sweepDeadRuns(root: string, alive: (engine: EngineProcess) => boolean = engineAlive): void {
  let names: string[];
  try {
    names = readdirSync(root);
  } catch {
    return;
  }
  for (const name of names) {
    const match = RUN_NAME.exec(name);
    if (!match) continue;
    const engine = { pid: Number(match[1]), startTime: match[2] === "0" ? "" : match[2]! };
    if (!alive(engine)) rmSync(join(root, name), { recursive: true, force: true });
  }
}

/**
 * The root of every run's holds for this user: private to it (0700, owned by it, no link), so
 * another local user can neither read which objects a run holds nor plant a hold.
 */
export function holdsRoot(base: string = tmpdir()): string | undefined {
  const uid = typeof process.getuid === "function" ? process.getuid() : undefined;
  const root = join(base, `strategy-alerts-run-holds${uid === undefined ? "" : `-${uid}`}`);
  try {
    mkdirSync(root, { mode: 0o700 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") return undefined;
  }
  const stat = lstatSync(root);
  if (!stat.isDirectory() || stat.isSymbolicLink()) return undefined;
  if (uid !== undefined && (stat.uid !== uid || (stat.mode & 0o077) !== 0)) return undefined;
  return root;
}

let engineAddress: string | undefined;
let shared: RunHolds | undefined;
let unshared = false;

/**
 * Declares this process a provider of the engine at `address` (the plugin, and Pulumi's
 * dynamic-provider host): its runs' holds are then shared with the engine's other providers.
 */
export function joinEngineRun(address: string | undefined): void {
  if (address === undefined || engineAddress !== undefined) return;
  engineAddress = address;
}

/**
 * The holds this process shares with the other providers of its engine run, or undefined outside
 * an engine (or where no private directory can be made: then each provider keeps its own, and
 * says so once).
 */
export function engineRunHolds(): RunHolds | undefined {
  if (shared !== undefined || unshared || engineAddress === undefined) return shared;
  const root = holdsRoot();
  if (root === undefined) {
    unshared = true;
    console.error(
      "strategy-alerts: no private directory for the run's holds under the system's temporary directory: " +
        "each provider process of this run keeps its own, so a rename that moves a resource to another provider is not seen by the old resource's delete",
    );
    return undefined;
  }
  const pid = engineParentProbe()();
  const engine = { pid, startTime: processStartTime(pid) ?? "" };
  sweepDeadRuns(root);
  shared = new DirectoryHolds(runDirectory(root, engine, engineAddress));
  return shared;
}
