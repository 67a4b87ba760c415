import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { parse as parseYaml } from "yaml";
import {
  type DocProgram,
  docPrograms,
  EXAMPLE_PROJECTS,
  exampleLanguage,
  type ProgramLanguage,
  THIS_TEST,
} from "../support/doc-programs";
import { undefinedNames } from "../support/python-sdk-names";
import { type JournalEntry, stackConfig, TestEmulator } from "./emulator-fixture";
import { buildAsReadme, GO_ENV, goModuleDir, pathWithPulumiAndGo } from "./go-portfolio-fixture";
import { type CommandResult, changeReport, PulumiProject, REPO_ROOT } from "./harness";
import {
  downloadingStack,
  pathWithPulumiOnly,
  type ReleaseServer,
  releaseServer,
} from "./plugin-download-fixture";
import { expectTypeChecks } from "./type-check";

/**
 * Every program of README.md, docs/*.md and the examples' Markdown (test/support/doc-programs.ts
 * says how a block is marked a program or a fragment) and every example project that no other
 * end-to-end file runs, as written, against the emulator: preview (nothing written), up, a preview
 * with no change, destroy.
 *
 * - TypeScript: the program as `index.ts` of a `pulumi new typescript` project with the package
 *   installed. A doc's program is type-checked once with `tsc`, as a user's editor or build
 *   does; the engine then runs every program transpile-only (the examples are type-checked by
 *   `npm run typecheck`), which spares a type-check per command.
 * - YAML and Go: on a PATH without Node.js, in a fresh PULUMI_HOME, the plugin downloaded by the
 *   engine through the documented override (a YAML program names version and download URL in a
 *   resource's options; the Go SDK's pulumi-plugin.json names them). A Go program is `main.go`
 *   of a module that requires the SDK (this checkout's sdk/go in place of the published version),
 *   built once as examples/go-portfolio's README builds it, the binary named by Pulumi.yaml.
 * - Python: compiled and its SDK names checked, not run: the toolchain has no Python language
 *   host, and Pulumi's Python SDK does not import on these machines (the Python block says more).
 *
 * One emulator per language; every program runs side by side with the others, each on an account
 * of its own (a webhook and a followed developer are one per account).
 */

const programs = docPrograms();
const of = (language: ProgramLanguage) => programs.filter((p) => p.language === language);
const named = (list: DocProgram[]) => list.map((p) => [p.id, p] as const);
const examples = (language: ProgramLanguage) =>
  Object.entries(EXAMPLE_PROJECTS)
    .filter(([dir, how]) => "runBy" in how && how.runBy === THIS_TEST && exampleLanguage(dir) === language)
    .map(([dir]) => dir);

const WRITE = (e: JournalEntry) => e.method !== "GET";
const planned = (r: CommandResult) => Object.entries(r.changes).filter(([op]) => op !== "same");
const CYCLE = { timeout: 600_000 };

type User = Awaited<ReturnType<TestEmulator["user"]>>;
type Config = Record<string, { value: string; secret?: boolean }>;

/** preview (nothing written), up, a preview with no change, destroy (its strategies gone). */
async function cycle(p: PulumiProject, emulator: TestEmulator, user: User): Promise<void> {
  const preview = await p.preview();
  expect(preview.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  expect(preview.changes.create ?? 0).toBeGreaterThan(1);
  expect((await emulator.journal(user.userId)).filter(WRITE)).toEqual([]);

  await p.up();
  expect((await user.client.strategies.list()).strategies.length).toBeGreaterThan(0);

  const again = await p.preview();
  expect(changeReport(again)).toEqual([]);
  expect(planned(again)).toEqual([]);

  await p.destroy();
  expect((await user.client.strategies.list()).strategies).toEqual([]);
}

const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});
async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  cleanup.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}
function track(p: PulumiProject): PulumiProject {
  cleanup.push(() => p.cleanup());
  return p;
}

/** An example's stack file (its one Pulumi.<stack>.yaml), as stack config; none: empty. */
async function exampleStackConfig(dir: string): Promise<Config> {
  const file = (await readdir(join(REPO_ROOT, dir))).find((f) => /^Pulumi\.[^.]+\.yaml$/.test(f));
  if (!file) return {};
  const { config } = parseYaml(await readFile(join(REPO_ROOT, dir, file), "utf8")) as {
    config: Record<string, unknown>;
  };
  return Object.fromEntries(Object.entries(config).map(([k, v]) => [k, { value: String(v) }]));
}

