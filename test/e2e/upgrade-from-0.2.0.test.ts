import { readFileSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ACCOUNT_PIN_NAME, ACCOUNT_PIN_TOKEN } from "../../provider/model/account-pin";
import { STRATEGY_RETIRED_OUTPUTS } from "../../provider/model/strategy";
import { releaseExecutable } from "../../scripts/plugin-release";
import { runProcess } from "../support/process";
import {
  TestEmulator as Emulator,
  type JournalEntry,
  stackConfig,
  type TestEmulator,
} from "./emulator-fixture";
import { type CommandResult, changeReport, PulumiProject, packPackage, REPO_ROOT } from "./harness";
import { allText } from "./portfolio-program";
import { type BuiltRelease, builtRelease, RELEASE_0_2_0 } from "./previous-release";
import { portfolioConfig } from "./yaml-portfolio-fixture";

/**
 * Upgrade safety: a stack that the 0.2.0 release made, from the programs its examples shipped,
 * taken over by this build as a user upgrades (the package installed again from its tarball; the
 * program, its config and its state untouched). Neither front door may find anything to do
 * but pin the stack's account: `pulumi preview --expect-no-changes`, an `up` that sends no write
 * to the service, and a clean `refresh`, with the stack's state then still previewing no change.
 * A TypeScript stack's first preview and `up` show one create, its account pin's, and nothing
 * else; the plugin records the pin in its provider's state, which is no change.
 */

const repoPackage = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as {
  devDependencies: Record<string, string>;
};
// Node 24 from the repository first, as on a user's machine with Node >= 22.
const PATH = `${join(REPO_ROOT, "node_modules/.bin")}:${process.env.PATH ?? ""}`;
const SCRIPT_PLUGIN_PATH = "path: ./node_modules/pulumi-strategy-alerts";
const WEBHOOK_URL = "http://127.0.0.1:9/alerts";

/** What a command said went wrong: its engine diagnostics and its stderr. */
const said = (r: CommandResult) =>
  [
    ...r.diagnostics.filter((d) => d.severity !== "info").map((d) => `${d.severity}: ${d.message.trim()}`),
    r.stderr,
  ]
    .join("\n")
    .trim();
const writes = (journal: JournalEntry[]) =>
  journal.filter((e) => e.method !== "GET").map((e) => `${e.method} ${e.route} ${e.status}`);
/** The operations other than "same" a command counted: {} when it found nothing to do. */
const planned = (r: CommandResult) =>
  Object.fromEntries(Object.entries(r.changes).filter(([op]) => op !== "same"));

async function npmInstall(dir: string, ...specs: string[]): Promise<void> {
  const res = await runProcess("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", ...specs], {
    cwd: dir,
    env: { ...process.env, PATH },
  });
  if (res.code !== 0) throw new Error(`npm install ${specs.join(" ")} failed:\n${res.stdout}\n${res.stderr}`);
}

/** The installed package's plugin entry, to tell which build a project holds. */
const installedEntry = (dir: string) =>
  readFile(join(dir, "node_modules/pulumi-strategy-alerts/dist/provider/plugin/main.js"), "utf8");
const thisBuildsEntry = () => readFile(join(REPO_ROOT, "dist/provider/plugin/main.js"), "utf8");

/**
 * What this build does with the stack 0.2.0 left: a preview, an up and a refresh that find nothing
 * to do and send no write to the service, then a preview of the refreshed state.
 * - `preview: false` where the stack already previewed clean through this build and only a config
 *   value changed since (or nothing): the up alone, whose empty plan and silence towards the
 *   service say all a preview before it would (the engine plans the up as it plans a preview).
 * - `refresh: false` where this build already refreshed the stack's state (lean from then on): no
 *   refresh, and no preview of a refreshed state.
 */
async function expectNothingToDo(
  project: PulumiProject,
  emulator: TestEmulator,
  userId: string,
  label: string,
  { preview: withPreview = true, refresh: withRefresh = true } = {},
): Promise<void> {
  const seen = (await emulator.journal(userId)).length;
  if (withPreview) {
    const preview = await project.preview({ extraArgs: ["--expect-no-changes"], allowFailure: true });
    expect(changeReport(preview), `${label}: preview\n${said(preview)}`).toEqual([]);
    expect(planned(preview), `${label}: preview\n${said(preview)}`).toEqual({});
    expect(preview.code, `${label}: preview --expect-no-changes\n${said(preview)}`).toBe(0);
  }

  const up = await project.up({ allowFailure: true });
  expect(up.code, `${label}: up\n${said(up)}`).toBe(0);
  expect(planned(up), `${label}: up`).toEqual({});

  if (!withRefresh) {
    expect(writes((await emulator.journal(userId)).slice(seen)), `${label}: writes`).toEqual([]);
    return;
  }
  // A refresh records the account (an output 0.2.0 did not have) in each resource's state; it
  // changes no input and no stack output, so the engine counts no change.
  const refresh = await project.refresh({ extraArgs: ["--expect-no-changes"], allowFailure: true });
  expect(
    refresh.steps.filter((s) => s.op !== "same" && s.op !== "refresh").map((s) => `${s.op} ${s.urn}`),
    `${label}: refresh`,
  ).toEqual([]);
  expect(refresh.code, `${label}: refresh --expect-no-changes\n${said(refresh)}`).toBe(0);

  // The refresh wrote each strategy's state anew, lean: 0.2.0's copy of the rules as the
  // service's rule groups and dealbreakers is gone, the rules held once, as declared.
  expect(await retiredOutputs(project), `${label}: outputs after refresh`).toEqual([]);

  const again = await project.preview({ extraArgs: ["--expect-no-changes"], allowFailure: true });
  expect(changeReport(again), `${label}: preview after refresh`).toEqual([]);
  expect(again.code, `${label}: preview after refresh\n${said(again)}`).toBe(0);

  expect(writes((await emulator.journal(userId)).slice(seen)), `${label}: writes to the service`).toEqual([]);
}

