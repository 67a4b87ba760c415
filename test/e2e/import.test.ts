/**
 * `strategy-alerts import` end to end, as a user runs it: the built command imports an account
 * built through the API; the package, packed with `npm pack`, is installed into the generated
 * project with npm; the generated program type-checks there and the real engine adopts the
 * whole account without writing anything to it.
 */
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { ApiClient } from "../../provider/api/client";
import { type BuiltAccount, buildImportAccount } from "../support/import-account";
import { WebhookReceiver } from "../support/webhook-receiver";
import { stackConfig, TestEmulator } from "./emulator-fixture";
import { BUILT_CLI, changeReport, once, PulumiProject, packPackage, REPO_ROOT, runProcess } from "./harness";

const NODE_BIN = join(REPO_ROOT, "node_modules/.bin");
/** The credential in the webhook's path (chat-style): never printed, never written in plain text. */
const WEBHOOK_TOKEN = "T000/B000/XXXXwebhookTOKENXXXX";

/** A command with the repository's Node 24 first on PATH, as a user's Node >= 22 would be. */
function sh(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env) {
  return runProcess(cmd, args, { cwd, env: { ...env, PATH: `${NODE_BIN}:${env.PATH ?? ""}` } });
}

/** Everything the account holds, as the API and the store show it (ids, stamps and all). */
async function accountState(emulator: TestEmulator, client: ApiClient, ids: string[]) {
  const devs = (await client.devs.list({ limit: 100 })).developers;
  return {
    strategies: (await client.strategies.list()).strategies,
    stored: ids.map((id) => {
      const s = emulator.em.store.getStrategy(id)!;
      return { rules: s.rules, triggerConfigs: s.triggerConfigs, retryPolicy: s.retryPolicy };
    }),
    developers: devs,
    tags: await Promise.all(devs.map((d) => client.devs.getTags(d.address))),
    webhook: await client.webhook.get(),
  };
}

describe.runIf(inject("pulumiBinDir"))("strategy-alerts import → pulumi up", () => {
  let emulator: TestEmulator;
  let receiver: WebhookReceiver;
  let user: { userId: string; apiKey: string; client: ApiClient };
  let built: BuiltAccount;
  let work: string;
  let dir: string;

  // Each step runs once, for the first test that needs it: a test runs alone or after the others.
  const imported = once(async () => {
    const env = {
      ...process.env,
      STRATEGY_ALERTS_API_KEY: user.apiKey,
      STRATEGY_ALERTS_BASE_URL: emulator.baseUrl,
    };
    return sh("node", [BUILT_CLI, "import", "--out", dir], work, env);
  });
  const installed = once(async () => {
    await imported();
    const tarball = await packPackage(work);
    return sh(
      "npm",
      ["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error", tarball],
      dir,
    );
  });
  const adopted = once(async () => {
    expect((await installed()).code).toBe(0);
    // The step import printed: the webhook URL goes into stack config as a secret.
    const project = await PulumiProject.open(dir, {
      config: {
        ...stackConfig(emulator, user.apiKey),
        webhookUrl: { value: built.webhookUrl, secret: true },
      },
      // The installed compiler type-checks the program once (the test before); ts-node need not
      // check it again on every command.
      typeCheck: false,
    });
    const before = await accountState(emulator, user.client, built.strategyIds);
    await emulator.clearJournal();
    const up = await project.up();
    const journal = await emulator.journal(user.userId);
    return { project, before, up, journal };
  });

  beforeAll(async () => {
    emulator = await TestEmulator.start();
    receiver = await new WebhookReceiver("echo").start();
    user = await emulator.user();
    built = await buildImportAccount(user.client, `${receiver.url}/services/${WEBHOOK_TOKEN}`);
    work = await mkdtemp(join(tmpdir(), "psa-import-e2e-"));
    dir = join(work, "portfolio");
  });

  afterAll(async () => {
    await user?.client.close();
    await receiver?.close();
    await emulator?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it("writes the project with the built command, keeping the API key and the webhook URL out of every file", async () => {
    const res = await imported();
    expect(res.stderr).toBe("");
    expect(res.code).toBe(0);
    expect(res.stdout).toContain("5 strategies, 3 of them active");
    expect(res.stdout).toContain("webhook: http://127.0.0.1");
    expect(res.stdout).toContain("pulumi config set --secret webhookUrl");
    expect(res.stdout).not.toContain("webhookTOKEN");
    const files = (await readdir(dir)).sort();
    expect(files).toEqual([".gitignore", "Pulumi.yaml", "index.ts", "package.json", "tsconfig.json"]);
    for (const secret of [user.apiKey, "webhookTOKEN"]) {
      const grep = await sh("grep", ["-r", "-l", secret, "."], dir);
      expect(grep.stdout).toBe("");
    }
  });

  it("installs the packed package and its toolchain with npm, and type-checks there", async () => {
    const install = await installed();
    expect(install.code, install.stderr).toBe(0);
    const tsc = await sh(join(dir, "node_modules/.bin/tsc"), ["-p", "."], dir);
    expect(tsc.stdout + tsc.stderr).toBe("");
    expect(tsc.code).toBe(0);
    // The fixtures subpath resolves from the installed package, as a user's tests import it.
    const fixtures = await sh(
      "node",
      ["-e", 'const f = require("pulumi-strategy-alerts/fixtures"); console.log(f.honeypot.isHoneypot)'],
      dir,
    );
    expect(fixtures.stderr).toBe("");
    expect(fixtures.stdout.trim()).toBe("true");
  });

  it("adopts everything on the first `pulumi up`: no strategy created, nothing written to the account", async () => {
    const { project, before, up, journal } = await adopted();
    expect(up.changes.create).toBe(14); // with the stack's account pin

    // Adoption only reads: no strategy created, no PATCH, no follow, no tag or webhook write.
    const writes = journal.filter((r) => r.method !== "GET");
    expect(writes.map((r) => `${r.method} ${r.route} ${r.status}`)).toEqual([]);
    expect(journal.filter((r) => r.method === "GET").length).toBeGreaterThan(0);
    expect(await accountState(emulator, user.client, built.strategyIds)).toEqual(before);

    const outputs = await project.outputs();
    expect((outputs.activeStrategyIds as string[]).sort()).toEqual([...built.activeIds].sort());
    const state = await project.exportState();
    expect(state).not.toContain(user.apiKey);
    expect(state).not.toContain("webhookTOKEN");
  });

  it("then previews no change", async () => {
    const { project } = await adopted();
    const preview = await project.preview({ extraArgs: ["--expect-no-changes"] });
    expect(changeReport(preview)).toEqual([]);
  });
});
