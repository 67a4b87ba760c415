import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { version } from "../../../package.json";
import { type Bundle, bundlePlugin } from "../../../scripts/plugin-release/bundle";
import { externalImports } from "../../support/bundle-imports";

const REPO_ROOT = join(__dirname, "..", "..", "..");

// A single executable's `require` loads only Node's built-in modules: whatever else the plugin
// imports at run time must be inside the bundle.
describe("the release bundle of the plugin", () => {
  let dir: string;
  let bundle: Bundle;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "psa-release-bundle-"));
    bundle = await bundlePlugin(REPO_ROOT, dir, version);
  }, 60_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("imports only built-in modules, and the Pulumi SDK's index that the plugin never loads", () => {
    const outside = externalImports(bundle);
    expect(outside.notBuiltIn).toEqual(["@pulumi/pulumi"]);
    // The protocol stubs and gRPC are inside, not left to a require that would fail.
    const inputs = Object.keys(bundle.metafile.inputs);
    expect(inputs.some((i) => i.endsWith("@pulumi/pulumi/proto/provider_grpc_pb.js"))).toBe(true);
    expect(inputs.some((i) => i.includes("@grpc/grpc-js/"))).toBe(true);
    expect(inputs.some((i) => i.includes("node:sqlite") || i.startsWith("emulator/"))).toBe(false);
  });

  it("carries the package version, since no package.json sits beside an executable", async () => {
    expect(await readFile(bundle.file, "utf8")).toContain(JSON.stringify(version));
    expect(bundle.bytes).toBeLessThan(4_000_000);
  });
});
