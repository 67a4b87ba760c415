import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runProcess } from "../../support/process";

const ROOT = resolve(__dirname, "../../..");
const PRELOAD = join(ROOT, "test/support/defer-arborist.cjs");

// Loads the SDK, notes whether arborist came with it, then packages a project's code the way a
// cloud function's is packaged: the one SDK function that uses arborist.
const SCRIPT = `
const pulumi = require("@pulumi/pulumi");
const arborist = () => Object.keys(require.cache).some((f) => f.includes("/@npmcli/arborist/"));
const withSdk = arborist();
pulumi.runtime.computeCodePaths().then((paths) => {
  console.log(JSON.stringify({ withSdk, afterUse: arborist(), files: [...paths.keys()] }));
});
`;

interface Report {
  withSdk: boolean;
  afterUse: boolean;
  files: string[];
}

/** The e2e harness's preload (test/e2e/harness.ts): Pulumi's processes as they are, only sooner. */
describe("deferring Pulumi's import of @npmcli/arborist", () => {
  let project: string;
  beforeAll(async () => {
    project = await mkdtemp(join(tmpdir(), "psa-defer-arborist-"));
    // A dependency installed in node_modules: what arborist's tree of the project must find.
    const dep = join(project, "node_modules", "left-pad");
    await mkdir(dep, { recursive: true });
    await writeFile(join(dep, "package.json"), JSON.stringify({ name: "left-pad", version: "1.3.0" }));
    await writeFile(join(dep, "index.js"), "module.exports = (s) => s;\n");
    await writeFile(
      join(project, "package.json"),
      JSON.stringify({ name: "p", version: "1.0.0", dependencies: { "left-pad": "1.3.0" } }),
    );
  });
  afterAll(() => rm(project, { recursive: true, force: true }));

  async function run(preload: boolean): Promise<Report> {
    const { NODE_OPTIONS: _options, ...env } = process.env;
    const result = await runProcess(
      process.execPath,
      [...(preload ? ["--require", PRELOAD] : []), "-e", SCRIPT],
      // The project's own directory; the SDK resolves from this repository.
      { cwd: project, env: { ...env, NODE_PATH: join(ROOT, "node_modules") } },
    );
    expect(result.code, result.stderr).toBe(0);
    return JSON.parse(result.stdout.trim().split("\n").pop() ?? "") as Report;
  }

  it("loads the SDK without arborist, and loads it when a function's code is packaged", async () => {
    const [plain, deferred] = [await run(false), await run(true)];
    expect(plain.withSdk).toBe(true);
    expect(deferred.withSdk).toBe(false);
    expect(deferred.afterUse).toBe(true);
    expect(deferred.files).toEqual(plain.files);
    expect(deferred.files).toContain("node_modules/left-pad");
  });
});
