import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { untilGone } from "../support/process-table";
import { until } from "../support/until";
import { yamlHeader, yamlPortfolio } from "../support/yaml-program";
import { spawnUp } from "./chaos/campaign";
import { type JournalEntry, stackConfig, TestEmulator } from "./emulator-fixture";
import {
  BUILT_CLI,
  type CommandResult,
  type EngineEvent,
  type PulumiProject,
  REPO_ROOT,
  runProcess,
} from "./harness";
import {
  BEHAVIOUR_BUILD,
  exampleProgram,
  type PluginBuild,
  PROJECT,
  portfolioConfig,
  writeYamlProgram,
  yamlStack,
} from "./yaml-portfolio-fixture";

/**
 * What the project promises for its dynamic resources holds for the plugin's resources too, on
 * the YAML portfolio installed from the packed package: the pull-request review, the policy
 * pack's guardrails, the request costs of docs/request-costs.md, and the fault campaign's
 * invariants (a reduced campaign: faults injected into an up, an up killed mid-way).
 */

const STRATEGY_NAMES = ["Momentum", "Safety first", "Trusted developer launches"];
const PACK = join(REPO_ROOT, "examples/policy-pack");
const planned = (r: CommandResult) =>
  Object.fromEntries(Object.entries(r.changes).filter(([op]) => op !== "same")) as Record<string, number>;

function counts(entries: JournalEntry[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const e of entries) out[`${e.method} ${e.route}`] = (out[`${e.method} ${e.route}`] ?? 0) + 1;
  return out;
}
const reads = (c: Record<string, number>) =>
  Object.entries(c)
    .filter(([k]) => k.startsWith("GET "))
    .reduce((sum, [, v]) => sum + v, 0);

/** The stack's pending operations and the strategy ids its state records (sorted). */
async function stateOf(
  p: PulumiProject,
): Promise<{ pending: unknown[]; strategyIds: (string | undefined)[] }> {
  const state = JSON.parse(await p.exportState()) as {
    deployment: {
      pending_operations?: unknown[];
      resources?: { type: string; outputs?: { strategyId?: string } }[];
    };
  };
  const strategyIds = (state.deployment.resources ?? [])
    .filter((r) => r.type === "strategy-alerts:index:Strategy")
    .map((r) => r.outputs?.strategyId)
    .sort();
  return { pending: state.deployment.pending_operations ?? [], strategyIds };
}

/** The account holds exactly the declared portfolio once, the state agrees, and a preview is clean. */
async function expectConverged(p: PulumiProject, user: Awaited<ReturnType<TestEmulator["user"]>>) {
  const live = (await user.client.strategies.list()).strategies;
  expect(live.map((s) => s.name).sort()).toEqual(STRATEGY_NAMES);
  expect(live.every((s) => s.isActive)).toBe(true);
  expect((await stateOf(p)).strategyIds).toEqual(live.map((s) => s.id).sort());
  expect((await user.client.webhook.get()).url).toBe("http://127.0.0.1:9/alerts");
  expect(planned(await p.preview())).toEqual({});
}

