import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { ApiClient } from "../../provider/api/client";
import type { StrategyInput } from "../../provider/model/strategy";
import { until } from "../support/until";
import { spawnUp } from "./chaos/campaign";
import { stackConfig, TestEmulator } from "./emulator-fixture";
import { changeReport, PulumiProject, REPO_ROOT, runProcess } from "./harness";

/**
 * The report behind recover's service-clock bound: another team (another backend, or the app)
 * makes a strategy of the same name and content on the same account a few seconds before a
 * `pulumi up` that is then killed with its create pending. recover must not import that
 * strategy (no stack recover can read holds it, and it has the content), so the stack's next
 * `destroy` cannot delete it. The bound recover checks is on the service's clock, taken from
 * the Date header of the killed update's answers, with no minute allowed for a clock running
 * behind.
 */

const NAME = "desk momentum";
const RULES = [
  { rule: "liquidity_usd", dealbreaker: true, min: 4200 },
  { rule: "has_website", dealbreaker: false },
];

const program = `import * as sa from "pulumi-strategy-alerts";
new sa.Strategy("momentum", {
  name: ${JSON.stringify(NAME)},
  triggers: ["new_token_created"],
  rules: ${JSON.stringify(RULES)},
});
`;

interface State {
  deployment: {
    resources?: { type: string; id?: string }[];
    pending_operations?: { type: string; resource: { type: string; inputs?: Record<string, unknown> } }[];
  };
}

async function stateOf(p: PulumiProject): Promise<State> {
  return JSON.parse(await p.exportState()) as State;
}

async function liveIds(client: ApiClient): Promise<string[]> {
  return (await client.strategies.list()).strategies.map((s) => s.id).sort();
}

describe.runIf(inject("pulumiBinDir"))(
  "recover against another team's twin made just before the killed update",
  () => {
    let emulator: TestEmulator;
    const projects: PulumiProject[] = [];

    beforeAll(async () => {
      emulator = await TestEmulator.start();
    });
    afterAll(async () => {
      for (const p of projects) await p.cleanup();
      await emulator?.close();
    });

    /** The other team's strategy, made `secondsBefore` seconds ago on the service's clock. */
    async function otherTeamsTwin(client: ApiClient, secondsBefore: number) {
      await emulator.control("POST", "/clock", { advanceMinutes: -secondsBefore / 60 });
      const theirs = await client.strategies.create({
        name: NAME,
        triggers: ["new_token_created"],
        rules: RULES,
        isActive: false,
      } as StrategyInput);
      await emulator.control("POST", "/clock", { advanceMinutes: secondsBefore / 60 });
      return theirs;
    }

    /** `pulumi up` killed (SIGKILL, every process it started) while its one POST /strategies is held. */
    async function killedUp(p: PulumiProject, fault: Record<string, unknown>) {
      await emulator.control("POST", "/faults", { method: "POST", path: "/strategies", count: 1, ...fault });
      const run = spawnUp(p);
      await until(async () => {
        const { faults } = await emulator.control<{ faults: unknown[] }>("GET", "/faults");
        return faults.length === 0;
      }, 90_000);
      let pending: NonNullable<State["deployment"]["pending_operations"]> = [];
      await until(async () => {
        const state = await stateOf(p).catch(() => undefined);
        pending = (state?.deployment.pending_operations ?? []).filter(
          (op) => op.type === "creating" && op.resource.type.endsWith(":Strategy"),
        );
        return pending.length === 1;
      }, 30_000);
      run.kill();
      await run.done;
      await emulator.control("DELETE", "/faults");
      return pending[0]!.resource.inputs ?? {};
    }

    async function recover(p: PulumiProject) {
      await p.run(["cancel", "--yes", "--stack", p.stack], { allowFailure: true });
      return runProcess(
        "node",
        [join(REPO_ROOT, "dist/cli/index.js"), "recover", "--yes", "--stack", p.stack],
        {
          cwd: p.dir,
          env: p.env,
        },
      );
    }

    it("clears a create that never reached the service rather than import the twin made 7 s before; destroy spares the twin", async () => {
      const user = await emulator.user("DEGEN");
      const p = await PulumiProject.create({
        name: "clock-cleared",
        program,
        config: stackConfig(emulator, user.apiKey),
      });
      projects.push(p);
      const theirs = await otherTeamsTwin(user.client, 7);

      // The POST is held, then dropped before the service applies it: the update made nothing.
      const inputs = await killedUp(p, { latencyMs: 25_000, drop: "before" });
      expect(await liveIds(user.client)).toEqual([theirs.id]);
      // The bound is on the service's clock, with its uncertainty, and the twin is older than it.
      const bound = Date.parse(String(inputs.createdNotBefore));
      expect(typeof inputs.createdNotBeforeUncertaintyMs).toBe("number");
      expect(Date.parse(theirs.createdAt)).toBeLessThan(bound);

      const recovered = await recover(p);
      expect(recovered.stderr).toBe("");
      expect(recovered.code).toBe(0);
      expect(recovered.stdout).toMatch(/^Strategy momentum: cleared \(no strategy of its content/m);
      expect(recovered.stdout).not.toContain(theirs.id);
      expect((await stateOf(p)).deployment.pending_operations ?? []).toEqual([]);

      await p.up();
      const ours = ((await stateOf(p)).deployment.resources ?? []).filter((r) =>
        r.type.endsWith(":Strategy"),
      );
      expect(ours).toHaveLength(1);
      expect(ours[0]!.id).not.toBe(theirs.id);
      expect(changeReport(await p.preview())).toEqual([]);
      await p.destroy();
      expect(await liveIds(user.client)).toEqual([theirs.id]);
    });
  },
);
