import { readdir, rm, truncate } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { stackConfig, TestEmulator } from "./emulator-fixture";
import { BUILT_CLI, changeReport, PulumiProject, runProcess } from "./harness";

/**
 * `strategy-alerts recover` restores an unreadable checkpoint from the newest copy Pulumi kept;
 * that copy can predate creates that did happen, recorded only in the lost checkpoint. Here an
 * `up` creates two strategies more, and then the checkpoint is lost with every copy written
 * since the update before (as checkpoint-repair's tests simulate a kill: the file emptied), so
 * the copy recover restores holds one strategy of three. recover must name that copy, list the
 * two strategies it cannot vouch for, and not say the next `up` is safe.
 */

function portfolio(n: number): string {
  const items = Array.from(
    { length: n },
    (_, i) => `const s${i} = new sa.Strategy("s${i}", {
  name: "restored strategy ${i}",
  triggers: ["new_token_created"],
  rules: [{ rule: "liquidity_usd", dealbreaker: true, min: ${2000 + i} }],
});`,
  ).join("\n");
  return `import * as sa from "pulumi-strategy-alerts";
${items}
`;
}

/** Every file under `dir`, relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(dir.length + 1));
}

interface State {
  deployment: { resources?: { type: string; id?: string }[] };
}

describe.runIf(inject("pulumiBinDir"))("recover restoring a copy older than the lost checkpoint", () => {
  let emulator: TestEmulator;
  let project: PulumiProject | undefined;

  beforeAll(async () => {
    emulator = await TestEmulator.start();
  });
  afterAll(async () => {
    await project?.cleanup();
    await emulator?.close();
  });

  it("lists the strategies created since the restored copy, held by no stack, and does not claim the next up is safe", async () => {
    const user = await emulator.user("DEGEN");
    project = await PulumiProject.create({
      name: "restored",
      program: portfolio(1),
      config: stackConfig(emulator, user.apiKey),
    });
    const p = project;
    const state = join(p.dir, ".state");
    await p.up();
    const afterFirst = new Set(await filesUnder(state));

    await p.writeProgram(portfolio(3));
    await p.up();
    const ids = (JSON.parse(await p.exportState()) as State).deployment.resources
      ?.filter((r) => r.type.endsWith(":Strategy"))
      .map((r) => r.id!);
    expect(ids).toHaveLength(3);
    const [first, ...lost] = ids!;

    // The lost checkpoint: emptied, with the .bak and the backups the second up wrote gone too.
    const checkpoint = join(state, ".pulumi", "stacks", "restored", "dev.json");
    for (const file of await filesUnder(state)) {
      const own = file.startsWith(join(".pulumi", "stacks", "restored", "dev.json"));
      if (
        file.endsWith("dev.json.bak") ||
        file.endsWith("dev.json.bak.attrs") ||
        (!own && !afterFirst.has(file))
      )
        await rm(join(state, file));
    }
    await truncate(checkpoint, 0);
    const broken = await p.run(["stack", "export", "--stack", p.stack], { allowFailure: true });
    expect(broken.stderr).toContain("failed to load checkpoint");

    const recovered = await runProcess("node", [BUILT_CLI, "recover", "--yes", "--stack", p.stack], {
      cwd: p.dir,
      env: p.env,
    });
    expect(recovered.code, recovered.stderr).toBe(1);
    const copy = /Restored it from (\S+), written (\S+);/.exec(recovered.stdout);
    expect(copy?.[1]).toMatch(
      /\/\.pulumi\/(backups|history)\/restored\/dev\/dev[.-]\d+(\.checkpoint)?\.json$/,
    );
    expect(recovered.stdout).toContain(
      `The stack's state is now the copy ${copy?.[1]}, written ${copy?.[2]}`,
    );
    for (const id of lost!)
      expect(recovered.stdout).toMatch(
        new RegExp(
          `^Strategy ${id} "restored strategy \\d" \\(created [^)]+\\), held by no stack: may have been created by the lost part of the update: adopt it \\(adopt: "${id}" on the resource\\) or delete it before the next \`pulumi up\`\\.$`,
          "m",
        ),
      );
    expect(recovered.stdout).not.toContain(`Strategy ${first} `);
    expect(recovered.stdout).not.toContain("creates only what does not exist");
    expect(recovered.stdout.trim().split("\n").at(-1)).toContain(
      "may create again the 2 strategies listed above",
    );
    expect(recovered.stderr).toContain("restored from an older copy");

    // The stack loads again, as the copy holds it: the first strategy only.
    const restored = JSON.parse(await p.exportState()) as State;
    expect(
      restored.deployment.resources?.filter((r) => r.type.endsWith(":Strategy")).map((r) => r.id),
    ).toEqual([first]);
    // Following the advice (delete them), the next up makes each once more: three strategies, no duplicate.
    for (const id of lost!) await user.client.strategies.delete(id);
    await p.up();
    expect((await user.client.strategies.list()).strategies).toHaveLength(3);
    expect(changeReport(await p.preview())).toEqual([]);
  });
});
