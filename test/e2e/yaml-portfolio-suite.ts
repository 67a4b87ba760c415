import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEV_ALICE, DEV_BOB } from "../support/import-account";
import { yamlHeader } from "../support/yaml-program";
import { type JournalEntry, stackConfig, TestEmulator } from "./emulator-fixture";
import { type CommandResult, type PulumiProject, runProcess } from "./harness";
import { allText } from "./portfolio-program";
import {
  BEHAVIOUR_BUILD,
  editProgram,
  exampleProgram,
  nameOf,
  type PluginBuild,
  PROJECT,
  portfolioConfig,
  previewDocument,
  previewedStrategyChanges,
  withRaisedThreshold,
  writeYamlProgram,
  yamlStack,
} from "./yaml-portfolio-fixture";

/**
 * examples/yaml-portfolio under the real engine, with the package packed and installed outside
 * the repository (yaml-portfolio-fixture.ts): the plugin's check, diff, create, read, update,
 * delete and import, and two accounts in one program. Each test builds its own account and stack.
 */

const STRATEGY_NAMES = ["Safety first", "Momentum", "Trusted developer launches"];
const WRITE = (e: JournalEntry) => e.method !== "GET";
const planned = (r: CommandResult) =>
  Object.fromEntries(Object.entries(r.changes).filter(([op]) => op !== "same")) as Record<string, number>;

