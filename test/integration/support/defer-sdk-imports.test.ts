import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runProcess } from "../../support/process";

const ROOT = resolve(__dirname, "../../..");
const PRELOAD = join(ROOT, "test/support/defer-sdk-imports.cjs");

// Loads the SDK and notes what came with it; then does the two things those libraries are for:
// packages a project's dependencies as a cloud function's are, and serializes a function.
const SCRIPT = `
const pulumi = require("@pulumi/pulumi");
const loaded = () => ({
  arborist: Object.keys(require.cache).some((f) => f.includes("/@npmcli/arborist/")),
  typescript: Object.keys(require.cache).some((f) => f.endsWith("/typescript/lib/typescript.js")),
});
const withSdk = loaded();
(async () => {
  const paths = await pulumi.runtime.computeCodePaths();
  const greeting = "hello";
  const serialized = await pulumi.runtime.serializeFunction(() => greeting);
  console.log(JSON.stringify({ withSdk, afterUse: loaded(), files: [...paths.keys()], text: serialized.text }));
})();
`;

interface Report {
  withSdk: { arborist: boolean; typescript: boolean };
  afterUse: { arborist: boolean; typescript: boolean };
  files: string[];
  text: string;
}

/** The e2e harness's preload (test/e2e/harness.ts): Pulumi's processes as they are, only sooner. */
describe("deferring the Pulumi SDK's imports of arborist and TypeScript", () => {
  let project: string;
  beforeAll(async () => {
    project = await mkdtemp(join(tmpdir(), "psa-defer-sdk-imports-"));
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

  it("loads the SDK without them, and each when its work is done, with the same results", async () => {
    const [plain, deferred] = [await run(false), await run(true)];
    expect(plain.withSdk).toEqual({ arborist: true, typescript: true });
    expect(deferred.withSdk).toEqual({ arborist: false, typescript: false });
    expect(deferred.afterUse).toEqual({ arborist: true, typescript: true });
    expect(deferred.files).toEqual(plain.files);
    expect(deferred.files).toContain("node_modules/left-pad");
    expect(deferred.text).toEqual(plain.text);
    expect(deferred.text).toContain('"hello"');
  });
});
