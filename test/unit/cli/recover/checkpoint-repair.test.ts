import { mkdir, mkdtemp, readdir, readFile, rm, stat, unlink, utimes, writeFile } from "node:fs/promises";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CommandError } from "../../../../cli/command";
import { exportOrRestore } from "../../../../cli/recover/checkpoint-repair";
import type { PulumiRunner } from "../../../../cli/recover/pulumi-cli";

const roots: string[] = [];
afterEach(async () => {
  for (const root of roots.splice(0)) await rm(root, { recursive: true, force: true });
});

const GOOD = JSON.stringify({
  version: 3,
  checkpoint: { stack: "organization/proj/dev", latest: { resources: [{ urn: "from-bak" }] } },
});
const LOAD_FAILURE_PREFIX = "pulumi stack export failed: error: failed to load checkpoint: ";
const LOAD_FAILURE = `${LOAD_FAILURE_PREFIX}EOF`;
const MISSING = "pulumi stack export failed: error: no stack named 'dev' found";

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/**
 * A file backend with the stack's checkpoint cut to 0 bytes and its .bak intact, and a stand-in
 * for the Pulumi CLI that, like the real one, fails every export while the checkpoint or its
 * attributes file is empty.
 */
async function brokenFileBackend(
  url = (root: string) => `file://${root}`,
  { namesStack = true }: { namesStack?: boolean } = {},
) {
  const root = await mkdtemp(join(tmpdir(), "psa-repair-"));
  roots.push(root);
  const stacks = join(root, ".pulumi", "stacks", "proj");
  await mkdir(stacks, { recursive: true });
  const file = join(stacks, "dev.json");
  await writeFile(`${file}.bak`, GOOD);
  await utimes(`${file}.bak`, new Date(Date.now() - 5_000), new Date(Date.now() - 5_000));
  await writeFile(file, "");
  const calls: string[] = [];
  const pulumi: PulumiRunner = async (args) => {
    calls.push(args.join(" "));
    if (args[0] === "whoami") return JSON.stringify({ user: "me", url: url(root) });
    if (args.includes("--show-name")) {
      // An empty checkpoint fails even this in the real CLI, and a missing one always does.
      if (!namesStack)
        throw new CommandError("pulumi stack --show-name failed: error: failed to load checkpoint: EOF");
      if (!(await exists(file))) throw new CommandError(MISSING);
      return "organization/proj/dev\n";
    }
    if (args[0] === "cancel") return "";
    if (args[1] === "export") {
      // As Pulumi 3.274 fails: a missing file, a checkpoint that does not parse, attributes that do not.
      if (!(await exists(file))) throw new CommandError(MISSING);
      const text = await readFile(file, "utf8");
      const attributes = await readFile(`${file}.attrs`, "utf8").catch(() => undefined);
      if (text === "" || text === "{}" || attributes === "") throw new CommandError(LOAD_FAILURE);
      if (attributes !== undefined && !parses(attributes))
        throw new CommandError(
          `${LOAD_FAILURE_PREFIX}blob (key ".pulumi/stacks/proj/dev.json"): unexpected EOF`,
        );
      if (!parses(text))
        throw new CommandError(`${LOAD_FAILURE_PREFIX}place 1: unexpected end of JSON input`);
      const { checkpoint } = JSON.parse(text);
      return JSON.stringify({ version: 3, deployment: checkpoint.latest });
    }
    throw new Error(`unexpected pulumi ${args.join(" ")}`);
  };
  return { root, file, pulumi, calls };
}

/** A lock file of the stack `dev` of project `proj`, where the file backend keeps it. */
async function lockStack(root: string, lock: object | string): Promise<void> {
  const dir = join(root, ".pulumi", "locks", "organization", "proj", "dev");
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, "0b5c.json"), typeof lock === "string" ? lock : JSON.stringify(lock));
}

/** exportOrRestore for `stack` in `cwd`, with the lines it logged; a throw comes back as `error`. */
async function restoreIn(pulumi: PulumiRunner, cwd: string, stack: string | undefined, apply = true) {
  const lines: string[] = [];
  try {
    const exported = await exportOrRestore(pulumi, { cwd, stack, apply, log: (l) => lines.push(l) });
    return { exported, lines, error: undefined };
  } catch (error) {
    return { exported: undefined, lines, error };
  }
}

