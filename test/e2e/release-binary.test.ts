import { existsSync } from "node:fs";
import { mkdtemp, readdir, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { version } from "../../package.json";
import { TestEmulator as Emulator, type JournalEntry, type TestEmulator } from "./emulator-fixture";
import { type CommandResult, PulumiProject, runProcess } from "./harness";
import {
  builtReleaseTarball,
  editProgram,
  exampleProgram,
  nameOf,
  PROJECT,
  portfolioConfig,
  previewedStrategyChanges,
  withRaisedThreshold,
} from "./yaml-portfolio-fixture";

/**
 * The release binary as a Pulumi user gets it: `pulumi plugin install --file` of the tarball
 * into the user's PULUMI_HOME, then a YAML project with no `plugins:` section and no package.json,
 * on a machine whose PATH holds the Pulumi CLI and its YAML language host but no Node.js at all.
 */

const WRITE = (e: JournalEntry) => e.method !== "GET";
const planned = (r: CommandResult) =>
  Object.fromEntries(Object.entries(r.changes).filter(([op]) => op !== "same")) as Record<string, number>;

/** The example without its `plugins:` section, plus a strategy of a second account through an explicit provider. */
function programWithoutPlugins(example: string): string {
  const bare = example.replace(/\nplugins:\n(?: {2,}.*\n|\s*#.*\n)*/, "\n");
  const withConfig = editProgram(
    bare,
    "\nconfig:\n",
    "\nconfig:\n  otherKey:\n    type: string\n    secret: true\n  otherUrl:\n    type: string\n",
  );
  return editProgram(
    withConfig,
    "\nresources:\n",
    `\nresources:
  other-account:
    type: pulumi:providers:strategy-alerts
    properties:
      apiKey: \${otherKey}
      baseUrl: \${otherUrl}
  other-strategy:
    type: strategy-alerts:index:Strategy
    properties:
      name: On the other account
      triggers: [new_token_created]
      rules:
        - { rule: is_honeypot, dealbreaker: true, enabled: true }
    options:
      provider: \${other-account}
`,
  );
}

/**
 * A directory holding a link to `pulumi` only: the PATH of a machine without Node.js. The CLI finds
 * its YAML language host beside its own executable, as in Pulumi's own install.
 */
async function pathWithoutNode(binDir: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "psa-no-node-path-"));
  for (const tool of ["pulumi"]) await symlink(await realpath(join(binDir, tool)), join(dir, tool));
  return dir;
}

describe.runIf(inject("pulumiBinDir"))("the release binary installed the Pulumi way", () => {
  let emulator: TestEmulator;
  let noNode: string;
  const dirs: string[] = [];
  const projects: PulumiProject[] = [];

  /** A project directory with the Pulumi.yaml only, the plugin installed into its own PULUMI_HOME. */
  async function installedProject(program: string): Promise<{ dir: string; env: NodeJS.ProcessEnv }> {
    const dir = await mkdtemp(join(tmpdir(), "psa-release-e2e-"));
    dirs.push(dir);
    await writeFile(join(dir, "Pulumi.yaml"), program);
    const env = {
      PATH: noNode,
      PULUMI_HOME: join(dir, ".pulumi-home"),
      PULUMI_SKIP_UPDATE_CHECK: "true",
      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    };
    const tarball = builtReleaseTarball();
    const install = await runProcess(
      "pulumi",
      ["plugin", "install", "resource", "strategy-alerts", version, "--file", tarball],
      { cwd: dir, env },
    );
    expect(install.code, install.stderr).toBe(0);
    return { dir, env };
  }

  beforeAll(async () => {
    emulator = await Emulator.start();
    noNode = await pathWithoutNode(inject("pulumiBinDir") as string);
    dirs.push(noNode);
  });
  afterAll(async () => {
    await Promise.all(projects.map((p) => p.cleanup()));
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
    await emulator?.close();
  });

  it("runs on a PATH with no node: the executable and nothing else is installed", async () => {
    expect((await readdir(noNode)).sort()).toEqual(["pulumi"]);
    const { dir, env } = await installedProject(`name: schema-only\nruntime: yaml\n`);
    const plugin = join(dir, ".pulumi-home/plugins", `resource-strategy-alerts-v${version}`);
    expect((await readdir(plugin)).filter((f) => !f.startsWith("."))).toEqual(
      expect.arrayContaining(["LICENSE", "README.md", "pulumi-resource-strategy-alerts"]),
    );
    const schema = await runProcess("pulumi", ["package", "get-schema", "strategy-alerts"], {
      cwd: dir,
      env,
    });
    expect(schema.code, schema.stderr).toBe(0);
    const parsed = JSON.parse(schema.stdout) as { name: string; version: string; resources: object };
    expect([parsed.name, parsed.version]).toEqual(["strategy-alerts", version]);
    expect(Object.keys(parsed.resources)).toContain("strategy-alerts:index:Strategy");
  });

  it("previews, applies, shows a detailed diff, imports and destroys a YAML program with no plugins section and no package.json", async () => {
    const user = await emulator.user("PRO", { requestsPerMinute: 10_000 });
    const other = await emulator.user("DEGEN", { requestsPerMinute: 10_000 });
    const program = programWithoutPlugins(await exampleProgram());
    expect(program).not.toContain("plugins:");
    const { dir, env } = await installedProject(program);
    const p = await PulumiProject.open(dir, {
      config: {
        ...(await portfolioConfig(emulator, user)),
        [`${PROJECT}:otherKey`]: { value: other.apiKey, secret: true },
        [`${PROJECT}:otherUrl`]: { value: emulator.baseUrl },
      },
      env: { PATH: env.PATH as string },
    });
    projects.push(p);
    expect(existsSync(join(dir, "package.json"))).toBe(false);

    const preview = await p.preview();
    expect(preview.changes.create).toBe(10); // the stack, seven resources, the explicit provider and its strategy
    expect((await emulator.journal(user.userId)).filter(WRITE)).toEqual([]);
    const up = await p.up();
    expect(up.changes.create).toBe(10);
    expect((await other.client.strategies.list()).strategies.map((s) => s.name)).toEqual([
      "On the other account",
    ]);
    const secret = (await p.outputs()).webhookSecret as string;
    expect(secret.length).toBeGreaterThan(8);
    const state = await p.exportState();
    for (const text of [state, up.stdout, up.stderr]) {
      for (const hidden of [secret, user.apiKey, other.apiKey]) expect(text).not.toContain(hidden);
    }
    expect(planned(await p.preview())).toEqual({});

    await writeFile(join(dir, "Pulumi.yaml"), withRaisedThreshold(program));
    const steps = await previewedStrategyChanges(p);
    expect(steps.map((s) => [s.op, nameOf(s.urn), Object.keys(s.detailedDiff ?? {})])).toEqual([
      ["update", "safety-first", ["rules[8].min"]],
    ]);
    await writeFile(join(dir, "Pulumi.yaml"), program);

    const made = await user.client.strategies.create({
      name: "Made in the app",
      triggers: ["token_graduated"],
      rules: [{ rule: "is_honeypot", dealbreaker: true, enabled: true }],
      isActive: false,
    } as never);
    const imported = await p.run([
      "import",
      "strategy-alerts:index:Strategy",
      "made-in-the-app",
      made.id,
      // Imported resources are protected by default; this one is destroyed below.
      "--protect=false",
      "--yes",
      "--non-interactive",
      "--stack",
      p.stack,
    ]);
    expect(imported.stdout).toContain("Made in the app");

    const destroy = await p.destroy();
    expect(destroy.changes.delete).toBe(11);
    expect((await user.client.strategies.list()).strategies).toEqual([]);
    expect((await other.client.strategies.list()).strategies).toEqual([]);
  });
});