/** The outputs 0.2.0 wrote that this build reads but no longer writes, as `<urn> <output>`. */
async function retiredOutputs(project: PulumiProject): Promise<string[]> {
  const state = JSON.parse(await project.exportState()) as {
    deployment: { resources: { urn: string; type: string; outputs?: Record<string, unknown> }[] };
  };
  return state.deployment.resources
    .filter((r) => r.type.endsWith(":Strategy"))
    .flatMap((r) =>
      STRATEGY_RETIRED_OUTPUTS.filter((k) => k in (r.outputs ?? {})).map((k) => `${r.urn} ${k}`),
    );
}

/** The type tokens of our resources in a TypeScript stack, the pin's excepted. */
const isKind = (type: string) =>
  type.startsWith("pulumi-nodejs:dynamic/strategy-alerts:") && type !== ACCOUNT_PIN_TOKEN;

/**
 * A TypeScript stack's first preview and `up` with this build: one create, the account pin's,
 * which names the account it pins; every resource of ours a "same" step (the engine records its
 * new `accountPin` input); no write to the service.
 */
async function expectOnlyThePin(
  project: PulumiProject,
  emulator: TestEmulator,
  userId: string,
  kinds: number,
): Promise<void> {
  const seen = (await emulator.journal(userId)).length;
  const preview = await project.preview({ allowFailure: true });
  expect(preview.code, `preview\n${said(preview)}`).toBe(0);
  expect(planned(preview), `preview\n${said(preview)}`).toEqual({ create: 1 });
  expect(preview.steps.filter((s) => s.op !== "same").map((s) => `${s.op} ${s.type}`)).toEqual([
    `create ${ACCOUNT_PIN_TOKEN}`,
  ]);
  expect(changeReport(preview).filter((line) => !line.startsWith(`create ${ACCOUNT_PIN_NAME}.`))).toEqual([]);
  expect(allText(preview)).toContain(`pinned to account ${userId}`);

  const up = await project.up({ allowFailure: true });
  expect(up.code, `up\n${said(up)}`).toBe(0);
  expect(planned(up), "up").toEqual({ create: 1 });
  const ours = up.steps.filter((s) => isKind(s.type));
  expect(ours).toHaveLength(kinds);
  expect(ours.filter((s) => s.op !== "same").map((s) => `${s.op} ${s.urn}`)).toEqual([]);
  expect(writes((await emulator.journal(userId)).slice(seen)), "writes to the service").toEqual([]);

  // The engine recorded the pin and, with each resource's "same" step, its pinned input.
  const state = JSON.parse(await project.exportState()) as {
    deployment: {
      resources: { type: string; inputs?: Record<string, unknown>; outputs?: Record<string, unknown> }[];
    };
  };
  const pin = state.deployment.resources.filter((r) => r.type === ACCOUNT_PIN_TOKEN);
  expect(pin.map((r) => r.outputs?.accountId)).toEqual([userId]);
  const pinned = state.deployment.resources.filter((r) => isKind(r.type)).map((r) => r.inputs?.accountPin);
  expect(pinned).toEqual(Array(kinds).fill(userId));
}

