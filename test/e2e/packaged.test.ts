import { readFileSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createClient } from "../../provider/api/client";
import { controlOk } from "../support/emulator";
import { type ProcessOptions, runProcess, startProcess } from "../support/process";
import { PulumiProject, packPackage, REPO_ROOT } from "./harness";

/**
 * The package as a user gets it: `npm pack`, installed into a Pulumi TypeScript project outside
 * the repository, shaped as `pulumi new typescript` makes one. Tests inside the repository cannot
 * see a file missing from the tarball, a dependency in the wrong section or a self-reference
 * that only resolves here; this one can.
 */
/** A command that must succeed: its output, or a throw with both streams. */
async function run(cmd: string, args: string[], opts: Partial<ProcessOptions> = {}) {
  const res = await runProcess(cmd, args, { cwd: tmpdir(), ...opts });
  if (res.code !== 0)
    throw new Error(`${cmd} ${args.join(" ")} exited with ${res.code}:\n${res.stdout}\n${res.stderr}`);
  return res;
}
const repoPackage = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as {
  version: string;
  devDependencies: Record<string, string>;
};
// Node 24 (from the repository's node_modules) first, as on a user's machine with Node >= 22.
const PATH = `${join(REPO_ROOT, "node_modules/.bin")}:${process.env.PATH ?? ""}`;
const FORBIDDEN_AT_RUN_TIME = ["node", "ts-node", "vitest", "@biomejs/biome", "fast-check"];

const PROGRAM = `import * as pulumi from "@pulumi/pulumi";
import * as sa from "pulumi-strategy-alerts";
import { honeypot } from "pulumi-strategy-alerts/fixtures";

const config = new pulumi.Config("portfolio");

const rules: sa.types.input.RuleItem[] = [
  { rule: "is_honeypot", dealbreaker: true },
  { rule: "liquidity_usd", dealbreaker: true, min: config.requireNumber("minLiquidity") },
  { rule: "risk_level", dealbreaker: false, value: "MEDIUM" },
];
const safety = new sa.Strategy("safety", {
  name: "Packaged safety",
  triggers: ["new_token_created"],
  rules,
  alertCooldownMins: 15,
});
new sa.StrategyActivation("active", { strategyIds: [safety.strategyId] });

// Read into the program, never managed: destroy leaves it alone.
const existing = sa.Strategy.get("made-in-the-app", config.require("existingStrategyId"));
const sameName = sa.getStrategiesOutput({ name: existing.name });
const account: pulumi.Output<sa.types.output.Account> = sa.getAccountOutput();
const describe = (s: sa.types.output.Strategy): string => \`\${s.name} (\${s.isActive ? "active" : "inactive"})\`;

// Every record of the API can be named, apart from the resource classes of the same name.
type Records = [
  sa.types.output.Strategy,
  sa.types.output.Account,
  sa.types.output.WebhookConfig,
  sa.types.output.Evaluation,
  sa.types.output.MatchResult,
  sa.types.output.BacktestJob,
  sa.types.output.BacktestResultRow,
  sa.types.output.Notification,
  sa.types.output.PerformanceSummary,
  sa.types.output.PerformanceJobStatus,
  sa.types.output.DeveloperRecord,
  sa.types.output.MicroblogTag,
  sa.types.input.EvaluationQuery,
  sa.types.input.NotificationListQuery,
];
export const namedRecords: Records["length"] = 14;
export const plan = account.plan;
export const existingName = existing.name;
export const sameNameFound = sameName.apply((list) => list.map(describe));
export const recognised = sa.Strategy.isInstance(safety) && !sa.Webhook.isInstance(safety);
export const strategyType = sa.Strategy.__pulumiType;
export const rejectsHoneypot = !sa.evaluateStrategy({ rules }, honeypot).matched;
`;

// What `pulumi new typescript` writes (no skipLibCheck, so our declarations are checked), plus
// esModuleInterop, which zod 4's own declarations need for any `tsc` run (docs/install.md, "TypeScript").
const TSCONFIG = {
  compilerOptions: {
    esModuleInterop: true,
    strict: true,
    outDir: "bin",
    target: "es2020",
    module: "commonjs",
    moduleResolution: "node",
    sourceMap: true,
    experimentalDecorators: true,
    pretty: true,
    noFallthroughCasesInSwitch: true,
    noImplicitReturns: true,
    forceConsistentCasingInFileNames: true,
  },
  files: ["index.ts"],
};

