import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { demoUsers } from "../../emulator/accounts/seed";
import { createReceiver } from "../../examples/webhook-receiver/server";
import type { ApiClient } from "../../provider/api/client";
import { stackConfig, TestEmulator } from "./emulator-fixture";
import { changeReport, PulumiProject, REPO_ROOT, runProcess } from "./harness";
import { expectTypeChecks } from "./type-check";
import { yamlStack } from "./yaml-portfolio-fixture";

const NODE = existsSync(join(REPO_ROOT, "node_modules/.bin/node"))
  ? join(REPO_ROOT, "node_modules/.bin/node")
  : process.execPath;

/** Runs `scripts/demo.ts` as `npm run demo` does (after the build), with CI semantics. */
async function runDemo(): Promise<{ code: number; output: string }> {
  const res = await runProcess(NODE, ["-r", "ts-node/register/transpile-only", "scripts/demo.ts"], {
    cwd: REPO_ROOT,
    env: { ...process.env, CI: "true", NO_COLOR: "1" },
  });
  return { code: res.code, output: `${res.stdout}\n${res.stderr}` };
}

async function example(path: string): Promise<string> {
  return readFile(join(REPO_ROOT, "examples", path), "utf8");
}

describe.runIf(inject("pulumiBinDir"))("examples under the real Pulumi CLI", () => {
  let emulator: TestEmulator;

  beforeAll(async () => {
    emulator = await TestEmulator.start();
  });

  afterAll(async () => {
    await emulator?.close();
  });

  describe("npm run demo", () => {
    it("applies the portfolio, fires token events, verifies the webhook delivery, reviews a change with backtests and charts, and destroys, never printing the API key", async () => {
      const { code, output } = await runDemo();
      expect(code, output).toBe(0);
      expect(output).toContain("[demo] pulumi up succeeded");
      expect(output).toMatch(/\[demo\] active: 3 strategies/);
      expect(output).toMatch(/evaluation "Safety first": rejected/);
      expect(output).toMatch(/evaluation "Trusted developer launches": MATCHED/);
      expect(output).toMatch(/\[demo\] webhook delivery verified: notification\.dispatched evt_/);
      expect(output).not.toContain("REJECTED by the receiver");
      // The change is reviewed before the destroy: backtests, charts, the page written.
      const review = output.slice(
        output.indexOf("[demo] review of the change"),
        output.indexOf("== pulumi destroy"),
      );
      expect(review).toMatch(/\| “Safety first” \| \d+ \| \d+ → \d+ \|/);
      expect(review).toContain('  title "Matches per day — Safety first"');
      expect(review).toContain('  title "Matches per multiple — Safety first"');
      // Over time, current version as bars and proposed as a line; per multiple bucket, both as bars.
      expect(
        review.match(/```mermaid\nxychart-beta\n[^`]*\n {2}bar \[[\d, ]+\]\n {2}line \[[\d, ]+\]\n```/g),
      ).toHaveLength(1);
      expect(
        review.match(/```mermaid\nxychart-beta\n[^`]*\n {2}bar \[[\d, ]+\]\n {2}bar \[[\d, ]+\]\n```/g),
      ).toHaveLength(1);
      expect(review).toContain("Live record of the current version (last 7 days");
      expect(review).toMatch(
        /temporary inactive strategy made for this review .*each was deleted afterwards/,
      );
      const htmlFile = /\[demo\] HTML report of the same review: (.+)/.exec(output)?.[1]?.trim() ?? "";
      const html = await readFile(htmlFile, "utf8");
      expect(html.match(/<svg class="chart"/g)).toHaveLength(2);
      expect(html).toContain("Content-Security-Policy");
      expect(output).toContain("[demo] pulumi destroy succeeded");
      expect(output).toContain("[demo] demo finished");
      for (const user of demoUsers()) expect(output).not.toContain(user.apiKey);
      // The stack config and backend were throwaway: nothing is left in the repository.
      expect(existsSync(join(REPO_ROOT, "Pulumi.demo.yaml"))).toBe(false);
    });
  });

  describe("examples/portfolio", () => {
    let project: PulumiProject;
    let source: string;
    let client: ApiClient;
    const receiver = createReceiver({});

    beforeAll(async () => {
      await new Promise<void>((ok) => receiver.listen(0, "127.0.0.1", ok));
      const user = await emulator.user();
      client = user.client;
      source = await example("portfolio/index.ts");
      project = await PulumiProject.create({
        name: "strategy-portfolio",
        program: source,
        config: {
          ...stackConfig(emulator, user.apiKey),
          "portfolio:webhookUrl": {
            value: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/alerts`,
          },
        },
      });
      await expectTypeChecks(project.dir);
    });

    afterAll(async () => {
      await project?.cleanup();
      await new Promise<void>((ok) => receiver.close(() => ok()));
    });

    it("previews the whole portfolio before anything exists", async () => {
      const preview = await project.preview();
      // Stack, three strategies, developer, its tags, webhook, activation, the account pin.
      expect(preview.changes.create).toBe(9);
      expect(preview.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
      expect((await client.strategies.list()).strategies).toEqual([]);
    });

    it("applies it: strategies active, developer followed and tagged, webhook verified", async () => {
      await project.up();
      const outputs = await project.outputs();
      const ids = outputs.strategyIds as Record<string, string>;
      const { strategies } = await client.strategies.list();
      expect(strategies.map((s) => s.name).sort()).toEqual([
        "Momentum",
        "Safety first",
        "Trusted developer launches",
      ]);
      expect(strategies.every((s) => s.isActive)).toBe(true);
      expect([...(outputs.activeStrategyIds as string[])].sort()).toEqual(Object.values(ids).sort());
      const dev = (await client.devs.list()).developers.find((d) => d.address === outputs.followedDeveloper);
      expect(dev?.isActive).toBe(true);
      expect((await client.devs.getTags(outputs.followedDeveloper as string)).tagIds).toHaveLength(2);
      expect(outputs.webhookVerifiedAt).toBeTruthy();
      expect(outputs.webhookSecret).toMatch(/\S{16,}/);
      expect(await project.exportState()).not.toContain(outputs.webhookSecret as string);
    });

    it("previews no change on an unchanged program", async () => {
      await project.ensureApplied(source);
      expect(changeReport(await project.preview())).toEqual([]);
    });

    it("destroys it", async () => {
      await project.ensureApplied(source);
      await project.destroy();
      expect((await client.strategies.list()).strategies).toEqual([]);
      expect((await client.webhook.get()).url ?? null).toBeNull();
    });
  });

  // The TypeScript portfolio of this example is type-checked by `npm run typecheck`; the YAML one
  // has no compiler, so its one preview here is what validates it (CI time: one preview, no up).
  describe("examples/github-actions-portfolios", () => {
    const dir = "github-actions-portfolios/portfolios/momentum-desk";
    let project: PulumiProject;

    afterAll(async () => {
      await project?.cleanup();
    });

    it("previews the YAML portfolio with its stack file's config and the key from the environment, as the workflow runs it", async () => {
      const user = await emulator.user();
      const program = await example(`${dir}/Pulumi.yaml`);
      // The repository's root node_modules in the example; the test links one beside the program.
      const local = program.replace("path: ../../node_modules/", "path: ./node_modules/");
      expect(local).not.toBe(program);
      const stackFile = parseYaml(await example(`${dir}/Pulumi.prod.yaml`)) as {
        config: Record<string, unknown>;
      };
      project = await yamlStack({
        program: local,
        config: Object.fromEntries(
          Object.entries(stackFile.config).map(([key, value]) => [key, { value: String(value) }]),
        ),
        env: { STRATEGY_ALERTS_API_KEY: user.apiKey, STRATEGY_ALERTS_BASE_URL: emulator.baseUrl },
      });
      const preview = await project.preview();
      // The stack, two strategies and their activation.
      expect(preview.changes.create).toBe(4);
      expect(preview.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
      expect((await user.client.strategies.list()).strategies).toEqual([]);
    });
  });

  describe("examples/adopt-existing", () => {
    let project: PulumiProject;
    let client: ApiClient;
    let appMadeId: string;

    beforeAll(async () => {
      const user = await emulator.user();
      client = user.client;
      const made = await client.strategies.create({
        name: "Early launches",
        triggers: ["new_token_created"],
        rules: [{ rule: "is_honeypot", dealbreaker: true, enabled: true }],
        isActive: true,
      });
      appMadeId = made.id;
      project = await PulumiProject.create({
        name: "adopt-existing",
        program: await example("adopt-existing/index.ts"),
        config: stackConfig(emulator, user.apiKey),
      });
      await expectTypeChecks(project.dir);
    });

    afterAll(async () => {
      await project?.cleanup();
    });

    it("takes over the app-made strategy by name instead of creating one", async () => {
      await project.up();
      const outputs = await project.outputs();
      expect(outputs.adoptedFrom).toBe(appMadeId);
      expect(outputs.strategyId).toBe(appMadeId);
      const { strategies } = await client.strategies.list();
      expect(strategies).toHaveLength(1);
      expect(strategies[0]).toMatchObject({
        id: appMadeId,
        isActive: true,
        description: "Adopted from the app; edit it in code from now on.",
      });
      expect(changeReport(await project.preview())).toEqual([]);
    });

    it("refuses to guess when several strategies share the name", async () => {
      await client.strategies.create({
        name: "Early launches",
        triggers: ["new_token_created"],
        rules: [{ rule: "is_honeypot", dealbreaker: true, enabled: true }],
        isActive: false,
      });
      const preview = await project.preview({ allowFailure: true });
      expect(preview.code).not.toBe(0);
      const errors = preview.diagnostics.filter((d) => d.severity === "error").map((d) => d.message);
      expect(errors.join("\n")).toContain('2 strategies are named "Early launches"');
    });
  });
});