/** The suite, run once per build of the plugin (one test file each, so they run side by side). */
export function yamlPortfolioSuite(plugin: PluginBuild): void {
  describe.runIf(inject("pulumiBinDir"))(`the YAML portfolio through the provider plugin (${plugin})`, () => {
    let emulator: TestEmulator;
    let example: string;
    const projects: PulumiProject[] = [];

    /** A fresh PRO account with the example applied (or only configured, with `apply: false`). */
    async function portfolio(
      opts: { apply?: boolean; program?: string; limits?: Record<string, number> } = {},
    ) {
      const user = await emulator.user("PRO", { requestsPerMinute: 10_000, ...opts.limits });
      const p = await yamlStack({
        plugin,
        program: opts.program,
        config: await portfolioConfig(emulator, user),
      });
      projects.push(p);
      if (opts.apply !== false) await p.up();
      return { user, p };
    }

    beforeAll(async () => {
      emulator = await TestEmulator.start();
      example = await exampleProgram();
    });
    afterAll(async () => {
      await Promise.all(projects.map((p) => p.cleanup()));
      await emulator?.close();
    });

    it("previews, applies and previews no change, with the webhook secret a Pulumi secret", async () => {
      const { user, p } = await portfolio({ apply: false });
      const preview = await p.preview();
      expect(preview.changes.create).toBe(8); // the stack and seven resources
      expect((await emulator.journal(user.userId)).filter(WRITE)).toEqual([]);

      const up = await p.up();
      expect(up.changes.create).toBe(8);
      const live = (await user.client.strategies.list()).strategies;
      expect(live.map((s) => s.name).sort()).toEqual([...STRATEGY_NAMES].sort());
      expect(live.every((s) => s.isActive)).toBe(true);
      const dev = (await user.client.devs.list({ limit: 100 })).developers;
      expect(dev.map((d) => [d.address, d.alias])).toEqual([
        ["5p2hWfGq8V7aZ9kNnR3sT4uX6yB1cD2eF3gH4jK5mL6", "trusted launcher"],
      ]);
      expect((await user.client.devs.getTags(dev[0]!.address)).tagIds).toHaveLength(2);
      const launches = live.find((s) => s.name === "Trusted developer launches");
      expect(launches?.triggerConfigs).toMatchObject({
        followed_dev_new_token_created: { scope: "wallet", developerAddress: dev[0]!.address },
      });

      const outputs = await p.outputs();
      expect(Object.values(outputs.strategyIds as Record<string, string>).sort()).toEqual(
        live.map((s) => s.id).sort(),
      );
      expect(outputs.followedDeveloper).toBe(dev[0]!.address);
      const secret = outputs.webhookSecret;
      expect(typeof secret).toBe("string");
      expect((secret as string).length).toBeGreaterThan(8);
      const state = await p.exportState();
      const backend = await p.backendFiles();
      for (const text of [state, backend, up.stdout, up.stderr]) {
        expect(text).not.toContain(secret);
        expect(text).not.toContain(user.apiKey);
      }

      const noChange = await p.preview();
      expect(planned(noChange)).toEqual({});
    });

    // What the plugin does: through the release binary only (BEHAVIOUR_BUILD says why).
    if (plugin === BEHAVIOUR_BUILD) {
      it("fails the preview of a bad rule naming rules[i]…, and of an active set over the plan's limit, writing nothing", async () => {
        // Well-typed for the schema (so Pulumi YAML's own type check passes it), wrong for the
        // service: quality-wallet rules cannot be dealbreakers. The plugin's check names the path.
        const bad = editProgram(
          example,
          "- rule: quality_wallet_count\n          dealbreaker: false",
          "- rule: quality_wallet_count\n          dealbreaker: true",
        );
        const { user, p } = await portfolio({ apply: false, program: bad });
        const rejected = await p.preview({ allowFailure: true });
        expect(rejected.code).not.toBe(0);
        const failure = rejected.diagnostics.find(
          (d) => d.severity === "error" && /rules\[6\]\.dealbreaker/.test(d.message),
        );
        expect(failure?.message).toContain("quality_wallet_count cannot be a dealbreaker");
        expect(failure?.urn).toMatch(/::momentum$/);

        const small = await portfolio({ apply: false, limits: { active: 2 } });
        const overLimit = await small.p.preview({ allowFailure: true });
        expect(overLimit.code).not.toBe(0);
        expect(allText(overLimit)).toMatch(
          /the PRO plan allows 2 active strategies, but this update would make 3 active/,
        );
        for (const u of [user, small.user])
          expect((await emulator.journal(u.userId)).filter(WRITE)).toEqual([]);
      });

      it("sees a reorder as no change and one changed threshold as exactly one path of the step's detailedDiff, at the program's index", async () => {
        const { user, p } = await portfolio();
        const reordered = editProgram(
          editProgram(
            example,
            "        - { rule: is_honeypot, dealbreaker: true, enabled: true }\n        - { rule: is_mintable, dealbreaker: true, enabled: true }\n",
            "        - { rule: is_mintable, dealbreaker: true, enabled: true }\n        - { rule: is_honeypot, dealbreaker: true, enabled: true }\n",
          ),
          "triggers: [microblog_mention_direct, token_almost_graduated]",
          "triggers: [token_almost_graduated, microblog_mention_direct]",
        );
        await writeYamlProgram(p, reordered);
        const same = await previewDocument(p);
        expect(same.code, same.stderr).toBe(0);
        expect(same.steps.filter((s) => s.op !== "same")).toEqual([]);

        await writeYamlProgram(p, withRaisedThreshold(reordered));
        const steps = await previewedStrategyChanges(p);
        expect(steps.map((s) => [s.op, nameOf(s.urn)])).toEqual([["update", "safety-first"]]);
        // The ninth rule the program writes; in the canonical (sorted) order it would be rules[6].
        expect(Object.keys(steps[0]?.detailedDiff ?? {})).toEqual(["rules[8].min"]);
        expect(JSON.stringify(steps[0]?.detailedDiff)).toMatch(/"kind":"update"/i);
        expect(
          (await emulator.journal(user.userId)).filter(WRITE).filter((e) => e.method === "PATCH"),
        ).toEqual([]);
      });

      it("restores on the next up what was changed in the app and refreshed, and destroy leaves nothing behind", async () => {
        const { user, p } = await portfolio();
        const momentum = (await user.client.strategies.list()).strategies.find((s) => s.name === "Momentum")!;
        const declared = momentum.description;
        await user.client.strategies.update(momentum.id, { description: "edited in the app" });

        await p.refresh();
        const drift = await p.preview();
        const strategyUpdates = drift.steps.filter(
          (s) => s.op === "update" && s.type === "strategy-alerts:index:Strategy",
        );
        expect(strategyUpdates.map((s) => [nameOf(s.urn), s.diffs])).toEqual([["momentum", ["description"]]]);
        await p.up();
        expect((await user.client.strategies.get(momentum.id)).description).toBe(declared);
        expect(planned(await p.preview())).toEqual({});

        const destroy = await p.destroy();
        expect(destroy.changes.delete).toBe(8);
        expect((await user.client.strategies.list()).strategies).toEqual([]);
        // The portfolio's webhook never verified (requireVerified: false, nothing listens there):
        // nothing proves it is still the one the stack wrote, so the destroy leaves it and says so.
        expect((await user.client.webhook.get()).url).toBe("http://127.0.0.1:9/alerts");
        expect(allText(destroy)).toContain("this resource never saw it verified");
        const devs = (await user.client.devs.list({ limit: 100 })).developers;
        expect(devs.every((d) => d.isActive === false)).toBe(true);
        for (const d of devs) expect((await user.client.devs.getTags(d.address)).tagIds).toEqual([]);
      });

      it("imports a strategy made in the app as YAML that, pasted into the program, previews as no change", async () => {
        const user = await emulator.user("PRO");
        const made = await user.client.strategies.create({
          name: "Made in the app",
          description: "Graduations with volume behind them.",
          triggers: ["token_graduated", "new_token_created"],
          rules: [
            { rule: "is_honeypot", dealbreaker: true, enabled: true },
            { rule: "liquidity_usd", dealbreaker: false, min: 2500 },
            { rule: "volume_24h", dealbreaker: false, config: { windows: { "5m": 1000 } } },
            { rule: "risk_level", dealbreaker: true, value: "MEDIUM" },
          ],
          alertCooldownMins: 15,
          isActive: false,
        } as never);
        const program = yamlHeader(PROJECT);
        const p = await yamlStack({ plugin, program, config: stackConfig(emulator, user.apiKey) });
        projects.push(p);

        const imported = await p.run([
          "import",
          "strategy-alerts:index:Strategy",
          "made-in-the-app",
          made.id,
          "--yes",
          "--non-interactive",
          "--stack",
          p.stack,
        ]);
        const yaml = imported.stdout.slice(imported.stdout.indexOf("resources:"));
        // Pulumi's YAML code generator writes the index module's types as `strategy-alerts:Strategy`.
        expect(yaml).toMatch(/type: strategy-alerts:(index:)?Strategy\n/);
        expect(yaml).toContain("Made in the app");
        await writeYamlProgram(p, `${program}${yaml}`);
        const after = await p.preview();
        expect(planned(after)).toEqual({});
        expect(after.steps.map((s) => nameOf(s.urn))).toContain("made-in-the-app");
        expect((await emulator.journal(user.userId)).filter(WRITE)).toHaveLength(1); // the create above
      });

      it("imports a whole account with `pulumi import --file`, and the generated program previews as no change", async () => {
        const user = await emulator.user("PRO");
        // The API never returns trigger configs (docs/spec-decisions.md), so the account's strategies
        // use triggers that take none; everything else a strategy holds is here, object rules included.
        const devTags = (await user.client.devs.tags()).tags;
        const strategyIds: string[] = [];
        for (const body of [
          {
            name: "Safety first",
            description: 'Clean launches only: no "rugs".',
            triggers: ["new_token_created", "token_graduated"],
            rules: [
              { rule: "is_honeypot", dealbreaker: true, enabled: true },
              { rule: "risk_level", dealbreaker: true, value: "MEDIUM" },
              { rule: "liquidity_usd", dealbreaker: false, min: 5000, max: 900000 },
            ],
            alertCooldownMins: 45,
            isActive: true,
          },
          {
            name: "Momentum",
            triggers: ["token_almost_graduated"],
            rules: [
              { rule: "volume_24h", dealbreaker: false, config: { windows: { "5m": 5000, "1h": 40000 } } },
              {
                rule: "quality_wallet_count",
                dealbreaker: false,
                config: { minWallets: 3, walletTypes: ["kol"] },
              },
              {
                rule: "coordinated_wallet_cluster",
                dealbreaker: false,
                clusterConfig: { maxTotalHeldPct: 20, maxSingleClusterPct: 8, maxClusterRisk: "medium" },
              },
            ],
            matching: { enabled: true, minPercent: 70 },
            isActive: false,
          },
        ]) {
          strategyIds.push((await user.client.strategies.create(body as never)).id);
        }
        await user.client.devs.add(DEV_ALICE, { alias: "Alice the deployer" });
        await user.client.devs.add(DEV_BOB, {});
        await user.client.devs.setTags(DEV_ALICE, [devTags[0]!.id, devTags[1]!.id]);
        await user.client.webhook.put({ enabled: true, url: "http://127.0.0.1:9/hook" });
        const devs = (await user.client.devs.list({ limit: 100 })).developers;
        const resources = [
          ...strategyIds.map((id, i) => ({
            type: "strategy-alerts:index:Strategy",
            name: `strategy-${i}`,
            id,
          })),
          ...devs.flatMap((d, i) => [
            { type: "strategy-alerts:index:FollowedDeveloper", name: `developer-${i}`, id: d.address },
            { type: "strategy-alerts:index:DeveloperTags", name: `developer-${i}-tags`, id: d.address },
          ]),
          { type: "strategy-alerts:index:Webhook", name: "webhook", id: "webhook" },
          { type: "strategy-alerts:index:StrategyActivation", name: "active-set", id: "active-set" },
        ];
        const program = yamlHeader(PROJECT);
        const p = await yamlStack({ plugin, program, config: stackConfig(emulator, user.apiKey) });
        projects.push(p);
        const file = join(p.dir, "import.json");
        await writeFile(file, JSON.stringify({ resources }, null, 2));
        const writesBefore = (await emulator.journal(user.userId)).filter(WRITE).length;

        const generated = join(p.dir, "imported.yaml");
        await pulumiImport(p, file, generated);
        const state = JSON.parse(await p.exportState()) as { deployment: { resources: { type: string }[] } };
        const types = state.deployment.resources
          .map((r) => r.type)
          .filter((t) => t.startsWith("strategy-alerts:"));
        expect(types.filter((t) => t.endsWith(":Strategy"))).toHaveLength(strategyIds.length);
        expect(types).toHaveLength(resources.length);

        const yaml = await readFile(generated, "utf8");
        await writeYamlProgram(p, `${program}${yaml.slice(yaml.indexOf("resources:"))}`);
        const after = await p.preview();
        expect(planned(after)).toEqual({});
        expect((await emulator.journal(user.userId)).filter(WRITE)).toHaveLength(writesBefore);
      });

      it("adopts a whole account through what `strategy-alerts import` writes: the YAML program and the `pulumi import --file` document", async () => {
        const user = await emulator.user("PRO", { requestsPerMinute: 10_000 });
        const devTags = (await user.client.devs.tags()).tags;
        const made = await user.client.strategies.create({
          name: 'Imported "as is"',
          triggers: ["new_token_created"],
          rules: [
            { rule: "is_honeypot", dealbreaker: true, enabled: true },
            { rule: "liquidity_usd", dealbreaker: false, min: 5000 },
            { rule: "volume_24h", dealbreaker: false, config: { windows: { "1h": 40000 } } },
          ],
          isActive: true,
        } as never);
        await user.client.devs.add(DEV_ALICE, { alias: "Alice the deployer" });
        await user.client.devs.setTags(DEV_ALICE, [devTags[0]!.id]);
        await user.client.webhook.put({ enabled: true, url: "http://127.0.0.1:9/hook" });
        const strategiesBefore = (await user.client.strategies.list()).strategies.map((s) => s.id);

        // The installed command, as a user runs it from their project.
        const p = await yamlStack({
          plugin,
          program: yamlHeader(PROJECT),
          config: stackConfig(emulator, user.apiKey),
        });
        projects.push(p);
        const cliEnv = {
          ...p.env,
          STRATEGY_ALERTS_API_KEY: user.apiKey,
          STRATEGY_ALERTS_BASE_URL: emulator.baseUrl,
        };
        const cli = (args: string[]) =>
          runProcess(join(p.dir, "node_modules/.bin/strategy-alerts"), args, { cwd: p.dir, env: cliEnv });

        const program = await cli(["import", "--language", "yaml", "--name", PROJECT, "--out", "generated"]);
        expect(program.code, program.stderr).toBe(0);
        await writeYamlProgram(p, await readFile(join(p.dir, "generated/Pulumi.yaml"), "utf8"));
        const writesBefore = (await emulator.journal(user.userId)).filter(WRITE).length;
        await p.up();
        const adoptWrites = (await emulator.journal(user.userId)).filter(WRITE).slice(writesBefore);
        expect(adoptWrites.filter((e) => e.method === "POST" && e.route === "/strategies")).toEqual([]);
        expect((await user.client.strategies.list()).strategies.map((s) => s.id)).toEqual(strategiesBefore);
        expect(planned(await p.preview())).toEqual({});

        // The import document, in a second project of the same account.
        const q = await yamlStack({
          plugin,
          program: yamlHeader(PROJECT),
          config: stackConfig(emulator, user.apiKey),
        });
        projects.push(q);
        const doc = await runProcess(
          join(q.dir, "node_modules/.bin/strategy-alerts"),
          ["import", "--format", "pulumi-import", "--out", "import.json"],
          {
            cwd: q.dir,
            env: {
              ...q.env,
              STRATEGY_ALERTS_API_KEY: user.apiKey,
              STRATEGY_ALERTS_BASE_URL: emulator.baseUrl,
            },
          },
        );
        expect(doc.code, doc.stderr).toBe(0);
        const { resources } = JSON.parse(await readFile(join(q.dir, "import.json"), "utf8")) as {
          resources: { type: string; id: string }[];
        };
        expect(resources.find((r) => r.type === "strategy-alerts:index:Strategy")?.id).toBe(made.id);
        const generated = join(q.dir, "imported.yaml");
        const writesBeforeImport = (await emulator.journal(user.userId)).filter(WRITE).length;
        await pulumiImport(q, "import.json", generated);
        const yaml = await readFile(generated, "utf8");
        await writeYamlProgram(q, `${yamlHeader(PROJECT)}${yaml.slice(yaml.indexOf("resources:"))}`);
        expect(planned(await q.preview())).toEqual({});
        expect((await emulator.journal(user.userId)).filter(WRITE)).toHaveLength(writesBeforeImport);
      });

      it("manages two accounts of different plans through two explicit providers, each paced at its own plan's rate", async () => {
        const pro = await emulator.user("PRO", { requestsPerMinute: 4 });
        const degen = await emulator.user("DEGEN", { requestsPerMinute: 8 });
        const strategy = (name: string, provider: string) => `  ${name}:
    type: strategy-alerts:index:Strategy
    properties:
      name: ${name}
      triggers: [new_token_created]
      rules:
        - { rule: is_honeypot, dealbreaker: true, enabled: true }
    options:
      provider: \${${provider}}
`;
        const program = `${yamlHeader(
          PROJECT,
          "  proKey:\n    type: string\n    secret: true\n  degenKey:\n    type: string\n    secret: true\n  apiUrl:\n    type: string\n",
        )}resources:
  pro-account:
    type: pulumi:providers:strategy-alerts
    properties:
      apiKey: \${proKey}
      baseUrl: \${apiUrl}
  degen-account:
    type: pulumi:providers:strategy-alerts
    properties:
      apiKey: \${degenKey}
      baseUrl: \${apiUrl}
${strategy("pro-a", "pro-account")}${strategy("pro-b", "pro-account")}${strategy("degen-a", "degen-account")}${strategy("degen-b", "degen-account")}  pro-active:
    type: strategy-alerts:index:StrategyActivation
    properties:
      strategyIds: ["\${pro-a.strategyId}", "\${pro-b.strategyId}"]
    options:
      provider: \${pro-account}
  degen-active:
    type: strategy-alerts:index:StrategyActivation
    properties:
      strategyIds: ["\${degen-a.strategyId}", "\${degen-b.strategyId}"]
    options:
      provider: \${degen-account}
`;
        const p = await yamlStack({
          plugin,
          program,
          config: {
            [`${PROJECT}:proKey`]: { value: pro.apiKey, secret: true },
            [`${PROJECT}:degenKey`]: { value: degen.apiKey, secret: true },
            [`${PROJECT}:apiUrl`]: { value: emulator.baseUrl },
          },
        });
        projects.push(p);
        await p.up();

        const names = async (u: typeof pro) =>
          (await u.client.strategies.list()).strategies.map((s) => [s.name, s.isActive]).sort();
        expect(await names(pro)).toEqual([
          ["pro-a", true],
          ["pro-b", true],
        ]);
        expect(await names(degen)).toEqual([
          ["degen-a", true],
          ["degen-b", true],
        ]);

        const proRequests = await emulator.journal(pro.userId);
        const degenRequests = await emulator.journal(degen.userId);
        // Our listing calls above come last; the provider's requests are everything before them.
        const provider = (all: JournalEntry[]) => all.slice(0, all.length - 1);
        for (const all of [proRequests, degenRequests])
          expect(all.filter((e) => e.status === 429)).toEqual([]);
        const pace = (all: JournalEntry[]) => busiestMinute(provider(all));
        // More requests than one minute of the PRO key allows, so the PRO provider had to wait…
        expect(provider(proRequests).length).toBeGreaterThan(4);
        expect(pace(proRequests)).toBeLessThanOrEqual(4);
        // …while the DEGEN provider went at its own, faster rate: more than the PRO rate in one minute.
        expect(pace(degenRequests)).toBeGreaterThan(4);
        expect(pace(degenRequests)).toBeLessThanOrEqual(8);
      });
    }
  });
}

/** The most requests of a journal inside any one minute. */
/** `pulumi import` of the objects `file` lists into the stack, writing their program to `out`. */
function pulumiImport(p: PulumiProject, file: string, out: string): Promise<CommandResult> {
  return p.run([
    "import",
    "--file",
    file,
    "--out",
    out,
    "--protect=false",
    "--yes",
    "--non-interactive",
    "--stack",
    p.stack,
  ]);
}

function busiestMinute(entries: JournalEntry[]): number {
  const times = entries.map((e) => Date.parse(e.time ?? "")).sort((a, b) => a - b);
  let best = 0;
  for (let i = 0, j = 0; i < times.length; i++) {
    while (times[i]! - times[j]! >= 60_000) j++;
    best = Math.max(best, i - j + 1);
  }
  return best;
}
