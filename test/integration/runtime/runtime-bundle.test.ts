import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { expectBuiltFromCurrentSources } from "../../support/built-from-sources";
import { runProcess } from "../../support/process";
import { REPO } from "../../support/source-imports";

const BUNDLE = join(REPO, "dist/provider/runtime/bundle.js");
const KINDS = ["Strategy", "StrategyActivation", "Webhook", "FollowedDeveloper", "DeveloperTags"];

/** What the dynamic-provider host does: the SDK is loaded, then the runtime by its package name. */
const HOST = `
require("@pulumi/pulumi");
const before = new Set(Object.keys(require.cache));
const runtime = require("pulumi-strategy-alerts/runtime");
const loaded = Object.keys(require.cache).filter((file) => !before.has(file));
const operations = ${JSON.stringify(KINDS)}.map((kind) => Object.keys(runtime.handler(kind)).sort().join(","));
console.log(JSON.stringify({ loaded, operations, configure: typeof runtime.configure }));
`;

describe("the runtime export (`pulumi-strategy-alerts/runtime`)", () => {
  it("is one file, built from the current sources (run `npm run build` first)", () => {
    expectBuiltFromCurrentSources("dist/provider/runtime/bundle.js");
  });

  it("loads as that one file beside the SDK, and serves every kind", async () => {
    const { NODE_OPTIONS: _options, ...env } = process.env;
    const result = await runProcess(process.execPath, ["-e", HOST], { cwd: REPO, env });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as { loaded: string[]; operations: string[]; configure: string };
    expect(report.loaded).toEqual([BUNDLE]);
    expect(report.operations).toEqual(KINDS.map(() => "check,create,delete,diff,read,update"));
    expect(report.configure).toBe("function");
  });
});
