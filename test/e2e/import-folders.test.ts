/**
 * `strategy-alerts import` writes a program that builds wherever it is written: into folders
 * whose names a language's tools keep for themselves (`go`, `python`, `main`), one with spaces,
 * quotes and a dot, and one of digits and non-Latin letters, each language adopts its account with `pulumi up` and then
 * previews no change. The languages run side by side against one emulator, each folder with its
 * own account; TypeScript, YAML and Go run through the engine (a TypeScript program is
 * type-checked once by the compiler its project installs, then run transpile-only). No Python language host is built
 * by `npm run pulumi:ensure`, so the Python program is compiled by `python3 -m py_compile` and its
 * project files are checked instead.
 */
import { copyFile, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { parse } from "yaml";
import { version } from "../../package.json";
import { GO_MODULE } from "../../provider/plugin/package-identity";
import { goCommandEnv } from "../support/go-env";
import { DEV_ALICE } from "../support/import-account";
import { type JournalEntry, stackConfig, TestEmulator } from "./emulator-fixture";
import { GO_ENV } from "./go-portfolio-fixture";
import { BUILT_CLI, changeReport, PulumiProject, packPackage, REPO_ROOT, runProcess } from "./harness";
import { expectTypeChecks } from "./type-check";
import { builtReleaseTarball } from "./yaml-portfolio-fixture";

/** The folders, and the Pulumi project name import derives from each. */
const FOLDERS: readonly [folder: string, project: string][] = [
  ["go", "go"],
  ["python", "python"],
  ["main", "main"],
  ['my "best" portfolio.v2', "my-best-portfolio-v2"],
  // YAML reads `name: 2024` as a number, which Pulumi refuses: written quoted.
  ["2024 ポートフォリオ", "2024"],
];

type Language = "typescript" | "yaml" | "go" | "python";

const WRITE = (e: JournalEntry) => e.method !== "GET";
const NODE_BIN = join(REPO_ROOT, "node_modules/.bin");

interface PackageJson {
  name: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
}

/** The project name a Pulumi.yaml sets, as YAML reads it. */
const projectNameOf = (pulumiYaml: string) => (parse(pulumiYaml) as { name: unknown }).name;

describe.runIf(inject("pulumiBinDir"))("strategy-alerts import into folders of any name", () => {
  let emulator: TestEmulator;
  let work: string;
  /** One plugin installation for the YAML and Go stacks, shared as an engine's home is. */
  let pluginHome: string;
  const projects: PulumiProject[] = [];

  /** A small account of its own: a followed developer and an active strategy that names them. */
  async function account() {
    const user = await emulator.user();
    await user.client.devs.add(DEV_ALICE, { alias: "Alice" });
    await user.client.strategies.create({
      name: "Alice's launches",
      triggers: ["followed_dev_new_token_created"],
      triggerConfigs: { followed_dev_new_token_created: { scope: "wallet", developerAddress: DEV_ALICE } },
      rules: [{ rule: "is_honeypot", dealbreaker: true }],
      isActive: true,
    });
    return user;
  }

  /** Imports a fresh account into `<work>/<language>/<folder>`; returns the folder and its user. */
  async function imported(language: Language, folder: string, extra: string[] = []) {
    const user = await account();
    const dir = join(work, language, folder);
    const res = await runProcess(
      "node",
      [BUILT_CLI, "import", "--out", dir, "--language", language, ...extra],
      {
        cwd: work,
        env: {
          ...process.env,
          PATH: `${NODE_BIN}:${process.env.PATH ?? ""}`,
          STRATEGY_ALERTS_API_KEY: user.apiKey,
          STRATEGY_ALERTS_BASE_URL: emulator.baseUrl,
        },
      },
    );
    expect(res.code, res.stderr).toBe(0);
    return { dir, user };
  }

  /**
   * Adopts the account with `pulumi up` (nothing written to it), then previews no change. A
   * TypeScript program runs transpile-only: its test type-checks it once (`expectTypeChecks`).
   */
  async function adoptsThenPreviewsNoChange(
    dir: string,
    user: Awaited<ReturnType<typeof account>>,
    env: Record<string, string> = {},
  ): Promise<void> {
    const project = await PulumiProject.open(dir, {
      config: stackConfig(emulator, user.apiKey),
      env,
      typeCheck: false,
    });
    projects.push(project);
    // The account's own setup wrote before this; only what `up` sends counts.
    const setup = (await emulator.journal(user.userId)).length;
    const up = await project.up();
    expect(up.changes.create).toBeGreaterThanOrEqual(4);
    expect((await emulator.journal(user.userId)).slice(setup).filter(WRITE)).toEqual([]);
    const preview = await project.preview({ extraArgs: ["--expect-no-changes"] });
    expect(changeReport(preview)).toEqual([]);
  }

  beforeAll(async () => {
    emulator = await TestEmulator.start();
    work = await mkdtemp(join(tmpdir(), "psa-import-folders-"));
    pluginHome = join(work, ".pulumi-home");
    const install = await runProcess(
      "pulumi",
      ["plugin", "install", "resource", "strategy-alerts", version, "--file", builtReleaseTarball()],
      {
        cwd: work,
        env: {
          ...process.env,
          PATH: `${inject("pulumiBinDir")}:${process.env.PATH ?? ""}`,
          PULUMI_HOME: pluginHome,
          PULUMI_SKIP_UPDATE_CHECK: "true",
        },
      },
    );
    expect(install.code, install.stderr).toBe(0);
  });

  afterAll(async () => {
    await emulator?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it.concurrent("YAML: each folder's program adopts its account and previews no change", async () => {
    for (const [folder, project] of FOLDERS) {
      const { dir, user } = await imported("yaml", folder, ["--plugin", "installed"]);
      expect(projectNameOf(await readFile(join(dir, "Pulumi.yaml"), "utf8"))).toBe(project);
      await adoptsThenPreviewsNoChange(dir, user, { PULUMI_HOME: pluginHome });
    }
  }, 600_000);

  it.concurrent("Go: each folder's module builds, adopts its account and previews no change", async () => {
    for (const [folder, project] of FOLDERS) {
      const { dir, user } = await imported("go", folder);
      expect(projectNameOf(await readFile(join(dir, "Pulumi.yaml"), "utf8"))).toBe(project);
      // As a user of a clone builds it (the go.mod's own comment): the SDK module from sdk/go,
      // then the step import prints, `go mod tidy`, offline from the warm module cache.
      await copyFile(join(REPO_ROOT, "examples/go-portfolio/go.sum"), join(dir, "go.sum"));
      const goEnv = goCommandEnv("-mod=mod", { offline: true });
      for (const args of [
        ["mod", "edit", `-replace=${GO_MODULE}=${join(REPO_ROOT, "sdk/go")}`],
        ["mod", "tidy"],
      ]) {
        const go = await runProcess("go", args, { cwd: dir, env: goEnv });
        expect(go.code, go.stderr).toBe(0);
      }
      await adoptsThenPreviewsNoChange(dir, user, { ...GO_ENV, PULUMI_HOME: pluginHome });
    }
  }, 600_000);

  it.concurrent("TypeScript: each folder's program adopts its account and previews no change", async () => {
    const written = [];
    for (const [folder, project] of FOLDERS) {
      const { dir, user } = await imported("typescript", folder);
      expect(projectNameOf(await readFile(join(dir, "Pulumi.yaml"), "utf8"))).toBe(project);
      const pkg = JSON.parse(await readFile(join(dir, "package.json"), "utf8")) as PackageJson;
      expect(pkg.name).toBe(project);
      written.push({ dir, user, pkg });
    }
    // One install beside the five folders serves them all (Node, ts-node and the compiler
    // resolve upwards from each program): what each package.json asks for, the package packed.
    const { dependencies, devDependencies } = written[0]!.pkg;
    const tarball = await packPackage(work);
    await writeFile(
      join(work, "typescript", "package.json"),
      JSON.stringify({
        name: "folders",
        private: true,
        dependencies: { ...dependencies, "pulumi-strategy-alerts": `file:${tarball}` },
        devDependencies,
      }),
    );
    const npm = await runProcess(
      "npm",
      ["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"],
      {
        cwd: join(work, "typescript"),
        env: { ...process.env, PATH: `${NODE_BIN}:${process.env.PATH ?? ""}` },
      },
    );
    expect(npm.code, npm.stderr).toBe(0);
    for (const { dir, user } of written) {
      // By the compiler the imported project installed.
      await expectTypeChecks(dir, join(work, "typescript/node_modules/.bin/tsc"));
      await adoptsThenPreviewsNoChange(dir, user);
    }
  }, 600_000);

  it.concurrent("Python: each folder's program compiles and its project files name the project", async () => {
    for (const [folder, project] of FOLDERS) {
      const { dir } = await imported("python", folder);
      expect(projectNameOf(await readFile(join(dir, "Pulumi.yaml"), "utf8"))).toBe(project);
      const compiled = await runProcess("python3", ["-m", "py_compile", join(dir, "__main__.py")], {
        cwd: dir,
        env: { ...process.env, PYTHONPYCACHEPREFIX: join(work, ".pycache") },
      });
      expect(compiled.code, compiled.stderr).toBe(0);
      expect(await readFile(join(dir, "requirements.txt"), "utf8")).toContain("pulumi>=3");
    }
  });
});
