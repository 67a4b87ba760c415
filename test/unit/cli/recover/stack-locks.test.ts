import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { holder, isAbandoned, type StackLock, stackLocks } from "../../../../cli/recover/stack-locks";

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "locks-"));
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe("stackLocks", () => {
  it("reads the lock files of the project's stack, one that does not parse as held by no process", async () => {
    const dir = join(root, ".pulumi", "locks", "organization", "proj", "dev");
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, "a.json"), JSON.stringify({ pid: 42, hostname: "ci-7", username: "ana" }));
    await writeFile(join(dir, "b.json"), "{cut");
    await writeFile(join(dir, "notes.txt"), "not a lock");
    const locks = await stackLocks({ root, project: "proj", stack: "dev" });
    expect(locks.sort((x, y) => x.file.localeCompare(y.file))).toEqual([
      { pid: 42, hostname: "ci-7", username: "ana", file: join(dir, "a.json") },
      { pid: 0, hostname: "", file: join(dir, "b.json") },
    ]);
  });

  it("reads the legacy layout, and finds none where there is no lock directory", async () => {
    const dir = join(root, ".pulumi", "locks", "dev");
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, "a.json"), JSON.stringify({ pid: 7, hostname: "h" }));
    expect(await stackLocks({ root, project: undefined, stack: "dev" })).toEqual([
      { pid: 7, hostname: "h", file: join(dir, "a.json") },
    ]);
    expect(await stackLocks({ root, project: "proj", stack: "dev" })).toEqual([]);
  });
});

describe("a lock", () => {
  const lock = (fields: Partial<StackLock>): StackLock => ({
    pid: 0,
    hostname: "",
    file: "x.json",
    ...fields,
  });

  it("is abandoned only when its process ran on this machine and runs no more", () => {
    expect(isAbandoned(lock({ pid: process.pid, hostname: hostname() }))).toBe(false);
    expect(isAbandoned(lock({ pid: 2 ** 22 + 1, hostname: hostname() }))).toBe(true);
    expect(isAbandoned(lock({ pid: 2 ** 22 + 1, hostname: `${hostname()}-elsewhere` }))).toBe(false);
    expect(isAbandoned(lock({ pid: 0, hostname: hostname() }))).toBe(false);
  });

  it("names who holds it for the person who decides", () => {
    expect(
      holder(lock({ pid: 42, hostname: "ci-7", username: "ana", timestamp: "2026-03-04T05:06:07Z" })),
    ).toBe("ana on ci-7, process 42, since 2026-03-04T05:06:07Z");
    expect(holder(lock({ pid: 9, hostname: "", username: "ana" }))).toBe("ana on an unknown host, process 9");
    expect(holder(lock({}))).toBe("an unknown process");
  });
});
