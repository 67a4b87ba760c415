import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { heldInRun, hold, objectKey } from "../../../provider/runtime/ownership";
import {
  DirectoryHolds,
  engineAlive,
  holdsRoot,
  MemoryHolds,
  processStartTime,
  runDirectory,
  sweepDeadRuns,
} from "../../../provider/runtime/run-holds";
import { contextOfAccount } from "../../support/runtime-context";

const made: string[] = [];
function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), "psa-run-holds-"));
  made.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const STAT = (start: string) =>
  `4242 (pulumi (engine) x) S 1 4242 4242 0 -1 4194560 100 0 0 0 5 3 0 0 20 0 12 0 ${start} 1000 200`;

describe("run holds shared by the provider processes of one engine run", () => {
  it("shows one process's hold to another that opens the same directory, per account", async () => {
    const dir = runDirectory(scratch(), { pid: 4242, startTime: "777" }, "127.0.0.1:41234");
    // Two provider processes of the run: two contexts, each with its own instance on the directory.
    const explicitProvider = contextOfAccount("U1");
    explicitProvider.run.useHolds(new DirectoryHolds(dir));
    const defaultProvider = contextOfAccount("U1");
    defaultProvider.run.useHolds(new DirectoryHolds(dir));
    const otherAccount = contextOfAccount("U2");
    otherAccount.run.useHolds(new DirectoryHolds(dir));

    expect(await heldInRun(explicitProvider, objectKey.webhook())).toBe(false);
    await hold(defaultProvider, objectKey.webhook());
    await hold(defaultProvider, objectKey.developer("D1"));
    expect(await heldInRun(explicitProvider, objectKey.webhook())).toBe(true);
    expect(await heldInRun(explicitProvider, objectKey.developer("D1"))).toBe(true);
    expect(await heldInRun(explicitProvider, objectKey.tags("D1"))).toBe(false);
    expect(await heldInRun(otherAccount, objectKey.webhook())).toBe(false);
    // Holding twice is one file; nothing half-written is left beside it.
    await hold(explicitProvider, objectKey.webhook());
    const [accountDir] = readdirSync(dir);
    expect(readdirSync(join(dir, accountDir!)).sort()).toHaveLength(2);
    expect(readdirSync(join(dir, accountDir!)).some((n) => n.endsWith(".tmp"))).toBe(false);
  });

  it("names files from hashes, never from the account's or the address's text", () => {
    const dir = join(scratch(), "run");
    const holds = new DirectoryHolds(dir);
    holds.add("../../escape", "held developer ../../x");
    const [accountDir] = readdirSync(dir);
    expect(accountDir).toMatch(/^[0-9a-f]{40}$/);
    expect(readdirSync(join(dir, accountDir!))).toEqual([expect.stringMatching(/^[0-9a-f]{40}$/)]);
    expect(holds.has("../../escape", "held developer ../../x")).toBe(true);
  });

  it("keeps a memory holds' entries apart by account", () => {
    const holds = new MemoryHolds();
    holds.add("U1", "held webhook");
    expect(holds.has("U1", "held webhook")).toBe(true);
    expect(holds.has("U2", "held webhook")).toBe(false);
  });

  it("names a run from its engine's id, start time and address, so a reused port or id never meets a dead run", () => {
    const root = "/r";
    const a = runDirectory(root, { pid: 10, startTime: "500" }, "127.0.0.1:5000");
    expect(runDirectory(root, { pid: 10, startTime: "500" }, "127.0.0.1:5000")).toBe(a);
    expect(runDirectory(root, { pid: 10, startTime: "501" }, "127.0.0.1:5000")).not.toBe(a);
    expect(runDirectory(root, { pid: 11, startTime: "500" }, "127.0.0.1:5000")).not.toBe(a);
    expect(runDirectory(root, { pid: 10, startTime: "500" }, "127.0.0.1:5001")).not.toBe(a);
  });

  it("reads a process's start time past a command name with spaces and parentheses", () => {
    expect(processStartTime(4242, () => STAT("98765"))).toBe("98765");
    expect(
      processStartTime(4242, () => {
        throw new Error("ENOENT");
      }),
    ).toBeUndefined();
    expect(processStartTime(process.pid)).toMatch(/^\d+$/);
  });

  it("takes an engine for alive only with the same start time", () => {
    expect(engineAlive({ pid: 1, startTime: "5" }, () => "5")).toBe(true);
    expect(engineAlive({ pid: 1, startTime: "5" }, () => "6")).toBe(false);
    expect(engineAlive({ pid: 1, startTime: "5" }, () => undefined)).toBe(false);
    // Without /proc, the id alone.
    expect(engineAlive({ pid: process.pid, startTime: "" }, () => undefined)).toBe(true);
  });

  it("sweeps the directories of dead engines and keeps live ones and foreign names", () => {
    const root = scratch();
    const live = runDirectory(root, { pid: 1, startTime: "100" }, "a");
    const dead = runDirectory(root, { pid: 2, startTime: "200" }, "a");
    const reused = runDirectory(root, { pid: 1, startTime: "99" }, "a");
    for (const dir of [live, dead, reused]) new DirectoryHolds(dir).add("U1", "held webhook");
    mkdirSync(join(root, "not-a-run"));
    sweepDeadRuns(root, (engine) => engine.pid === 1 && engine.startTime === "100");
    expect(readdirSync(root).sort()).toEqual([live.slice(root.length + 1), "not-a-run"].sort());
  });

  it("makes its root private to the user, and refuses a root it does not own alone", () => {
    const base = scratch();
    const root = holdsRoot(base);
    expect(root).toBeDefined();
    expect(statSync(root!).mode & 0o077).toBe(0);
    expect(holdsRoot(base)).toBe(root);

    const planted = scratch();
    const target = join(planted, "elsewhere");
    mkdirSync(target, { mode: 0o700 });
    const uid = process.getuid?.();
    symlinkSync(target, join(planted, `strategy-alerts-run-holds${uid === undefined ? "" : `-${uid}`}`));
    expect(holdsRoot(planted)).toBeUndefined();

    const open = scratch();
    const wide = join(open, `strategy-alerts-run-holds${uid === undefined ? "" : `-${uid}`}`);
    mkdirSync(wide, { mode: 0o777 });
    writeFileSync(join(wide, "x"), "");
    // mkdir applies the umask: widen it explicitly.
    chmodSync(wide, 0o777);
    expect(holdsRoot(open)).toBeUndefined();
  });
});
