import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { expect, inject } from "vitest";
import type { ApiClient } from "../../provider/api/client";
import { releaseExecutable } from "../../scripts/plugin-release";
import { stackConfig, type TestEmulator } from "./emulator-fixture";
import { type EngineEvent, listFiles, PulumiProject, packPackage, REPO_ROOT, runProcess } from "./harness";

/**
 * The YAML portfolio as a user runs it: the package packed with `npm pack` and installed with
 * npm into a project outside the repository, beside examples/yaml-portfolio/Pulumi.yaml.
 *
 * Packing and installing take most of a minute, so one install serves every test file of a run:
 * it is keyed by a hash of what the tarball would hold (package.json and dist/), built once under
 * a lock by whichever test file asks first, and reused by the others. Each stack is its own
 * directory whose node_modules links to that install.
 */
const EXAMPLE = join(REPO_ROOT, "examples/yaml-portfolio");
export const PROJECT = "yaml-portfolio";
const NODE_BIN = join(REPO_ROOT, "node_modules/.bin");
const LOCK_STALE_MS = 10 * 60_000;
const STALE_INSTALL_MS = 6 * 3_600_000;

/** A hash of what `npm pack` would put in the tarball, and of the example's own package.json. */
async function contentKey(): Promise<string> {
  const hash = createHash("sha256");
  const files = [
    join(REPO_ROOT, "package.json"),
    join(EXAMPLE, "package.json"),
    ...(await listFiles(join(REPO_ROOT, "dist"))),
  ];
  for (const root of await readdir(REPO_ROOT)) {
    if (root.startsWith("pulumi-resource-")) files.push(join(REPO_ROOT, root));
  }
  for (const file of files) {
    hash.update(relative(REPO_ROOT, file));
    hash.update(await readFile(file));
  }
  return hash.digest("hex").slice(0, 16);
}

async function install(dest: string): Promise<void> {
  const tarball = await packPackage(dest);
  const example = JSON.parse(await readFile(join(EXAMPLE, "package.json"), "utf8")) as {
    dependencies: Record<string, string>;
  };
  const pkg = {
    ...example,
    dependencies: { ...example.dependencies, "pulumi-strategy-alerts": `file:${tarball}` },
  };
  await writeFile(join(dest, "package.json"), JSON.stringify(pkg, null, 2));
  const res = await runProcess("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline"], {
    cwd: dest,
    env: { ...process.env, PATH: `${NODE_BIN}:${process.env.PATH ?? ""}` },
  });
  if (res.code !== 0) throw new Error(`npm install of the packed package failed:\n${res.stderr}`);
}

let installed: Promise<string> | undefined;

/** The directory of the shared install (its node_modules holds the packed package). */
function installedPortfolio(): Promise<string> {
  installed ??= (async () => {
    const key = await contentKey();
    const dir = join(tmpdir(), `psa-yaml-portfolio-${key}`);
    const ready = join(dir, ".ready");
    const lock = `${dir}.lock`;
    for (;;) {
      if (existsSync(ready)) return dir;
      try {
        await mkdir(lock);
      } catch {
        const age = Date.now() - (await stat(lock).catch(() => ({ mtimeMs: Date.now() }))).mtimeMs;
        if (age > LOCK_STALE_MS) await rm(lock, { recursive: true, force: true });
        await new Promise((r) => setTimeout(r, 500));
        continue;
      }
      try {
        if (existsSync(ready)) return dir;
        await removeOlderInstalls(key);
        const staging = await mkdtemp(join(tmpdir(), "psa-yaml-install-"));
        await install(staging);
        await writeFile(join(staging, ".ready"), key);
        await rm(dir, { recursive: true, force: true });
        await rename(staging, dir);
        return dir;
      } finally {
        await rm(lock, { recursive: true, force: true });
      }
    }
  })();
  return installed;
}

/**
 * Installs of earlier builds of the package, once no run can still be using them (another
 * checkout's run on this machine may be using a different build right now).
 */
