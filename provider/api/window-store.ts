import { randomBytes } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

/**
 * What a rate limiter knows about one API key's budget: the send times inside the window, a
 * pause ordered by a 429, and the plan's rate once learned. Kept in a store so that several
 * processes on one machine (`pulumi preview`, then `up`, then `destroy`; two stacks of one
 * account applied at once) share one window, as the service counts them.
 */
export interface WindowState {
  /** Send times (ms since epoch), oldest first. */
  sent: number[];
  /** No request before this (a 429's Retry-After). */
  blockedUntil: number;
  /** rate-limit-window: the service's X-RateLimit-* headers said its window is spent. */
  blockReason?: "retry-after" | "rate-limited" | "rate-limit-window";
  /** The plan's rate, as `GET /me` reported it, and when. */
  requestsPerMinute?: number;
  learnedAt?: number;
}

/** Atomic read-modify-write of one key's window. */
export interface WindowStore {
  update<T>(change: (state: WindowState) => T): T;
}

function emptyWindow(): WindowState {
  return { sent: [], blockedUntil: 0 };
}

/** The window of one process only. */
export class MemoryWindowStore implements WindowStore {
  #state = emptyWindow();

  update<T>(change: (state: WindowState) => T): T {
    return change(this.#state);
  }
}

export interface FileWindowStoreOptions {
  /** Default: a directory of its own in the OS temp directory. */
  directory?: string;
  now?: () => number;
  /** A lock older than this was left by a process that died holding it. */
  staleLockMs?: number;
  /** How long to try for the lock before working from memory for this update. */
  lockTimeoutMs?: number;
}

const FILE_VERSION = 1;

/** The directory where window files live unless told otherwise. */
function defaultWindowDirectory(): string {
  return path.join(os.tmpdir(), "pulumi-strategy-alerts-rate");
}

/**
 * One small JSON file per key, named by the limiter id (a hash of the service origin and the
 * key, never the key). Every access holds an exclusive lock file (`O_EXCL`) around reading,
 * changing and writing the file, so concurrent processes never lose a send. The file is
 * rewritten in place (write at offset 0, then truncate), not through a temporary file and a
 * rename: every reader holds the lock, and on ext4 a rename over the old file or a truncation to
 * zero forces its blocks to disk, about three times the cost of the rest of an update, paid per
 * request. A process killed mid-write leaves a file that does not parse, read as an empty window
 * (the service's 429 and headers still pace). A lock left by a killed process is broken once
 * stale.
 *
 * Each write stamps the file with a token of its own (`w`, first after the version), and the
 * store remembers the token and size it last wrote or read: an update that finds them unchanged
 * (no other process wrote meanwhile, the common case of one command) reads only the file's first
 * bytes and reuses the window it holds in memory, instead of reading and parsing every send time
 * in the window at every request; the window is still read whole whenever another process wrote.
 *
 * The file is an optimisation, never a requirement: when the directory cannot be made, the
 * file cannot be read or written, or the lock cannot be had in time, the store falls back to
 * its in-memory copy (and stops trying the file once it proved unusable).
 */
export class FileWindowStore implements WindowStore {
  readonly file: string;
  readonly #lock: string;
  readonly #now: () => number;
  readonly #staleLockMs: number;
  readonly #lockTimeoutMs: number;
  #memory = emptyWindow();
  /** The token and size of the file as this store last wrote or read it; `#memory` is its content. */
  #seen: { token: string; size: number } | undefined;
  #usable = true;