describe("exportOrRestore", () => {
  it("restores an unreadable checkpoint of a file backend from its backup, says what it did, and exports", async () => {
    const { root, file, pulumi } = await brokenFileBackend();
    const { exported, lines } = await restoreIn(pulumi, root, "dev");
    expect(JSON.parse(exported?.text ?? "null").deployment.resources).toEqual([{ urn: "from-bak" }]);
    expect(lines[0]).toContain(`The stack's checkpoint ${file} could not be loaded`);
    expect(lines[1]).toMatch(
      new RegExp(
        `^Restored it from ${file}\\.bak, written .*; the unreadable file is kept as ${file}\\.unreadable-\\d{8}T\\d{6}Z\\.$`,
      ),
    );
  });

  it("finds the checkpoint by --stack and the project file when the CLI cannot even name the stack", async () => {
    const { root, file, pulumi } = await brokenFileBackend(undefined, { namesStack: false });
    await writeFile(join(root, "Pulumi.yaml"), "name: proj\nruntime: yaml\n");
    const { exported, lines } = await restoreIn(pulumi, root, "dev");
    expect(JSON.parse(exported?.text ?? "null").deployment.resources).toEqual([{ urn: "from-bak" }]);
    expect(lines[1]).toContain(`Restored it from ${file}.bak`);
  });

  it("asks for --stack when the CLI cannot name the selected stack", async () => {
    const { root, file, pulumi } = await brokenFileBackend(undefined, { namesStack: false });
    const { error: failure } = await restoreIn(pulumi, root, undefined);
    expect(failure).toBeInstanceOf(CommandError);
    expect((failure as Error).message).toContain("run recover again with --stack <name>");
    expect(await readFile(file, "utf8")).toBe("");
  });

  it("without --yes changes nothing and says which copy --yes would restore", async () => {
    const { root, file, pulumi, calls } = await brokenFileBackend();
    const { exported, lines } = await restoreIn(pulumi, root, "dev", false);
    expect(exported).toBeUndefined();
    expect(lines[1]).toMatch(new RegExp(`^Rerun with --yes to restore it from ${file}\\.bak, written `));
    expect(lines[2]).toContain("With --yes, recover then settles the stack's interrupted creates");
    expect(await readFile(file, "utf8")).toBe("");
    expect(calls.filter((c) => c.startsWith("stack export"))).toHaveLength(1);
  });

  it("sets aside an empty attributes file beside a checkpoint that reads, which it leaves as it is", async () => {
    const { root, file, pulumi } = await brokenFileBackend();
    await writeFile(file, GOOD);
    await writeFile(`${file}.attrs`, "");
    const { exported, lines } = await restoreIn(pulumi, root, "dev");
    expect(JSON.parse(exported?.text ?? "null").deployment.resources).toEqual([{ urn: "from-bak" }]);
    expect(lines[0]).toContain(`The attributes file ${file}.attrs that the file backend keeps`);
    expect(lines[1]).toMatch(
      new RegExp(
        `^Set it aside as ${file}\\.attrs\\.unreadable-\\d{8}T\\d{6}Z; the checkpoint loads without it\\.$`,
      ),
    );
    expect(lines).toHaveLength(2);
    expect(await readFile(file, "utf8")).toBe(GOOD);
    const dir = join(file, "..");
    expect((await readdir(dir)).filter((f) => f.startsWith("dev.json.attrs"))).toEqual([
      expect.stringMatching(/^dev\.json\.attrs\.unreadable-/),
    ]);
  });

  it("without --yes leaves an empty attributes file where it is and says what --yes would do", async () => {
    const { root, file, pulumi } = await brokenFileBackend();
    await writeFile(file, GOOD);
    await writeFile(`${file}.attrs`, "");
    const { exported, lines } = await restoreIn(pulumi, root, "dev", false);
    expect(exported).toBeUndefined();
    expect(lines[1]).toMatch(
      new RegExp(`^Rerun with --yes to set it aside as ${file}\\.attrs\\.unreadable-`),
    );
    expect(await readFile(`${file}.attrs`, "utf8")).toBe("");
  });

  it("repairs both when the checkpoint and its attributes file are empty", async () => {
    const { root, file, pulumi } = await brokenFileBackend();
    await writeFile(`${file}.attrs`, "");
    const { exported, lines } = await restoreIn(pulumi, root, "dev");
    expect(JSON.parse(exported?.text ?? "null").deployment.resources).toEqual([{ urn: "from-bak" }]);
    expect(lines[1]).toContain(`Restored it from ${file}.bak`);
    expect(lines[3]).toContain(`Set it aside as ${file}.attrs.unreadable-`);
  });

  it("releases the lock of the killed update, whose process is gone from this machine", async () => {
    const { root, file, pulumi, calls } = await brokenFileBackend();
    await writeFile(`${file}.attrs`, "");
    // Above Linux's largest pid_max (2^22): no process can have it.
    const gone = 2 ** 31 - 1;
    await lockStack(root, {
      pid: gone,
      username: "ci",
      hostname: hostname(),
      timestamp: "2026-11-27T10:00:00Z",
    });
    const { exported, lines } = await restoreIn(pulumi, root, "dev");
    expect(exported).toBeDefined();
    expect(calls).toContain("cancel --yes --stack dev");
    expect(lines.at(-1)).toBe(
      `Released the lock the killed update left (ci on ${hostname()}, process ${gone}, since 2026-11-27T10:00:00Z), as \`pulumi cancel\` does.`,
    );
  });

  it("leaves a lock held by a running process, another machine or an unreadable file, and says so", async () => {
    for (const lock of [
      { pid: process.pid, hostname: hostname() },
      { pid: 1234, hostname: "another-machine" },
      "{",
    ]) {
      const { root, file, pulumi, calls } = await brokenFileBackend();
      await writeFile(`${file}.attrs`, "");
      await lockStack(root, lock);
      const { exported, lines } = await restoreIn(pulumi, root, "dev");
      expect(exported).toBeDefined();
      expect(calls.filter((c) => c.startsWith("cancel"))).toEqual([]);
      expect(lines.at(-1)).toMatch(
        /^The stack is locked \(.+\)\. If no update of it is running any more, run `pulumi cancel`, then recover again\.$/,
      );
    }
  });

  it("on another backend changes nothing and says how to restore by hand, without the backend's credentials", async () => {
    const { root, file, pulumi } = await brokenFileBackend(() => "postgres://admin:s3cret@db/state");
    const { error } = await restoreIn(pulumi, root, undefined);
    expect(error).toBeInstanceOf(CommandError);
    const message = (error as Error).message;
    expect(message).toContain(LOAD_FAILURE);
    expect(message).toContain("this stack's backend is postgres://");
    expect(message).toContain(".pulumi/stacks/<project>/<stack>.json.bak");
    expect(message).not.toContain("s3cret");
    expect(await readFile(file, "utf8")).toBe("");
  });

  it("on Pulumi Cloud points at the last good version of the stack's history", async () => {
    const { root, pulumi } = await brokenFileBackend(() => "https://api.pulumi.com");
    const { error } = await restoreIn(pulumi, root, undefined);
    expect((error as Error).message).toContain("pulumi stack export --version <n> --file good.json");
  });

  it("leaves a checkpoint that reads alone when the export fails for another reason", async () => {
    const { root, file, pulumi } = await brokenFileBackend();
    await writeFile(file, GOOD);
    const failing: PulumiRunner = async (args) => {
      if (args[1] === "export")
        throw new CommandError(
          "pulumi stack export failed: error: failed to load checkpoint: incorrect passphrase",
        );
      return pulumi(args);
    };
    const { error } = await restoreIn(failing, root, "dev");
    expect((error as Error).message).toContain("the stack's checkpoint file and its attributes read");
    expect(await readFile(file, "utf8")).toBe(GOOD);
  });

  it("passes any other failure of the export through", async () => {
    const other = new CommandError("pulumi stack export failed: error: no stack named 'dev' found");
    const pulumi: PulumiRunner = async () => {
      throw other;
    };
    expect((await restoreIn(pulumi, "/", "dev")).error).toBe(other);
  });
});