async function removeOlderInstalls(key: string): Promise<void> {
  for (const entry of await readdir(tmpdir())) {
    if (!entry.startsWith("psa-yaml-portfolio-") || entry.includes(key) || entry.endsWith(".lock")) continue;
    const path = join(tmpdir(), entry);
    const age = Date.now() - (await stat(path).catch(() => ({ mtimeMs: Date.now() }))).mtimeMs;
    if (age > STALE_INSTALL_MS) await rm(path, { recursive: true, force: true });
  }
}

/** The example's program text. */
export function exampleProgram(): Promise<string> {
  return readFile(join(EXAMPLE, "Pulumi.yaml"), "utf8");
}

/**
 * Which build of the plugin a YAML stack runs: the npm package's script plugin, or the release
 * binary of `npm run plugin:release` (built for Linux x64 by the e2e global setup).
 */
export type PluginBuild = "script plugin" | "release binary";
export const PLUGIN_BUILDS: readonly PluginBuild[] = ["script plugin", "release binary"];

/**
 * The build that runs the e2e tests of what the plugin does: the release binary, the one the
 * engine downloads for YAML and Go programs. The script plugin runs the same code behind another
 * launcher (a script that starts Node.js), so the suites run through it only the tests of how the
 * plugin starts, is interrupted and is killed, and the fault matrix's, the two-teams suite's and
 * the upgrade's YAML lanes.
 */
export const BEHAVIOUR_BUILD: PluginBuild = "release binary";

/** Where the programs (the import's output, the test programs, the README's npm route) say the plugin is. */
const SCRIPT_PLUGIN_PATH = "path: ./node_modules/pulumi-strategy-alerts";
const buildOf = new WeakMap<PulumiProject, PluginBuild>();

/**
 * The release tarball the e2e global setup built for Linux x64, the platform CI runs on;
 * elsewhere this fails, never skips.
 */
export function builtReleaseTarball(): string {
  const tarball = inject("releaseTarball");
  if (!tarball)
    throw new Error("the release binary is built for linux-amd64 only: run this file on Linux x64");
  return tarball;
}

/**
 * The `plugins` section the example's README tells the npm route to add to Pulumi.yaml (its
 * first yaml block that starts with `plugins:`); the example itself has none, as the release
 * binary's route installs the plugin instead.
 */
async function npmPluginsSection(): Promise<string> {
  const readme = await readFile(join(EXAMPLE, "README.md"), "utf8");
  const section = /```yaml\n(plugins:\n[\s\S]*?)```/.exec(readme)?.[1];
  if (!section?.includes(SCRIPT_PLUGIN_PATH))
    throw new Error(
      `examples/yaml-portfolio/README.md shows no plugins section with "${SCRIPT_PLUGIN_PATH}"`,
    );
  return section;
}

/**
 * The program as it runs under `build`. A program without a `plugins` section (the example) gets
 * the one the README's npm route adds; under the release binary, the section names the binary's
 * directory instead of the package's.
 */
async function programFor(program: string, build: PluginBuild): Promise<string> {
  let named = program;
  if (!/^plugins:/m.test(program)) {
    if (!/^runtime: yaml\n/m.test(program)) throw new Error("the program has no `runtime: yaml` line");
    const section = await npmPluginsSection();
    named = program.replace(/^runtime: yaml\n/m, (line) => `${line}${section}`);
  }
  if (build === "script plugin") return named;
  builtReleaseTarball();
  return named.replaceAll(SCRIPT_PLUGIN_PATH, `path: ${JSON.stringify(dirname(releaseExecutable()))}`);
}

export interface YamlStackOptions {
  /** The Pulumi.yaml text; the example's by default. */
  program?: string;
  config?: Record<string, { value: string; secret?: boolean }>;
  env?: Record<string, string>;
  /** The plugin's build; the script plugin by default. */
  plugin?: PluginBuild;
}

/**
 * A stack of a YAML project in a fresh directory, its node_modules linked to the shared install
 * (the CLI's commands come from there with either build of the plugin).
 */
