import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { version } from "../../../package.json";
import { type Bundle, bundleTools } from "../../../scripts/plugin-release/bundle";
import { externalImports } from "../../support/bundle-imports";

const REPO_ROOT = join(__dirname, "..", "..", "..");

// A single executable's `require` loads only Node's built-in modules: whatever the command loads
// at run time, lazily loaded subcommands and modules included, must be inside the bundle.
describe("the release bundle of the strategy-alerts command", () => {
  let dir: string;
  let bundle: Bundle;
  let text: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "psa-tools-bundle-"));
    bundle = await bundleTools(REPO_ROOT, dir, version);
    text = await readFile(bundle.file, "utf8");
  }, 60_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("imports only built-in modules, node:sqlite among them", () => {
    const outside = externalImports(bundle);
    expect(outside.notBuiltIn).toEqual([]);
    expect(outside.all).toContain("node:sqlite");
  });

  it("holds every subcommand and what they load on first use", () => {
    const inputs = Object.keys(bundle.metafile.inputs);
    for (const module of [
      "cli/commands/review.ts",
      "cli/doctor/run.ts",
      "cli/import/import-account.ts",
      "cli/recover/recover-stack.ts",
      "emulator/cli.ts",
      "provider/review/render.ts",
      "provider/api/client-parts.ts",
    ])
      expect(inputs, module).toContain(module);
    for (const dependency of ["node_modules/fastify/", "node_modules/zod/", "node_modules/undici/"])
      expect(
        inputs.some((i) => i.startsWith(dependency)),
        dependency,
      ).toBe(true);
  });

  it("starts one command: only the entry's main-module guard is left", () => {
    expect(text.match(/require\.main===module/g)).toHaveLength(1);
  });

  it("carries the version and import's package.json, since no file sits beside an executable", () => {
    expect(text).toContain(JSON.stringify(version));
    expect(text).toContain(`{"name":"pulumi-strategy-alerts","version":${JSON.stringify(version)},`);
    expect(bundle.bytes).toBeLessThan(4_000_000);
  });
});
