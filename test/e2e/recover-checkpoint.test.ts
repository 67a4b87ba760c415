import { spawnSync } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, rm, stat, truncate, writeFile } from "node:fs/promises";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { pulumiEnv } from "../../scripts/pulumi-env";
import { BUILT_CLI, runProcess } from "./harness";

/**
 * A `pulumi up` SIGKILLed while the file backend writes the stack's checkpoint leaves the stack
 * unloadable: every later command fails with "failed to load checkpoint". The kill cannot be
 * aimed at that moment, so the tests make its outcomes directly, beside the copies Pulumi keeps:
 * an empty attributes file with the killed update's lock (what a kill leaves), and a checkpoint
 * cut to 0 bytes (what a damaged disk or a hand edit leaves), and a checkpoint gone beside the
 * killed update's lock. `strategy-alerts recover` must make
 * the stack load and update again. The program is a Pulumi YAML one with outputs only: no
 * provider to start.
 */
describe.runIf(inject("pulumiBinDir"))("recover after a kill that left the checkpoint unreadable", () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  /** A Pulumi YAML project whose stack `dev` was updated once, on a file backend of its own. */
  async function updatedStack() {
    const base = await mkdtemp(join(tmpdir(), "psa-e2e-checkpoint-"));
    dirs.push(base);
    const [project, state, home] = ["project", "state", "home"].map((d) => join(base, d)) as [
      string,
      string,
      string,
    ];
    for (const dir of [project, state, home]) await mkdir(dir);
    const env = pulumiEnv({ pulumiBinDir: inject("pulumiBinDir")!, home, stateDir: state });
    const pulumi = (...args: string[]) =>
      runProcess("pulumi", [...args, "--non-interactive"], { cwd: project, env });
    const program = (value: string) =>
      writeFile(join(project, "Pulumi.yaml"), `name: ckpt\nruntime: yaml\noutputs:\n  release: ${value}\n`);
    const recover = () =>
      runProcess("node", [BUILT_CLI, "recover", "--yes", "--stack", "dev"], {
        cwd: project,
        env,
      });

    await program("first");
    expect((await pulumi("stack", "init", "dev")).code).toBe(0);
    const first = await pulumi("up", "--yes", "--skip-preview");
    expect(first.code, first.stderr).toBe(0);
    const stacks = join(state, ".pulumi", "stacks", "ckpt");
    return { state, stacks, checkpoint: join(stacks, "dev.json"), pulumi, program, recover };
  }

  it("restores a checkpoint cut to 0 bytes from the file backend's backup; the stack loads and updates again", async () => {
    const { state, stacks, checkpoint, pulumi, program, recover } = await updatedStack();
    await truncate(checkpoint, 0);
    const broken = await pulumi("stack", "export");
    expect(broken.code).not.toBe(0);
    expect(broken.stderr).toContain("failed to load checkpoint");

    const recovered = await recover();
    expect(recovered.stderr).toBe("");
    expect(recovered.code).toBe(0);
    // The newest copy: the one the file backend writes after an update (the .bak is older).
    const from = /Restored it from (\S+), written/.exec(recovered.stdout)?.[1];
    expect(from).toMatch(new RegExp(`^${state}/\\.pulumi/backups/ckpt/dev/dev\\.\\d+\\.json$`));
    expect(recovered.stdout).toContain("nothing to recover");

    const exported = await pulumi("stack", "export");
    expect(exported.code, exported.stderr).toBe(0);
    const backup = JSON.parse(await readFile(from!, "utf8")).checkpoint.latest;
    expect(JSON.parse(exported.stdout).deployment).toEqual(backup);
    expect((await pulumi("stack", "output", "release")).stdout.trim()).toBe("first");
    const kept = (await readdir(stacks)).filter((f) => f.startsWith("dev.json.unreadable-"));
    expect(kept).toHaveLength(1);
    expect((await stat(join(stacks, kept[0]!))).size).toBe(0);

    await program("second");
    const up = await pulumi("up", "--yes", "--skip-preview");
    expect(up.code, up.stderr).toBe(0);
    expect((await pulumi("stack", "output", "release")).stdout.trim()).toBe("second");
  });

  /**
   * What a kill really leaves on a file backend: the checkpoint is renamed into place whole, but
   * its attributes file is rewritten in place just before, so the kill empties that one, and
   * the killed update's lock stays. Pulumi then fails every command, `cancel` included.
   */
  it("sets aside an empty attributes file and releases the killed update's lock; the stack updates again", async () => {
    const { stacks, checkpoint, pulumi, program, recover } = await updatedStack();
    const before = await readFile(checkpoint, "utf8");
    const gone = spawnSync(process.execPath, ["-e", ""]).pid;
    const locks = join(stacks, "..", "..", "locks", "organization", "ckpt", "dev");
    await mkdir(locks, { recursive: true });
    const lock = { pid: gone, username: "ci", hostname: hostname(), timestamp: new Date().toISOString() };
    await writeFile(join(locks, "6c1d9a4e-killed.json"), JSON.stringify(lock));
    const locked = await pulumi("up", "--yes", "--skip-preview");
    expect(locked.stderr).toContain("the stack is currently locked");

    await writeFile(`${checkpoint}.attrs`, "");
    for (const command of [
      ["stack", "export"],
      ["cancel", "--yes"],
    ]) {
      const failed = await pulumi(...command);
      expect(failed.code).not.toBe(0);
      expect(failed.stderr).toContain("failed to load checkpoint: EOF");
    }

    const recovered = await recover();
    expect(recovered.stderr).toBe("");
    expect(recovered.code).toBe(0);
    expect(recovered.stdout).toContain(`Set it aside as ${checkpoint}.attrs.unreadable-`);
    expect(recovered.stdout).toContain(
      `Released the lock the killed update left (ci on ${hostname()}, process ${gone}`,
    );
    expect(await readFile(checkpoint, "utf8")).toBe(before);
    expect(await readdir(locks)).toEqual([]);

    await program("second");
    const up = await pulumi("up", "--yes", "--skip-preview");
    expect(up.code, up.stderr).toBe(0);
    expect((await pulumi("stack", "output", "release")).stdout.trim()).toBe("second");
  });

  /**
   * The checkpoint gone beside the killed update's lock: Pulumi then knows no such stack. recover
   * restores it from the newest copy and releases the lock; without the lock (a removed stack) it
   * would change nothing.
   */
  it("restores a missing checkpoint from the newest copy beside the killed update's lock; the stack updates again", async () => {
    const { state, stacks, checkpoint, pulumi, program, recover } = await updatedStack();
    const gone = spawnSync(process.execPath, ["-e", ""]).pid;
    const locks = join(stacks, "..", "..", "locks", "organization", "ckpt", "dev");
    await mkdir(locks, { recursive: true });
    const lock = { pid: gone, username: "ci", hostname: hostname(), timestamp: new Date().toISOString() };
    await writeFile(join(locks, "9e2f-killed.json"), JSON.stringify(lock));
    await rm(checkpoint);
    const missing = await pulumi("stack", "export", "--stack", "dev");
    expect(missing.stderr).toContain("no stack named 'dev' found");

    const recovered = await recover();
    expect(recovered.stderr).toBe("");
    expect(recovered.code).toBe(0);
    expect(recovered.stdout).toContain(`The stack's checkpoint ${checkpoint} is missing`);
    // The newest copy: the backup written after the update (the .bak is older).
    expect(recovered.stdout).toMatch(
      new RegExp(
        `^Restored it from ${state}/\\.pulumi/backups/ckpt/dev/dev\\.\\d+\\.json, written \\S+\\.$`,
        "m",
      ),
    );
    expect(recovered.stdout).toContain(`Released the lock the killed update left (ci on ${hostname()}`);
    expect(recovered.stdout).toContain("nothing to recover");
    expect(await readdir(locks)).toEqual([]);

    await program("second");
    const up = await pulumi("up", "--yes", "--skip-preview");
    expect(up.code, up.stderr).toBe(0);
    expect((await pulumi("stack", "output", "release")).stdout.trim()).toBe("second");
  });
});