interface NpmTreeNode {
  version?: string;
  path?: string;
  dependencies?: Record<string, NpmTreeNode>;
}

/** Every package below a node of `npm ls --json --long`, except the subtrees of `skip`. */
function collect(tree: NpmTreeNode, skip: string[] = [], out: { name: string; path: string }[] = []) {
  for (const [name, node] of Object.entries(tree.dependencies ?? {})) {
    if (node.path) out.push({ name, path: node.path });
    if (!skip.includes(name)) collect(node, skip, out);
  }
  return out;
}

/** `strategy-alerts emulator` started from the installed package; resolves with its URLs. */
async function startInstalledEmulator(bin: string) {
  const running = await startProcess(bin, ["emulator", "--port", "0"], {
    cwd: tmpdir(),
    env: { ...process.env, PATH },
    // It prints the control plane's URL, then the API's base URL last.
    ready: /Control plane: (\S+)\n[\s\S]*listening: (\S+)\n/,
  });
  return { running, controlUrl: running.ready[1]!, baseUrl: running.ready[2]! };
}

describe.runIf(inject("pulumiBinDir"))("the packed package in a user's Pulumi project", () => {
  let packDir: string;
  let tarball: string;
  let project: PulumiProject;
  let emulator: Awaited<ReturnType<typeof startInstalledEmulator>>;
  let apiKey: string;
  let existingId: string;

  beforeAll(async () => {
    packDir = await mkdtemp(join(tmpdir(), "psa-pack-"));
    tarball = await packPackage(packDir);

    project = await PulumiProject.create({
      name: "user-portfolio",
      program: PROGRAM,
      linkRepoModules: false,
      packageJson: {
        dependencies: {
          "@pulumi/pulumi": `^${repoPackage.devDependencies["@pulumi/pulumi"]}`,
          "pulumi-strategy-alerts": `file:${tarball}`,
        },
        devDependencies: {
          "@types/node": repoPackage.devDependencies["@types/node"],
          typescript: repoPackage.devDependencies.typescript,
        },
      },
      files: { "tsconfig.json": JSON.stringify(TSCONFIG, null, 2) },
      // The user's default: the language host type-checks the program with the user's tsconfig.
      typeCheck: true,
    });
    await run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline"], {
      cwd: project.dir,
      env: { ...process.env, PATH },
    });

    emulator = await startInstalledEmulator(join(project.dir, "node_modules/.bin/strategy-alerts"));
    ({ apiKey } = await controlOk<{ apiKey: string }>(emulator, "POST", "/users", {
      plan: "PRO",
      limits: { requestsPerMinute: 10_000 },
    }));
    const client = createClient({ apiKey, baseUrl: emulator.baseUrl });
    const made = await client.strategies.create({
      name: "Made in the app",
      triggers: ["token_graduated"],
      rules: [{ rule: "is_honeypot", dealbreaker: true }],
      isActive: false,
    });
    existingId = made.id;
    await project.setConfigs({
      "strategy-alerts:apiKey": { value: apiKey, secret: true },
      "strategy-alerts:baseUrl": { value: emulator.baseUrl },
      "portfolio:minLiquidity": { value: "10000" },
      "portfolio:existingStrategyId": { value: existingId },
    });
  });

  afterAll(async () => {
    await emulator?.running.stop("SIGTERM");
    await project?.cleanup();
    if (packDir) await rm(packDir, { recursive: true, force: true });
  });

  it("ships dist, the plugin executable, README and license, and no source maps", async () => {
    const { stdout } = await run("tar", ["-tzf", tarball]);
    const files = stdout.trim().split("\n");
    expect(files).toContain("package/dist/provider/index.js");
    expect(files).toContain("package/dist/provider/index.d.ts");
    expect(files).toContain("package/dist/cli/index.js");
    expect(files).toContain("package/README.md");
    expect(files).toContain("package/LICENSE");
    expect(files).toContain("package/pulumi-resource-strategy-alerts");
    expect(files.filter((f) => f.endsWith(".map"))).toEqual([]);
    const outside = files.filter(
      (f) =>
        !f.startsWith("package/dist/") &&
        ![
          "package/README.md",
          "package/LICENSE",
          "package/package.json",
          "package/pulumi-resource-strategy-alerts",
        ].includes(f),
    );
    expect(outside).toEqual([]);
  });

  it("brings no toolchain or test tooling at run time, one Pulumi SDK and no install script", async () => {
    const ls = await run("npm", ["ls", "--omit=dev", "--all", "--long", "--json"], { cwd: project.dir });
    const runtime = collect(JSON.parse(ls.stdout) as NpmTreeNode);
    const names = new Set(runtime.map((p) => p.name));
    for (const name of FORBIDDEN_AT_RUN_TIME)
      expect(names.has(name), `${name} installed at run time`).toBe(false);
    expect(new Set(runtime.filter((p) => p.name === "@pulumi/pulumi").map((p) => p.path)).size).toBe(1);

    // Everything the package itself brings (its own tree; the SDK is the user's) has no
    // TypeScript and runs no install script.
    const ours = JSON.parse(ls.stdout).dependencies["pulumi-strategy-alerts"] as NpmTreeNode;
    const brought = [
      { name: "pulumi-strategy-alerts", path: ours.path ?? "" },
      ...collect(ours, ["@pulumi/pulumi"]),
    ];
    expect(brought.map((p) => p.name)).not.toContain("typescript");
    const withScripts: string[] = [];
    for (const dep of brought) {
      if (dep.name === "@pulumi/pulumi") continue;
      const pkg = JSON.parse(await readFile(join(dep.path, "package.json"), "utf8")) as {
        scripts?: Record<string, string>;
      };
      if (["preinstall", "install", "postinstall"].some((s) => pkg.scripts?.[s])) withScripts.push(dep.name);
    }
    expect(withScripts).toEqual([]);
  });

  it("type-checks a program naming sa.types, Strategy.get, an Output lookup and the fixtures subpath with the user's tsconfig", async () => {
    const tsc = await runProcess(join(project.dir, "node_modules/.bin/tsc"), ["--noEmit", "-p", "."], {
      cwd: project.dir,
      env: { ...process.env, PATH },
    });
    expect(tsc.stdout).toBe("");
    expect(tsc.code).toBe(0);
  });

  it("runs the command's help from the installed bin", async () => {
    const help = await run(join(project.dir, "node_modules/.bin/strategy-alerts"), ["--help"], {
      env: { ...process.env, PATH },
    });
    expect(help.stdout).toMatch(/usage: strategy-alerts <command>/);
    expect(help.stdout).toMatch(/emulator/);
  });

  it("previews, applies, previews no change, updates and destroys against the installed emulator", async () => {
    // The first command type-checks the program as the user's default project does; the program
    // does not change after it (config only), so the commands after it run it transpile-only
    // rather than type-check the same program again.
    const preview = await project.preview();
    expect(preview.changes.create).toBe(4); // stack, strategy, activation, account pin
    expect(preview.steps.find((s) => s.urn.endsWith("::made-in-the-app"))?.op).toBe("read");

    const transpileOnly = { env: { PULUMI_NODEJS_TRANSPILE_ONLY: "true" } };
    await project.up(transpileOnly);
    const outputs = await project.outputs();
    expect(outputs).toMatchObject({
      plan: "PRO",
      existingName: "Made in the app",
      sameNameFound: ["Made in the app (inactive)"],
      recognised: true,
      strategyType: "pulumi-nodejs:dynamic/strategy-alerts:Strategy",
      rejectsHoneypot: true,
    });
    const client = createClient({ apiKey, baseUrl: emulator.baseUrl });
    const afterUp = (await client.strategies.list()).strategies;
    const safety = afterUp.find((s) => s.name === "Packaged safety");
    expect(safety?.isActive).toBe(true);

    const noChange = await project.preview(transpileOnly);
    for (const op of ["create", "update", "delete", "replace"]) expect(noChange.changes[op]).toBeUndefined();

    await project.setConfig("portfolio:minLiquidity", "25000");
    const update = await project.up(transpileOnly);
    expect(update.changes.update).toBe(1);
    const updated = await client.strategies.get(safety?.id ?? "");
    expect(updated.dealbreakers.find((d) => d.ruleType === "liquidity_usd")?.value).toBe(25000);

    await project.destroy();
    const left = (await client.strategies.list()).strategies.map((s) => s.name);
    expect(left).toEqual(["Made in the app"]);
  });
});
