import { mkdir, mkdtemp, readdir, readFile, rm, stat, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { pulumiEnv } from "../../scripts/pulumi-env";
import { REPO_ROOT, runProcess } from "./harness";

/**
 * A `pulumi up` SIGKILLed while the file backend writes the stack's checkpoint leaves it empty,
 * and every later command fails with "failed to load checkpoint". The kill cannot be aimed at
 * that moment, so the test makes its outcome directly: a checkpoint cut to 0 bytes, beside the
 * copies Pulumi keeps of it. `strategy-alerts recover` must make the stack load again, with
 * the backup's state. The program is a Pulumi YAML one with outputs only: no provider to start.
 */
describe.runIf(inject("pulumiBinDir"))("recover after a kill that cut the checkpoint short", () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it("restores the stack's checkpoint from the file backend's backup; the stack loads and updates again", async () => {
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

    await program("first");
    expect((await pulumi("stack", "init", "dev")).code).toBe(0);
    const first = await pulumi("up", "--yes", "--skip-preview");
    expect(first.code, first.stderr).toBe(0);
    const checkpoint = join(state, ".pulumi", "stacks", "ckpt", "dev.json");

    await truncate(checkpoint, 0);
    const broken = await pulumi("stack", "export");
    expect(broken.code).not.toBe(0);
    expect(broken.stderr).toContain("failed to load checkpoint");

    const recovered = await runProcess(
      "node",
      [join(REPO_ROOT, "dist/cli/index.js"), "recover", "--yes", "--stack", "dev"],
      {
        cwd: project,
        env,
      },
    );
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
    const kept = (await readdir(join(state, ".pulumi", "stacks", "ckpt"))).filter((f) =>
      f.startsWith("dev.json.unreadable-"),
    );
    expect(kept).toHaveLength(1);
    expect((await stat(join(state, ".pulumi", "stacks", "ckpt", kept[0]!))).size).toBe(0);

    await program("second");
    const up = await pulumi("up", "--yes", "--skip-preview");
    expect(up.code, up.stderr).toBe(0);
    expect((await pulumi("stack", "output", "release")).stdout.trim()).toBe("second");
  });
});
