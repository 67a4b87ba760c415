import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { version } from "../../package.json";
import { TestEmulator as Emulator, stackConfig, type TestEmulator } from "./emulator-fixture";
import { GO_ENV, GO_PROJECT, goPortfolioDir, pathWithPulumiAndGo } from "./go-portfolio-fixture";
import type { PulumiProject } from "./harness";
import { REPO_ROOT } from "./harness";
import {
  downloadingStack,
  pathWithPulumiOnly,
  type ReleaseServer,
  releaseServer,
} from "./plugin-download-fixture";
import { builtReleaseTarball, exampleProgram, portfolioConfig } from "./yaml-portfolio-fixture";

/**
 * The engine installs the provider by itself (plugin-download-fixture.ts): the YAML program names
 * the version and URL in a resource's options; the Go program's SDK carries them in its
 * pulumi-plugin.json.
 */

/** The YAML example without its `plugins:` section; its first resource names version and URL. */
function yamlProgram(example: string, downloadUrl: string): string {
  const bare = example.replace(/\nplugins:\n(?: {2,}.*\n|\s*#.*\n)*/, "\n");
  const first = "  safety-first:\n    type: strategy-alerts:index:Strategy\n";
  if (!bare.includes(first)) throw new Error("the example has no safety-first strategy");
  return bare.replace(
    first,
    `${first}    options:\n      version: ${version}\n      pluginDownloadURL: ${downloadUrl}\n`,
  );
}

describe.runIf(inject("pulumiBinDir"))("the engine downloads the provider from its release", () => {
  let emulator: TestEmulator;
  let release: ReleaseServer;
  let downloadUrl: string;
  const dirs: string[] = [];
  const projects: PulumiProject[] = [];
  const tarball = () => `GET /${basename(builtReleaseTarball())}`;

  beforeAll(async () => {
    emulator = await Emulator.start();
    release = await releaseServer();
    downloadUrl = release.downloadUrl;
    expect(downloadUrl).toMatch(/^github:\/\/api\.github\.com\/[^/]+\/[^/]+$/);
  });
  afterAll(async () => {
    await Promise.all(projects.map((p) => p.cleanup()));
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
    await release?.close();
    await emulator?.close();
  });

  /** A stack of `dir` whose engine downloads the plugin from the release server. */
  async function downloadingStackOf(
    dir: string,
    config: Record<string, { value: string; secret?: boolean }>,
    env: Record<string, string>,
  ): Promise<PulumiProject> {
    const p = await downloadingStack(release, dir, config, env);
    projects.push(p);
    expect(existsSync(join(dir, ".pulumi-home/plugins"))).toBe(false);
    return p;
  }

  const installed = async (p: PulumiProject) =>
    (await readdir(join(p.dir, ".pulumi-home/plugins"))).filter(
      (f) => f === `resource-strategy-alerts-v${version}`,
    );

  it("YAML: a program naming version and pluginDownloadURL in a resource's options", {
    timeout: 600_000,
  }, async () => {
    const user = await emulator.user("DEGEN");
    const dir = await mkdtemp(join(tmpdir(), "psa-download-yaml-"));
    dirs.push(dir);
    await writeFile(join(dir, "Pulumi.yaml"), yamlProgram(await exampleProgram(), downloadUrl));
    const onlyPulumi = await pathWithPulumiOnly(inject("pulumiBinDir") as string);
    dirs.push(onlyPulumi);
    const p = await downloadingStackOf(dir, await portfolioConfig(emulator, user), { PATH: onlyPulumi });

    const before = release.asked.length;
    const preview = await p.preview();
    expect(preview.changes.create).toBe(8); // the stack and the seven resources
    expect(release.asked.slice(before)).toEqual([tarball()]);
    expect(await installed(p)).toHaveLength(1);
    const up = await p.up();
    expect(up.changes.create).toBe(8);
    expect((await user.client.strategies.list()).strategies).toHaveLength(3);
    expect(release.asked.slice(before)).toEqual([tarball()]);
    const destroy = await p.destroy();
    expect(destroy.changes.delete).toBe(8);
  });

  it("Go: the SDK's pulumi-plugin.json names version and download URL", { timeout: 600_000 }, async () => {
    const user = await emulator.user("DEGEN");
    const dir = await goPortfolioDir();
    dirs.push(dir);
    const path = await pathWithPulumiAndGo(inject("pulumiBinDir") as string);
    dirs.push(path);
    const plugin = JSON.parse(
      await readFile(join(REPO_ROOT, "sdk/go/strategyalerts/pulumi-plugin.json"), "utf8"),
    ) as { server: string; version: string };
    expect([plugin.server, plugin.version]).toEqual([downloadUrl, version]);
    const p = await downloadingStackOf(
      dir,
      {
        ...stackConfig(emulator, user.apiKey),
        [`${GO_PROJECT}:webhookUrl`]: { value: "http://127.0.0.1:9/alerts" },
        [`${GO_PROJECT}:requireVerified`]: { value: "false" },
      },
      { PATH: path, ...GO_ENV },
    );

    const before = release.asked.length;
    const preview = await p.preview();
    expect(preview.changes.create).toBe(8);
    expect(release.asked.slice(before)).toEqual([tarball()]);
    expect(await installed(p)).toHaveLength(1);
    const up = await p.up();
    expect(up.changes.create).toBe(8);
    expect((await user.client.strategies.list()).strategies).toHaveLength(3);
    const destroy = await p.destroy();
    expect(destroy.changes.delete).toBe(8);
  });
});
