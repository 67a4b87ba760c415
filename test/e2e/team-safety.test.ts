import { describe, expect, inject, it } from "vitest";
import type { ApiClient } from "../../provider/api/client";
import { until } from "../support/until";
import { yamlPortfolio } from "../support/yaml-program";
import { spawnUp } from "./chaos/campaign";
import { stackConfig } from "./emulator-fixture";
import { emulatorFile } from "./file-fixture";
import { changeReport, once, type PulumiProject } from "./harness";
import { cancelAndRecover, liveIds, stateOf, strategyIdsOf } from "./killed-up-fixture";
import { allText, portfolio } from "./portfolio-program";
import { BEHAVIOUR_BUILD } from "./yaml-portfolio-fixture";

/**
 * How teams share one account: two stacks of one program (per-person test stacks, staging next to
 * production), a stack pointed at another account's key, and an `up` killed mid-create. Through
 * both front doors (YAML through the release binary), with the real engine against the emulator.
 */

describe.runIf(inject("pulumiBinDir"))("teams sharing one account", () => {
  const file = emulatorFile();

  /**
   * A team's first stack of each door, applied once on an account of its own: the two-stacks test
   * adds a second stack beside it and leaves it whole, and the wrong-key test then points it at
   * another account's key (each restores what it changed, as its assertions prove).
   */
  const firstStack = {
    typescript: once(async () => {
      const user = await file.emulator.user("DEGEN");
      const first = await file.project(user, { name: "team-ts", program: portfolio(3, 1000) });
      await first.up();
      return { user, first };
    }),
    yaml: once(async () => {
      const user = await file.emulator.user("DEGEN");
      const first = await file.yaml(user, {
        plugin: BEHAVIOUR_BUILD,
        program: yamlPortfolio("team-yaml", 2, 1000),
      });
      await first.up();
      return { user, first };
    }),
  };

  /** Two stacks of `first`'s project (applied) on one account: each up creates its own; one destroy leaves the other whole. */
  async function twoStacks(
    first: PulumiProject,
    client: ApiClient,
    apiKey: string,
    perStack: number,
    others: number,
  ) {
    const firstIds = await strategyIdsOf(first);
    expect(firstIds).toHaveLength(perStack);

    const second = await first.anotherStack("dev2", stackConfig(file.emulator, apiKey));
    const up = await second.up();
    // The strategies, the activation, the stack (and a TypeScript stack's account pin).
    expect(up.changes.create).toBe(perStack + others);
    const secondIds = await strategyIdsOf(second);
    expect(secondIds).toHaveLength(perStack);
    expect(secondIds.filter((id) => firstIds.includes(id))).toEqual([]);
    expect(await liveIds(client)).toEqual([...firstIds, ...secondIds].sort());

    await second.destroy();
    expect(await liveIds(client)).toEqual(firstIds);
    expect(await strategyIdsOf(first)).toEqual(firstIds);
    const { strategies } = await client.strategies.list();
    expect(strategies.every((s) => s.isActive)).toBe(true);
    expect(changeReport(await first.preview())).toEqual([]);
  }

  it("TypeScript: a second stack of the same program creates its own strategies and its destroy spares the first's", async () => {
    const { user, first } = await firstStack.typescript();
    await twoStacks(first, user.client, user.apiKey, 3, 3);
  });

  // What the plugin does, through the release binary only (BEHAVIOUR_BUILD says why: the script
  // plugin runs the same code behind another launcher).
  it(`YAML (${BEHAVIOUR_BUILD}): a second stack of the same program creates its own strategies and its destroy spares the first's`, async () => {
    const { user, first } = await firstStack.yaml();
    await twoStacks(first, user.client, user.apiKey, 2, 2);
  });

  it("a key of another account fails preview, up and refresh naming both accounts, and the state keeps every resource", async () => {
    const { user: owner, first: p } = await firstStack.typescript();
    const stranger = await file.emulator.user("DEGEN");
    const before = await strategyIdsOf(p);
    const wrongKey = { env: { STRATEGY_ALERTS_API_KEY: stranger.apiKey }, allowFailure: true };

    for (const result of [
      await p.preview(wrongKey),
      await p.up(wrongKey),
      await p.refresh(wrongKey),
      // The harness confirms everything; a preview-only refresh takes no confirmation at all.
      await p.run(["refresh", "--preview-only", "--non-interactive", "--stack", p.stack], {
        ...wrongKey,
        env: { ...wrongKey.env, PULUMI_SKIP_CONFIRMATIONS: "false" },
      }),
    ]) {
      expect(result.code).not.toBe(0);
      const text = allText(result);
      expect(text).toContain(`belongs to account ${owner.userId}`);
      expect(text).toContain(`belongs to account ${stranger.userId}`);
      expect(text).not.toContain(stranger.apiKey);
      expect(text).not.toContain(owner.apiKey);
    }
    expect(await strategyIdsOf(p)).toEqual(before);
    expect(await liveIds(owner.client)).toEqual(before);
    expect(await liveIds(stranger.client)).toEqual([]);
    // With its own key again, the stack is exactly as it was.
    expect(changeReport(await p.preview())).toEqual([]);
  });

  it(`YAML (${BEHAVIOUR_BUILD}): a provider configured with another account's key fails the preview naming both accounts`, async () => {
    const { user: owner, first: p } = await firstStack.yaml();
    const stranger = await file.emulator.user("DEGEN");
    await p.setConfig("strategy-alerts:apiKey", stranger.apiKey, true);
    const preview = await p.preview({ allowFailure: true });
    expect(preview.code).not.toBe(0);
    expect(allText(preview)).toContain(`belongs to account ${owner.userId}`);
    expect(allText(preview)).toContain(`belongs to account ${stranger.userId}`);
    await p.setConfig("strategy-alerts:apiKey", owner.apiKey, true);
    expect(changeReport(await p.preview())).toEqual([]);
  });

  it("a killed `up`: cancel, `strategy-alerts recover --yes`, `up` leave each strategy once and nothing pending", async () => {
    const { emulator } = file;
    const user = await emulator.user("DEGEN");
    const p = await file.project(user, { name: "team-killed", program: portfolio(4, 1000) });
    // Slow creates: the run is killed while some are committed and some are still in flight.
    await emulator.control("POST", "/faults", {
      method: "POST",
      path: "/strategies",
      latencyMs: 2500,
      count: 2,
    });
    await emulator.clearJournal();
    const run = spawnUp(p);
    await until(async () =>
      (await emulator.journal(user.userId)).some((r) => r.route === "/strategies" && r.status === 201),
    );
    run.kill();
    await run.done;
    await emulator.control("DELETE", "/faults");
    // The creates in flight still commit on the service after the kill.
    await new Promise((r) => setTimeout(r, 3_000));
    // A kill that lands while the engine writes its checkpoint leaves the stack unloadable (an
    // empty attributes file beside it): `cancel` fails too, and recover repairs the file and
    // releases the killed update's lock first (test/e2e/recover-checkpoint.test.ts).
    const killed = await stateOf(p).catch(() => undefined);
    if (killed) expect(killed.deployment.pending_operations?.length ?? 0).toBeGreaterThan(0);

    const recovered = await cancelAndRecover(p);
    expect(recovered.stderr).toBe("");
    expect(recovered.code).toBe(0);
    expect(recovered.stdout).toContain("Recovered");
    if (!killed) expect(recovered.stdout).toMatch(/^(Restored it from|Set it aside as) /m);
    expect((await stateOf(p)).deployment.pending_operations ?? []).toEqual([]);

    await p.up();
    const live = (await user.client.strategies.list()).strategies;
    expect(live.map((s) => s.name).sort()).toEqual([0, 1, 2, 3].map((i) => `s strategy ${i}`));
    expect(await strategyIdsOf(p)).toEqual(live.map((s) => s.id).sort());
    expect(changeReport(await p.preview())).toEqual([]);
  });
});