/**
 * Every state a `pulumi up` killed while the file backend writes can leave, written into a temp
 * backend directory: the stack must load again, with what was done said.
 */
describe("exportOrRestore after a kill during the file backend's write", () => {
  const gone = 2 ** 31 - 1;
  const killedLock = { pid: gone, username: "ci", hostname: hostname(), timestamp: "2026-11-27T10:00:00Z" };

  it("a checkpoint cut short (unexpected end of JSON): restored from the .bak, and the copy and its time returned", async () => {
    const { root, file, pulumi } = await brokenFileBackend();
    await writeFile(file, GOOD.slice(0, 40));
    const { exported, lines } = await restoreIn(pulumi, root, "dev");
    expect(JSON.parse(exported?.text ?? "null").deployment.resources).toEqual([{ urn: "from-bak" }]);
    expect(exported?.restored).toMatchObject({ from: `${file}.bak`, checkpoint: file });
    expect(exported?.restored?.writtenAt.getTime()).toBe((await stat(`${file}.bak`)).mtime.getTime());
    expect(await readFile(exported!.restored!.keptAs!, "utf8")).toBe(GOOD.slice(0, 40));
    expect(lines[1]).toContain(`Restored it from ${file}.bak, written `);
  });

  it("an empty checkpoint: restored, and the restored copy returned", async () => {
    const { root, file, pulumi } = await brokenFileBackend();
    const { exported } = await restoreIn(pulumi, root, "dev");
    expect(exported?.restored?.from).toBe(`${file}.bak`);
  });

  it("an attributes file cut short: set aside; the checkpoint is its own, so nothing is restored", async () => {
    const { root, file, pulumi } = await brokenFileBackend();
    await writeFile(file, GOOD);
    await writeFile(`${file}.attrs`, '{"user.cache_control":"","md5":"VBn4');
    const { exported, lines } = await restoreIn(pulumi, root, "dev");
    expect(exported?.text).toBeDefined();
    expect(exported?.restored).toBeUndefined();
    expect(lines[1]).toContain(`Set it aside as ${file}.attrs.unreadable-`);
    expect(await readFile(file, "utf8")).toBe(GOOD);
  });

  it("a missing checkpoint with a .bak beside the killed update's lock: restored from it, and the lock released", async () => {
    const { root, file, pulumi, calls } = await brokenFileBackend();
    await writeFile(join(root, "Pulumi.yaml"), "name: proj\nruntime: yaml\n");
    await unlink(file);
    await lockStack(root, killedLock);
    const { exported, lines, error } = await restoreIn(pulumi, root, "dev");
    expect(error).toBeUndefined();
    expect(JSON.parse(exported?.text ?? "null").deployment.resources).toEqual([{ urn: "from-bak" }]);
    expect(exported?.restored).toMatchObject({ from: `${file}.bak`, checkpoint: file });
    expect(exported?.restored?.keptAs).toBeUndefined();
    expect(lines[0]).toContain(
      `The stack's checkpoint ${file} is missing, and the stack is locked by an update`,
    );
    expect(lines[1]).toMatch(new RegExp(`^Restored it from ${file}\\.bak, written [^;]*\\.$`));
    expect(calls).toContain("cancel --yes --stack dev");
    expect(await readFile(file, "utf8")).toBe(GOOD);
  });

  it("a missing checkpoint without a lock (a removed stack keeps a .bak too): Pulumi's error, the copy named, nothing written", async () => {
    const { root, file, pulumi } = await brokenFileBackend();
    await writeFile(join(root, "Pulumi.yaml"), "name: proj\nruntime: yaml\n");
    await unlink(file);
    const { error } = await restoreIn(pulumi, root, "dev");
    expect(error).toBeInstanceOf(CommandError);
    const message = (error as Error).message;
    expect(message).toContain(MISSING);
    expect(message).toContain(`Pulumi kept a copy of it (${file}.bak`);
    expect(message).toContain("`pulumi stack rm` keeps one");
    expect(await exists(file)).toBe(false);
  });

  it("a missing checkpoint without --stack, or with no copy: Pulumi's own error", async () => {
    const { root, file, pulumi } = await brokenFileBackend();
    await unlink(file);
    await lockStack(root, killedLock);
    const unselected: PulumiRunner = async (args) => {
      if (args[1] === "export" && !args.includes("--stack"))
        throw new CommandError("pulumi stack export failed: error: no stack selected");
      return pulumi(args);
    };
    expect(((await restoreIn(unselected, root, undefined)).error as Error).message).toContain(
      "no stack selected",
    );
    await unlink(`${file}.bak`);
    expect(((await restoreIn(pulumi, root, "dev")).error as Error).message).toBe(MISSING);
  });

  it("a stale lock beside a checkpoint that loads: released with --yes, left without it", async () => {
    const { root, file, pulumi, calls } = await brokenFileBackend();
    await writeFile(file, GOOD);
    await lockStack(root, killedLock);
    const dry = await restoreIn(pulumi, root, "dev", false);
    expect(dry.exported?.text).toBeDefined();
    expect(dry.lines).toEqual([]);
    expect(calls.filter((c) => c.startsWith("cancel"))).toEqual([]);

    const { exported, lines } = await restoreIn(pulumi, root, "dev");
    expect(exported?.restored).toBeUndefined();
    expect(calls).toContain("cancel --yes --stack dev");
    expect(lines).toEqual([
      `Released the lock the killed update left (ci on ${hostname()}, process ${gone}, since 2026-11-27T10:00:00Z), as \`pulumi cancel\` does.`,
    ]);
  });

  it("a checkpoint that loads and no lock: only the export, and nothing said", async () => {
    const { root, file, pulumi, calls } = await brokenFileBackend();
    await writeFile(file, GOOD);
    const { exported, lines } = await restoreIn(pulumi, root, "dev");
    expect(exported?.text).toBeDefined();
    expect(lines).toEqual([]);
    expect(calls.filter((c) => c.startsWith("cancel"))).toEqual([]);
  });
});