describe
  .runIf(inject("pulumiBinDir"))
  .concurrent("every program of the docs and examples runs as written", () => {
    describe("TypeScript", () => {
      let emulator: TestEmulator;
      beforeAll(async () => {
        emulator = await TestEmulator.start();
        cleanup.push(() => emulator.close());
      });

      async function project(name: string, program: string, files: Record<string, string>, config: Config) {
        const user = await emulator.user();
        const p = track(
          await PulumiProject.create({
            name,
            program,
            files,
            config: { ...stackConfig(emulator, user.apiKey), ...config },
          }),
        );
        return { p, user };
      }

      it.each(named(of("typescript")))("%s", CYCLE, async (_, program) => {
        const { p, user } = await project("docs-program", program.source, {}, {});
        await expectTypeChecks(p.dir);
        await cycle(p, emulator, user);
      });

      it.each(examples("typescript"))("%s", CYCLE, async (dir) => {
        // index.ts and the modules beside it; tests are not part of the program.
        const files: Record<string, string> = {};
        for (const f of await readdir(join(REPO_ROOT, dir))) {
          if (f.endsWith(".ts") && f !== "index.ts" && !f.endsWith(".test.ts"))
            files[f] = await readFile(join(REPO_ROOT, dir, f), "utf8");
        }
        const { name } = parseYaml(await readFile(join(REPO_ROOT, dir, "Pulumi.yaml"), "utf8")) as {
          name: string;
        };
        const program = await readFile(join(REPO_ROOT, dir, "index.ts"), "utf8");
        const { p, user } = await project(name, program, files, await exampleStackConfig(dir));
        await cycle(p, emulator, user);
      });
    });

    describe("YAML", () => {
      let emulator: TestEmulator;
      let release: ReleaseServer;
      beforeAll(async () => {
        emulator = await TestEmulator.start();
        cleanup.push(() => emulator.close());
        release = await releaseServer();
        cleanup.push(() => release.close());
      });

      it.each(named(of("yaml")))("%s, in a fresh Pulumi home with no Node.js", CYCLE, async (_, program) => {
        const user = await emulator.user();
        const dir = await tempDir("psa-docs-yaml-");
        await writeFile(join(dir, "Pulumi.yaml"), program.source);
        const path = await pathWithPulumiOnly(inject("pulumiBinDir") as string);
        cleanup.push(() => rm(path, { recursive: true, force: true }));
        const p = track(
          await downloadingStack(release, dir, stackConfig(emulator, user.apiKey), { PATH: path }),
        );
        expect(existsSync(join(dir, ".pulumi-home/plugins"))).toBe(false);
        await cycle(p, emulator, user);
        // The engine fetched the plugin of this release itself.
        expect(release.asked.some((a) => a.startsWith("GET /pulumi-resource-strategy-alerts-v"))).toBe(true);
      });

      // The npm route: the example names the package's folder under node_modules, relative to the
      // example's own root (one `npm ci` there serves every portfolio), which this copy keeps.
      it.each(examples("yaml"))("%s", CYCLE, async (dir) => {
        const user = await emulator.user();
        const top = dir.split("/").slice(0, 2).join("/");
        const root = await tempDir("psa-docs-yaml-example-");
        const copy = join(root, relative(join(REPO_ROOT, top), join(REPO_ROOT, dir)));
        await cp(join(REPO_ROOT, dir), copy, { recursive: true });
        await symlink(join(REPO_ROOT, "node_modules"), join(root, "node_modules"));
        const p = track(
          await PulumiProject.open(copy, {
            config: await exampleStackConfig(dir),
            // As the example's workflow passes them.
            env: { STRATEGY_ALERTS_API_KEY: user.apiKey, STRATEGY_ALERTS_BASE_URL: emulator.baseUrl },
          }),
        );
        await cycle(p, emulator, user);
      });
    });

    describe("Go", () => {
      let emulator: TestEmulator;
      let release: ReleaseServer;
      let path: string;
      beforeAll(async () => {
        emulator = await TestEmulator.start();
        cleanup.push(() => emulator.close());
        release = await releaseServer();
        cleanup.push(() => release.close());
        path = await pathWithPulumiAndGo(inject("pulumiBinDir") as string);
        cleanup.push(() => rm(path, { recursive: true, force: true }));
      });

      it.each(named(of("go")))("%s, with no Node.js", CYCLE, async (_, program) => {
        const user = await emulator.user();
        const dir = await goModuleDir();
        cleanup.push(() => rm(dir, { recursive: true, force: true }));
        await writeFile(join(dir, "main.go"), program.source);
        // Built once, as examples/go-portfolio's README builds its program: the engine then runs
        // the binary instead of building the program before each of the cycle's four commands.
        const binary = await buildAsReadme(dir);
        await writeFile(
          join(dir, "Pulumi.yaml"),
          `name: docs-program\nruntime:\n  name: go\n  options:\n    binary: ${binary}\n`,
        );
        const p = track(
          await downloadingStack(release, dir, stackConfig(emulator, user.apiKey), { PATH: path, ...GO_ENV }),
        );
        await cycle(p, emulator, user);
      });
    });

    describe("Python", () => {
      it("is not run under the engine: the toolchain has no Python language host", () => {
        // Pulumi's Python host is not served by the Go module proxy, and Pulumi's Python SDK needs
        // packages these machines cannot install (examples/python-portfolio/README.md). When a host
        // is provided, this fails: run the Python programs as the Go ones are run.
        const bin = inject("pulumiBinDir") as string;
        expect(existsSync(join(bin, "pulumi-language-python"))).toBe(false);
      });

      it.each(named(of("python")))("%s compiles and uses only names the SDK defines", async (_, program) => {
        const dir = await tempDir("psa-docs-python-");
        await writeFile(join(dir, "__main__.py"), program.source);
        execFileSync("python3", ["-m", "py_compile", join(dir, "__main__.py")], {
          stdio: ["ignore", "pipe", "pipe"],
          env: { ...process.env, PYTHONPYCACHEPREFIX: join(dir, "pycache") },
        });
        expect(undefinedNames(program.source)).toEqual([]);
      });
    });
  });