export async function yamlStack(options: YamlStackOptions = {}): Promise<PulumiProject> {
  const install = await installedPortfolio();
  const build = options.plugin ?? "script plugin";
  const dir = await mkdtemp(join(tmpdir(), "psa-yaml-e2e-"));
  await writeFile(
    join(dir, "Pulumi.yaml"),
    await programFor(options.program ?? (await exampleProgram()), build),
  );
  await symlink(join(install, "node_modules"), join(dir, "node_modules"));
  const project = await PulumiProject.open(dir, { config: options.config, env: options.env });
  buildOf.set(project, build);
  return project;
}

/** Replaces the project's program, keeping the build of the plugin it was made with. */
export async function writeYamlProgram(project: PulumiProject, program: string): Promise<void> {
  await writeFile(
    join(project.dir, "Pulumi.yaml"),
    await programFor(program, buildOf.get(project) ?? "script plugin"),
  );
}

/** The example's stack config for an emulator account: key, URL, its tag ids, an unverified webhook. */
export async function portfolioConfig(
  emulator: TestEmulator,
  user: { apiKey: string; client: ApiClient },
  webhookUrl = "http://127.0.0.1:9/alerts",
): Promise<Record<string, { value: string; secret?: boolean }>> {
  const platform = (await user.client.microblog.tags({ scope: "platform" })).tags;
  const devTags = (await user.client.devs.tags()).tags;
  const id = (tags: { id: string; name: string }[], name: string) => {
    const tag = tags.find((t) => t.name === name);
    if (!tag) throw new Error(`the emulator account has no tag "${name}"`);
    return tag.id;
  };
  return {
    ...stackConfig(emulator, user.apiKey),
    [`${PROJECT}:kolTagId`]: { value: id(platform, "KOL Majors") },
    [`${PROJECT}:trustedTagId`]: { value: id(devTags, "Trusted") },
    [`${PROJECT}:watchlistTagId`]: { value: id(devTags, "Watchlist") },
    [`${PROJECT}:webhookUrl`]: { value: webhookUrl },
    [`${PROJECT}:requireVerified`]: { value: "false" },
  };
}

/** One step of `pulumi preview --json` (the document, not the event stream). */
export interface PreviewStep {
  op: string;
  urn: string;
  detailedDiff?: Record<string, { kind: string; inputDiff?: boolean }>;
  diffReasons?: string[];
}

/** `program` with one exact fragment replaced, failing when the program no longer holds it. */
export function editProgram(program: string, from: string, to: string): string {
  if (!program.includes(from)) throw new Error(`the program no longer holds: ${from}`);
  return program.replace(from, to);
}

/** The example with one threshold changed: the safety-first strategy's liquidity minimum, 5,000 → 6,000. */
export function withRaisedThreshold(program: string): string {
  return editProgram(
    program,
    "- { rule: liquidity_usd, dealbreaker: false, min: 5000 }",
    "- { rule: liquidity_usd, dealbreaker: false, min: 6000 }",
  );
}

/** The Strategy steps that change something in the project's preview, which must succeed. */
export async function previewedStrategyChanges(project: PulumiProject): Promise<PreviewStep[]> {
  const preview = await previewDocument(project);
  expect(preview.code, preview.stderr).toBe(0);
  return preview.steps.filter((s) => s.op !== "same" && s.urn.includes("::strategy-alerts:index:Strategy::"));
}

/** `pulumi preview --json` as one document: its steps and the diagnostics it printed. */
export async function previewDocument(
  project: PulumiProject,
): Promise<{ code: number; steps: PreviewStep[]; diagnostics: EngineEvent[]; stderr: string }> {
  const res = await project.run(
    ["preview", "--json", "--diff", "--non-interactive", "--stack", project.stack],
    {
      allowFailure: true,
    },
  );
  const start = res.stdout.indexOf("{");
  const doc = start === -1 ? {} : (JSON.parse(res.stdout.slice(start)) as EngineEvent);
  return { code: res.code, steps: doc.steps ?? [], diagnostics: doc.diagnostics ?? [], stderr: res.stderr };
}

/** The logical name of a URN. */
export const nameOf = (urn: string): string => urn.split("::").pop() ?? urn;