/** The suite, run once per build of the plugin (one test file each, so they run side by side). */
export function yamlFrontDoorSuite(plugin: PluginBuild): void {
  describe.runIf(inject("pulumiBinDir"))(
    `the plugin's resources under the project's other promises (${plugin})`,
    () => {
      let emulator: TestEmulator;
      let example: string;
      const projects: PulumiProject[] = [];
      const dirs: string[] = [];

      async function stack(program?: string, user?: Awaited<ReturnType<TestEmulator["user"]>>) {
        const u = user ?? (await emulator.user("PRO"));
        const windowDir = await mkdtemp(join(tmpdir(), "psa-yaml-window-"));
        dirs.push(windowDir);
        const p = await yamlStack({
          plugin,
          program,
          config: await portfolioConfig(emulator, u),
          env: { STRATEGY_ALERTS_RATE_DIR: windowDir },
        });
        projects.push(p);
        return { user: u, p };
      }

      beforeAll(async () => {
        emulator = await TestEmulator.start();
        example = await exampleProgram();
      });
      afterAll(async () => {
        await Promise.all(projects.map((p) => p.cleanup()));
        await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
        await emulator?.close();
      });

      // What the plugin does: through the release binary only (BEHAVIOUR_BUILD says why); the
      // tests of its start, interrupt and kill, below, run through both builds.
      if (plugin === BEHAVIOUR_BUILD) {
        it("is recognised by `strategy-alerts review`: a preview of the YAML program lists its strategies", async () => {
          const { p } = await stack();
          const preview = await p.run(["preview", "--json", "--non-interactive", "--stack", p.stack]);
          // Fed on stdin, as a CI step pipes `pulumi preview --json` into the review.
          const review = await runProcess(join(p.dir, "node_modules/.bin/strategy-alerts"), ["review", "-"], {
            cwd: REPO_ROOT,
            env: p.env,
            input: preview.stdout,
          });
          expect(review.code, review.stderr).toBe(0);
          for (const name of STRATEGY_NAMES) expect(review.stdout).toContain(name);
          expect(review.stdout).not.toContain("strategy-alerts:apiKey");
        });

        it("is held to the policy pack's guardrails: an active strategy without the honeypot dealbreaker fails the preview", async () => {
          const { p } = await stack();
          const passing = await p.preview({ allowFailure: true, extraArgs: ["--policy-pack", PACK] });
          expect(passing.code, passing.stderr).toBe(0);
          const summary = passing.events.find(
            (e) => e.policyAnalyzeStackSummaryEvent,
          )?.policyAnalyzeStackSummaryEvent;
          expect(summary?.passed).toContain("honeypot-dealbreaker");

          const momentumHoneypot =
            "        - { rule: is_honeypot, dealbreaker: true, enabled: true }\n        - { rule: rugged";
          expect(example).toContain(momentumHoneypot);
          await writeYamlProgram(p, example.replace(momentumHoneypot, "        - { rule: rugged"));
          const failing = await p.preview({ allowFailure: true, extraArgs: ["--policy-pack", PACK] });
          expect(failing.code).not.toBe(0);
          const violations = failing.events
            .map((e: EngineEvent) => e.policyEvent)
            .filter((v): v is EngineEvent => Boolean(v) && v.policyName === "honeypot-dealbreaker");
          expect(violations).toHaveLength(1);
          expect(violations[0]?.enforcementLevel).toBe("mandatory");
          expect(String(violations[0]?.resourceUrn)).toMatch(/::momentum$/);
        });

        it("prints a hostile developer address escaped in its error: no raw escape sequence or bidi character", async () => {
          const { p } = await stack(
            yamlHeader(PROJECT) +
              [
                "resources:",
                "  hostile-dev:",
                "    type: strategy-alerts:index:FollowedDeveloper",
                "    properties:",
                // A window title, a bell and a right-to-left override, in YAML's own escapes.
                '      address: "x\\e]0;pwned\\a\\u202e"',
                "",
              ].join("\n"),
          );
          // Without --json: what a terminal or a CI log receives.
          const up = await p.run(
            ["up", "--yes", "--skip-preview", "--non-interactive", "--color", "never", "--stack", p.stack],
            { allowFailure: true },
          );
          expect(up.code).not.toBe(0);
          const output = up.stdout + up.stderr;
          // Refused at the check, by the service's address format, naming the field.
          expect(output).toContain("address must be a base58 wallet address");
          expect(output).toContain('got "x\\u001b]0;pwned\\u0007\\u202e"');
          // biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
          expect(output).not.toMatch(/[\u001b\u0007\u009b\u202a-\u202e\u2066-\u2069]/);
        });

        it("costs what docs/request-costs.md says: one write per changed resource and at most 2 reads per command", async () => {
          const user = await emulator.user("PRO");
          const n = 5;
          const windowDir = await mkdtemp(join(tmpdir(), "psa-yaml-window-"));
          dirs.push(windowDir);
          const p = await yamlStack({
            plugin,
            program: yamlPortfolio(PROJECT, n, 1000),
            config: stackConfig(emulator, user.apiKey),
            env: { STRATEGY_ALERTS_RATE_DIR: windowDir },
          });
          projects.push(p);
          const journalOf = async (run: () => Promise<unknown>) => {
            const before = (await emulator.journal(user.userId)).length;
            await run();
            return counts((await emulator.journal(user.userId)).slice(before));
          };

          const up = await journalOf(() => p.up());
          expect(up["POST /strategies"]).toBe(n);
          expect(up["POST /strategies/:id/activate"]).toBe(n);
          expect(reads(up)).toBeLessThanOrEqual(2);

          const preview = await journalOf(() => p.preview());
          expect(Object.keys(preview).every((k) => k.startsWith("GET "))).toBe(true);
          expect(reads(preview)).toBeLessThanOrEqual(2);

          expect(await journalOf(() => p.refresh())).toEqual({ "GET /me": 1, "GET /strategies": 1 });

          await writeYamlProgram(p, yamlPortfolio(PROJECT, n, 2000));
          const change = await journalOf(() => p.up());
          expect(change["PATCH /strategies/:id"]).toBe(n);
          expect(change["GET /strategies/:id"]).toBeUndefined();
          expect(reads(change)).toBeLessThanOrEqual(2);
          expect(Object.values(change).reduce((a, b) => a + b, 0)).toBe(n + reads(change));

          const destroy = await journalOf(() => p.destroy());
          expect(destroy["DELETE /strategies/:id"]).toBe(n);
          expect(destroy["POST /strategies/:id/deactivate"]).toBe(n);
          expect(reads(destroy)).toBeLessThanOrEqual(2);
        });

        it("converges after faults injected into an up (5xx, 429, answers lost after the write), with no duplicate", async () => {
          const { user, p } = await stack();
          // One fault per route, so each fires on the first request of its route.
          const faults = [
            { method: "GET", path: "/strategies", status: 503, count: 1 },
            { method: "POST", path: "/strategies/:id/activate", status: 429, retryAfterSeconds: 1, count: 1 },
            { method: "POST", path: "/strategies", drop: "after-commit", count: 1 },
            { method: "POST", path: "/devs/:address/add", drop: "after-commit", count: 1 },
            { method: "PUT", path: "/webhook", drop: "before", count: 1 },
          ];
          for (const f of faults) await emulator.control("POST", "/faults", f);
          const faulted = await p.up({ allowFailure: true });
          await emulator.control("DELETE", "/faults");
          const fired = (await emulator.journal(user.userId)).filter((e) => (e as { fault?: string }).fault);
          // The engine starts no new step after the first failure, so not every fault has its turn.
          expect(fired.length).toBeGreaterThanOrEqual(2);
          // What a pipeline retry does: plain ups until one succeeds (at most two).
          let code = faulted.code;
          for (let i = 0; code !== 0 && i < 2; i++) code = (await p.up({ allowFailure: true })).code;
          expect(code).toBe(0);
          await expectConverged(p, user);
        });
      }

      it("stops cleanly on Ctrl-C mid-up: the creates in flight finish and are recorded, no plugin is left, and the next up converges", async () => {
        const { user, p } = await stack();
        // Slow creates, so the interrupt lands while some are in flight.
        const slow = await emulator.control<{ id: string }>("POST", "/faults", {
          method: "POST",
          path: "/strategies",
          latencyMs: 4000,
          count: 3,
        });
        const run = spawnUp(p);
        // A create has arrived and is held: the journal shows it only once answered, too late
        // on a loaded machine, where the answers can all be in before the interrupt.
        await until(async () => {
          const { faults } = await emulator.control<{ faults: { id: string; fired: number }[] }>(
            "GET",
            "/faults",
          );
          const fault = faults.find((f) => f.id === slow.id);
          return fault === undefined || fault.fired > 0;
        });
        const started = run.interrupt();
        const interrupted = await run.done;
        await emulator.control("DELETE", "/faults");
        expect(interrupted.code).not.toBe(0);
        // The engine cancels the provider, waits for the steps in flight and records them: nothing
        // is pending, every strategy the service made is in the state.
        const state = await stateOf(p);
        expect(state.pending).toEqual([]);
        expect(state.strategyIds).toEqual(
          (await user.client.strategies.list()).strategies.map((s) => s.id).sort(),
        );
        expect(await untilGone(started, 10_000)).toEqual([]);
        await p.up();
        await expectConverged(p, user);
      });

      it("converges after an up killed mid-way: cancel, strategy-alerts recover and up leave the portfolio once, and destroy removes it", async () => {
        const { user, p } = await stack();
        const run = spawnUp(p);
        await until(
          async () => (await emulator.journal(user.userId)).filter((e) => e.method !== "GET").length >= 2,
        );
        run.kill();
        await run.done;
        await p.run(["cancel", "--yes", "--stack", p.stack], { allowFailure: true });
        // The sequence docs/reliability.md gives: recover settles the plugin's pending creates too.
        const recover = (...args: string[]) =>
          runProcess("node", [BUILT_CLI, "recover", "--yes", "--stack", p.stack, ...args], {
            cwd: p.dir,
            env: p.env,
          });
        let recovered = await recover();
        if (recovered.code !== 0) {
          // A webhook or developer the killed update may have written is listed, never taken by
          // itself (nothing shows this update wrote it); strategies are settled without a person.
          // This stack is the account's only one: the person names them.
          expect(recovered.stdout).not.toMatch(/^Strategy .*: left pending/m);
          const named = [...recovered.stdout.matchAll(/rerun with --adopt (\S+?);/g)].map((m) => m[1]!);
          expect(named.length, recovered.stdout).toBeGreaterThan(0);
          recovered = await recover(...named.flatMap((id) => ["--adopt", id]));
        }
        expect(recovered.code, recovered.stdout + recovered.stderr).toBe(0);
        await p.up();
        await expectConverged(p, user);

        await p.destroy();
        expect((await user.client.strategies.list()).strategies).toEqual([]);
      });
    },
  );
}