  constructor(id: string, options: FileWindowStoreOptions = {}) {
    const directory = options.directory ?? defaultWindowDirectory();
    this.file = path.join(directory, `${id}.json`);
    this.#lock = `${this.file}.lock`;
    this.#now = options.now ?? Date.now;
    this.#staleLockMs = options.staleLockMs ?? 5_000;
    // Longer than a lock's stale age, so a killed holder's lock is broken and taken rather than
    // every command falling back to memory; a holder starved by a busy machine still gets seconds
    // to finish (a send recorded only in memory is a send the other commands do not see).
    this.#lockTimeoutMs = options.lockTimeoutMs ?? 10_000;
    try {
      fs.mkdirSync(directory, { recursive: true, mode: 0o700 });
      removeStaleFiles(directory, this.#now());
    } catch {
      this.#usable = false;
    }
  }

  /** False once the file proved unusable: the window is then this process's own. */
  get usable(): boolean {
    return this.#usable;
  }

  update<T>(change: (state: WindowState) => T): T {
    if (!this.#usable || !this.#acquireLock()) {
      // Changed outside the file: the next update reads the file whole.
      this.#seen = undefined;
      return change(this.#memory);
    }
    let fd: number | undefined;
    try {
      fd = fs.openSync(this.file, fs.constants.O_RDWR | fs.constants.O_CREAT, 0o600);
      const state = this.#read(fd);
      const before = fingerprint(state);
      const result = change(state);
      // A look without a change (is the window full?) costs no write.
      if (fingerprint(state) !== before) this.#seen = writeWindow(fd, state);
      this.#memory = state;
      return result;
    } catch {
      this.#usable = false;
      this.#seen = undefined;
      return change(this.#memory);
    } finally {
      if (fd !== undefined) fs.closeSync(fd);
      this.#releaseLock();
    }
  }

  /** The window in the file: the one in memory when the file is as this store last saw it. */
  #read(fd: number): WindowState {
    const size = fs.fstatSync(fd).size;
    const seen = this.#seen;
    if (seen !== undefined && seen.size === size && readToken(fd) === seen.token) return this.#memory;
    const { state, token } = readWindow(fd, size);
    this.#seen = token === undefined ? undefined : { token, size };
    return state;
  }

  #acquireLock(): boolean {
    const deadline = this.#now() + this.#lockTimeoutMs;
    for (;;) {
      try {
        fs.closeSync(fs.openSync(this.#lock, "wx", 0o600));
        return true;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "EEXIST") {
          this.#usable = false;
          return false;
        }
      }
      this.#breakStaleLock();
      if (this.#now() >= deadline) return false;
      pause(2);
    }
  }

  #breakStaleLock(): void {
    try {
      const age = this.#now() - fs.statSync(this.#lock).mtimeMs;
      if (age > this.#staleLockMs) fs.unlinkSync(this.#lock);
    } catch {
      // Released meanwhile: the next attempt takes it.
    }
  }

  #releaseLock(): void {
    try {
      fs.unlinkSync(this.#lock);
    } catch {
      // Broken as stale by another process: nothing to release.
    }
  }
}

function readWindow(fd: number, size: number): { state: WindowState; token?: string } {
  if (size === 0) return { state: emptyWindow() };
  const bytes = Buffer.alloc(size);
  const read = fs.readSync(fd, bytes, 0, size, 0);
  const text = bytes.toString("utf8", 0, read);
  const state = parseWindow(text);
  return state ? { state, token: tokenOf(text) } : { state: emptyWindow() };
}

/** Unique per write on this machine: this process's random prefix and a count. */
const WRITER = randomBytes(6).toString("hex");
let writes = 0;

/** Writes the window stamped with a new token; returns what the store then knows of the file. */
function writeWindow(fd: number, state: WindowState): { token: string; size: number } {
  const token = `${WRITER}.${++writes}`;
  const bytes = Buffer.from(JSON.stringify({ v: FILE_VERSION, w: token, ...state }), "utf8");
  fs.writeSync(fd, bytes, 0, bytes.length, 0);
  fs.ftruncateSync(fd, bytes.length);
  return { token, size: bytes.length };
}

/** Room for the version and a token at the start of the file. */
const HEAD_BYTES = 48;
const TOKEN = new RegExp(`^\\{"v":${FILE_VERSION},"w":"([0-9a-f]+\\.[0-9]+)"`);

function tokenOf(text: string): string | undefined {
  return TOKEN.exec(text)?.[1];
}

/** The token at the start of the file, without reading the send times after it. */
function readToken(fd: number): string | undefined {
  const head = Buffer.alloc(HEAD_BYTES);
  const read = fs.readSync(fd, head, 0, HEAD_BYTES, 0);
  return tokenOf(head.toString("latin1", 0, read));
}

/**
 * What tells a changed window from the one read, without serialising it twice: the limiter only
 * appends sends, drops the oldest, and sets the other fields.
 */
function fingerprint(state: WindowState): string {
  const { sent } = state;
  return [
    sent.length,
    sent[0],
    sent[sent.length - 1],
    state.blockedUntil,
    state.blockReason,
    state.requestsPerMinute,
    state.learnedAt,
  ].join(",");
}

/** Files untouched for this long hold nothing a limiter still uses (the learned rate expires too). */
const STALE_FILE_MS = 24 * 60 * 60_000;

/** Keeps the directory from growing with keys and services no longer used (best effort). */
function removeStaleFiles(directory: string, now: number): void {
  for (const name of fs.readdirSync(directory)) {
    if (!name.endsWith(".json")) continue;
    const file = path.join(directory, name);
    try {
      if (now - fs.statSync(file).mtimeMs > STALE_FILE_MS) fs.unlinkSync(file);
    } catch {
      // Removed by another process meanwhile.
    }
  }
}

/** A window file's content, or undefined when it is not one (truncated, foreign, older format). */
export function parseWindow(text: string): WindowState | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (raw === null || typeof raw !== "object") return undefined;
  const r = raw as Record<string, unknown>;
  if (r.v !== FILE_VERSION || !Array.isArray(r.sent)) return undefined;
  const sent = r.sent.filter((t): t is number => typeof t === "number" && Number.isFinite(t));
  const state: WindowState = {
    sent: sent.sort((a, b) => a - b),
    blockedUntil: typeof r.blockedUntil === "number" ? r.blockedUntil : 0,
  };
  if (
    r.blockReason === "retry-after" ||
    r.blockReason === "rate-limited" ||
    r.blockReason === "rate-limit-window"
  )
    state.blockReason = r.blockReason;
  if (typeof r.requestsPerMinute === "number" && r.requestsPerMinute >= 1) {
    state.requestsPerMinute = Math.floor(r.requestsPerMinute);
    if (typeof r.learnedAt === "number") state.learnedAt = r.learnedAt;
  }
  return state;
}

const sleeper = new Int32Array(new SharedArrayBuffer(4));

/** A short synchronous pause while another process holds the lock (held for microseconds). */
function pause(ms: number): void {
  Atomics.wait(sleeper, 0, 0, ms);
}