describe.runIf(inject("pulumiBinDir"))("a stack made by release 0.2.0, taken over by this build", () => {
  let emulator: TestEmulator;
  let release: BuiltRelease;
  let packDir: string;
  let today: string;
  const projects: PulumiProject[] = [];

  beforeAll(async () => {
    emulator = await Emulator.start();
    release = await builtRelease(RELEASE_0_2_0);
    packDir = await mkdtemp(join(tmpdir(), "psa-upgrade-pack-"));
    today = await packPackage(packDir);
  }, 600_000);
  afterAll(async () => {
    await Promise.all(projects.map((p) => p.cleanup()));
    if (packDir) await rm(packDir, { recursive: true, force: true });
    await emulator?.close();
  });

  it("TypeScript: 0.2.0's portfolio example, then this build's package", async () => {
    const user = await emulator.user("PRO");
    const project = await PulumiProject.create({
      name: "portfolio",
      program: await release.file("examples/portfolio/index.ts"),
      linkRepoModules: false,
      packageJson: {
        dependencies: {
          "@pulumi/pulumi": repoPackage.devDependencies["@pulumi/pulumi"],
          "pulumi-strategy-alerts": `file:${release.tarball}`,
        },
        // As `pulumi new typescript` makes a project: the language host compiles with this TypeScript.
        devDependencies: {
          "@types/node": repoPackage.devDependencies["@types/node"],
          typescript: repoPackage.devDependencies.typescript,
        },
      },
      config: {
        ...stackConfig(emulator, user.apiKey),
        "portfolio:webhookUrl": { value: WEBHOOK_URL },
        "portfolio:requireVerified": { value: "false" },
      },
    });
    projects.push(project);
    await npmInstall(project.dir);
    expect(await installedEntry(project.dir)).not.toBe(await thisBuildsEntry());

    const made = await project.up();
    // The stack, three strategies, the developer, its tags, the webhook and the activation.
    expect(planned(made)).toEqual({ create: 8 });
    expect((await user.client.strategies.list()).activeCount).toBe(3);
    const outputs = await project.outputs();

    await npmInstall(project.dir, `file:${today}`);
    expect(await installedEntry(project.dir)).toBe(await thisBuildsEntry());
    // The three strategies, the developer, its tags, the webhook and the activation.
    await expectOnlyThePin(project, emulator, user.userId, 7);
    // Until a write, the state is 0.2.0's, its rules held twice: this build reads it as it is.
    expect(await retiredOutputs(project)).toHaveLength(6);
    // expectOnlyThePin's preview was this build's first; after the pin's up, the up's empty plan
    // says what another preview would.
    await expectNothingToDo(project, emulator, user.userId, "TypeScript", { preview: false });
    expect(await project.outputs()).toEqual(outputs);

    // The upgrade notes' next step, pinning the stack's account, changes nothing either.
    await project.setConfig("strategy-alerts:accountId", (await user.client.account.me()).userId);
    await expectNothingToDo(project, emulator, user.userId, "TypeScript, pinned", {
      preview: false,
      refresh: false,
    });
  });

  it("YAML: 0.2.0's portfolio example with its script plugin, then this build's script plugin and release binary", async () => {
    const user = await emulator.user("PRO");
    const dir = await mkdtemp(join(tmpdir(), "psa-upgrade-yaml-"));
    const program = await release.file("examples/yaml-portfolio/Pulumi.yaml");
    expect(program).toContain(SCRIPT_PLUGIN_PATH);
    await writeFile(join(dir, "Pulumi.yaml"), program);
    await writeFile(
      join(dir, "package.json"),
      JSON.stringify({
        name: "yaml-portfolio",
        private: true,
        dependencies: {
          "@pulumi/pulumi": repoPackage.devDependencies["@pulumi/pulumi"],
          "pulumi-strategy-alerts": `file:${release.tarball}`,
        },
      }),
    );
    await npmInstall(dir);
    expect(await installedEntry(dir)).not.toBe(await thisBuildsEntry());
    const project = await PulumiProject.open(dir, {
      config: await portfolioConfig(emulator, user, WEBHOOK_URL),
    });
    projects.push(project);

    const made = await project.up();
    expect(planned(made)).toEqual({ create: 8 });
    expect((await user.client.strategies.list()).activeCount).toBe(3);
    const outputs = await project.outputs();

    await npmInstall(dir, `file:${today}`);
    expect(await installedEntry(dir)).toBe(await thisBuildsEntry());
    expect(await retiredOutputs(project)).toHaveLength(6);
    await expectNothingToDo(project, emulator, user.userId, "YAML, script plugin");
    // The provider's state now records the account: the pin, carried from here on.
    const provider = JSON.parse(await project.exportState()).deployment.resources.find(
      (r: { type: string }) => r.type === "pulumi:providers:strategy-alerts",
    ) as { inputs?: Record<string, unknown> } | undefined;
    expect(provider?.inputs?.accountId).toBe(user.userId);
    expect(await project.outputs()).toEqual(outputs);

    // The release binary (built for Linux x64 by the e2e global setup) in place of the package's.
    if (inject("releaseTarball")) {
      await writeFile(
        join(dir, "Pulumi.yaml"),
        program.replace(SCRIPT_PLUGIN_PATH, `path: ${JSON.stringify(dirname(releaseExecutable()))}`),
      );
      // The build swap previews and applies no change; the script plugin's refresh above already
      // wrote the state lean, and what a refresh does is the plugin's, not the launcher's.
      await expectNothingToDo(project, emulator, user.userId, "YAML, release binary", { refresh: false });
      expect(await project.outputs()).toEqual(outputs);
    }

    await project.setConfig("strategy-alerts:accountId", (await user.client.account.me()).userId);
    await expectNothingToDo(project, emulator, user.userId, "YAML, pinned", {
      preview: false,
      refresh: false,
    });
  });
});
