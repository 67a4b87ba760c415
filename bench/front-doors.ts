/**
 * The two front doors side by side: the same portfolio (N strategies and the activation holding
 * them) through the provider plugin (a Pulumi YAML program) and through the dynamic resources
 * (a TypeScript program), each beside the floor of a bare program of the same shape whose
 * resources do nothing, in the same language:
 *
 * - TypeScript: component resources (the engine and the Node.js language host, no provider), and
 *   dynamic resources whose provider does nothing (adds Pulumi's dynamic-provider machinery:
 *   the provider text in every resource's inputs and the dynamic-provider host); the floor is the latter;
 * - YAML: resources of a provider plugin whose operations do nothing (the SDK's provider server);
 * - named in `--doors`, floors of both kinds whose outputs also hold what the service answers
 *   (`bare-ts-dynamic-outputs`, `bare-yaml-outputs`): a state about the package's size, so the
 *   engine's cost of storing and sending that state is told from the package's own work.
 *
 * Per phase (up, preview, refresh, change, destroy) it records requests and wall time, and the
 * time the bare client needs for the same minimum requests, one after the other, against the same
 * emulator. One account per door and round, DEGEN with the rate and the active limit lifted: the
 * rate does not bind. Rounds run the doors one after the other (side by side, so a machine that
 * slows down hurts every door alike), and every figure is the median over the rounds.
 */
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import type { RunningEmulator } from "../emulator/server";
import { version as packageVersion } from "../package.json";
import { createClient } from "../provider/api/client";
import { releaseExecutable } from "../scripts/plugin-release";
import { controlOk } from "../test/support/emulator";
import { yamlPortfolio } from "../test/support/yaml-program";
import { type GoBinaries, goBinaries } from "./go-binaries";
import { BenchProject, type CommandRun, ROOT } from "./pulumi-project";

const FRONT_DOOR_PHASES = ["up", "preview", "refresh", "change", "destroy"] as const;
type FrontPhase = (typeof FRONT_DOOR_PHASES)[number];

const DOORS = [
  "bare-ts-components",
  "bare-ts-dynamic",
  // The same no-op dynamic provider storing outputs of the service's shape (when listed in --doors).
  "bare-ts-dynamic-outputs",
  "dynamic-ts",
  "dynamic-ts-baseline",
  "bare-yaml",
  // The same no-op plugin storing outputs of the service's shape (measured when listed in --doors).
  "bare-yaml-outputs",
  "plugin-yaml",
  // The release binary of `npm run plugin:release` (measured when it has been built).
  "release-yaml",
  // The native floor (bench/go/floor-provider, a Go provider doing nothing) under a YAML program
  // of the same shape: the floor of every non-TypeScript door (when listed in --doors).
  "bare-yaml-native",
  // The same two YAML doors with their plugin installed in the project's PULUMI_HOME (`pulumi
  // plugin install … --file`) instead of named by path in Pulumi.yaml: the engine then caches
  // the plugin's schema after the first command, as on a user's machine.
  "bare-yaml-native-installed",
  "release-yaml-installed",
  // A Go program of the same shape over the native floor (when listed in --doors).
  "bare-go",
  // The portfolio in Go on the generated SDK (sdk/go) with the release binary (when listed in --doors).
  "go",
] as const;
export type Door = (typeof DOORS)[number];
const TS_DOORS: readonly Door[] = ["bare-ts-components", "bare-ts-dynamic", "dynamic-ts"];
const YAML_DOORS: readonly Door[] = ["bare-yaml", "plugin-yaml", "release-yaml"];
const isYaml = (door: Door) => door.includes("yaml");
const isGo = (door: Door) => door === "go" || door === "bare-go";
/** Doors that need the bench's Go binaries (bench/go-binaries.ts). */
const NATIVE_DOORS: readonly Door[] = ["bare-yaml-native", "bare-yaml-native-installed", "bare-go", "go"];
/** Doors that run the release binary. */
const RELEASE_DOORS: readonly Door[] = ["release-yaml", "release-yaml-installed", "go"];
/** Doors whose plugin is installed rather than named by path: [name, version, file]. */
function installedPlugin(door: Door): [string, string, string] | undefined {
  if (door === "release-yaml-installed") return ["strategy-alerts", packageVersion, releaseExecutable()];
  if (door === "bare-yaml-native-installed")
    return ["floor", "0.0.1", join(needGo().floorProviderDir, "pulumi-resource-floor")];
  return undefined;
}
/** A YAML program without its `plugins` section: the engine finds the installed plugin. */
const withoutPlugins = (yaml: string) => yaml.replace(/^plugins:\n(?: {2,}.*\n)+/m, "");
/** The bench's Go binaries, built before the first round when a door needs them. */
let goBins: GoBinaries | undefined;

export interface FrontDoorOptions {
  /**
   * Which doors: both (default), only the TypeScript or the YAML door with its floors, or a
   * list of door names (e.g. `bare-ts-dynamic,dynamic-ts`).
   */
  doors: "all" | "ts" | "yaml" | readonly Door[];
  /** Rounds of every door; figures are medians over them. */
  rounds: number;
  /**
   * A checkout of the package built at another commit (its dist/ and node_modules/): its dynamic
   * resources run as one more door, `dynamic-ts-baseline`, in the same rounds (before and after
   * a change, side by side).
   */
  baselineRoot?: string;
}

interface Entry {
  method: string;
  route: string | null;
  status: number | null;
  userId: string | null;
}

interface FrontDoorRow {
  door: Door;
  n: number;
  round: number;
  phase: FrontPhase;
  exitCode: number;
  wallMs: number;
  requests: number;
  requestsByRoute: Record<string, number>;
}

interface FrontDoorSummary {
  n: number;
  phase: FrontPhase;
  bareClientMs: number;
  plugin: { wallMs: number; requests: number; budgetMs: number; ratio: number };
  dynamic: { wallMs: number; requests: number; budgetMs: number; ratio: number };
  /** The baseline build's dynamic resources, when measured (`baselineRoot`). */
  baseline?: { wallMs: number; requests: number; budgetMs: number; ratio: number };
  /** The release binary's row against the same floor as the script plugin's. */
  release?: { wallMs: number; requests: number; budgetMs: number; ratio: number };
  /**
   * The release binary against the floor whose state holds outputs of the service's shape
   * (`bare-yaml-outputs`, when measured): what is left once the state's size is the same.
   */
  releaseSameState?: { wallMs: number; requests: number; budgetMs: number; ratio: number };
  /**
   * The release binary against the native floor (`bare-yaml-native`, when measured): a YAML
   * program of the same shape over a Go provider that does nothing.
   */
  releaseNative?: { wallMs: number; requests: number; budgetMs: number; ratio: number };
  /** Both installed (`release-yaml-installed` against `bare-yaml-native-installed`), when measured. */
  releaseInstalled?: { wallMs: number; requests: number; budgetMs: number; ratio: number };
  /** The Go door (sdk/go and the release binary) against the Go floor program over the native floor. */
  go?: { wallMs: number; requests: number; budgetMs: number; ratio: number };
  /** The dynamic resources against `bare-ts-dynamic-outputs`, likewise. */
  dynamicSameState?: { wallMs: number; requests: number; budgetMs: number; ratio: number };
  pluginRequestsAtMostDynamic: boolean;
  /** Where the dynamic resources' time goes, by subtraction of measured rows. */
  dynamicBreakdownMs: { engineAndHost: number; dynamicMachinery: number; runtimeAndRequests: number };
}

export interface FrontDoorReport {
  rounds: number;
  /** Every run; the summaries hold the medians over the rounds. */
  rows: FrontDoorRow[];
  summaries: FrontDoorSummary[];
  /** Bytes of the `__provider` text (the package's, or the SDK's serialized closure) the engine stores with each dynamic resource. */
  serializedProviderBytes: {
    dynamic: number;
    bareDynamic: number;
    baseline?: number;
    bareDynamicOutputs?: number;
  };
  targets: { pluginRequestsAtMostDynamic: boolean; pluginWithin1_2x: boolean; dynamicWithin1_2x: boolean };
}

const RULES = (min: number) => `[
    { rule: "liquidity_usd", dealbreaker: true, min: ${min} },
    { rule: "has_website", dealbreaker: false },
    { rule: "risk_level", dealbreaker: false, value: "MEDIUM" },
  ]`;

function tsItems(n: number, min: number, ctor: string): string {
  const items = Array.from(
    { length: n },
    (_, i) =>
      `const s${i} = new ${ctor}("s${i}", { name: "s strategy ${i}", triggers: ["new_token_created"], rules: ${RULES(min + i)} });`,
  ).join("\n");
  return items;
}

const ids = (n: number, field: string) => Array.from({ length: n }, (_, i) => `s${i}.${field}`).join(", ");

/** The portfolio through the package's dynamic resources. */
function dynamicProgram(n: number, min: number): string {
  return `import * as sa from "pulumi-strategy-alerts";
${tsItems(n, min, "sa.Strategy")}
new sa.StrategyActivation("active", { strategyIds: [${ids(n, "strategyId")}] });
`;
}

/**
 * What the service answers for a strategy beside its inputs: the account, the times, and the
 * rules stored as dealbreakers and in the product groups that hold them (as a create answers; a
 * list read, which the package's state holds after a refresh, adds the empty groups), each with
 * an id. A floor whose provider returns these holds a state about as large as the package's (never
 * larger), which tells the engine's cost of storing the service's outputs from the package's own
 * work.
 */
const SERVICE_OUTPUTS = `function serviceOutputs(id, inputs, createdAt) {
  if (!Array.isArray(inputs.rules)) return inputs;
  const account = "00000000-0000-4000-8000-000000000000";
  const stored = (r) => ({
    enabled: true,
    id: crypto.randomUUID(),
    operator: r.min !== undefined ? "greater_than" : r.value !== undefined ? "equals" : "is",
    ruleType: r.rule,
    value: r.min ?? r.value ?? true,
  });
  const groups = { security: [], market: [], socials: [], ai: [] };
  for (const r of inputs.rules.filter((r) => !r.dealbreaker))
    groups[r.rule.startsWith("has_") ? "socials" : "security"].push(stored(r));
  const now = new Date().toISOString();
  return {
    ...inputs,
    accountId: account,
    createdAt: createdAt ?? now,
    dealbreakers: inputs.rules.filter((r) => r.dealbreaker).map(stored),
    isActive: true,
    ruleGroups: Object.entries(groups)
      .filter(([, rules]) => rules.length > 0)
      .map(([gid, rules]) => ({ id: gid, logic: "AND", name: gid, rules })),
    strategyId: id,
    updatedAt: now,
    userId: account,
  };
}`;

/** The same shape as dynamic resources whose provider does nothing. */
function bareDynamicProgram(n: number, min: number): string {
  return `import * as pulumi from "@pulumi/pulumi";
const noop: pulumi.dynamic.ResourceProvider = {
  async create(inputs) { return { id: String(inputs.name), outs: inputs }; },
  async diff(_id, olds, news) { return { changes: JSON.stringify(olds.rules) !== JSON.stringify(news.rules) }; },
  async update(_id, _olds, news) { return { outs: news }; },
  async delete() {},
};
class Item extends pulumi.dynamic.Resource {
  constructor(name: string, args: Record<string, unknown>) { super(noop, name, args, {}); }
}
${tsItems(n, min, "Item")}
new Item("active", { name: "active", strategyIds: [${ids(n, "id")}] });
`;
}

/** The no-op dynamic provider returning the service's outputs, as a file of the program's project. */
const NOOP_PROVIDER_FILE = "noop-provider.js";
const NOOP_PROVIDER_WITH_OUTPUTS = `${SERVICE_OUTPUTS}
module.exports = {
  async create(inputs) { const id = String(inputs.name); return { id, outs: serviceOutputs(id, inputs) }; },
  async diff(_id, olds, news) { return { changes: JSON.stringify(olds.rules) !== JSON.stringify(news.rules) }; },
  async update(id, olds, news) { return { outs: serviceOutputs(id, news, olds.createdAt) }; },
  async delete() {},
};
`;

/**
 * The same, whose provider returns the service's outputs. Its resources carry a short provider
 * text that loads the provider from the project, as the package's resources load its runtime
 * (provider/resources/provider-shell.ts), instead of a serialized closure: the state then holds
 * what the package's holds, and no more.
 */
function bareDynamicOutputsProgram(n: number, min: number): string {
  const text = `exports.handler = () => require("node:module").createRequire(process.cwd() + "/")("./${NOOP_PROVIDER_FILE}");\n`;
  return `import * as pulumi from "@pulumi/pulumi";
class Item extends pulumi.CustomResource {
  constructor(name: string, args: Record<string, unknown>) {
    super("pulumi-nodejs:dynamic:Resource", name, { ...args, __provider: ${JSON.stringify(text)} }, {});
  }
}
${tsItems(n, min, "Item")}
new Item("active", { name: "active", strategyIds: [${ids(n, "id")}] });
`;
}

/** The same shape as component resources: no provider at all (the engine and the language host). */
function bareComponentProgram(n: number, min: number): string {
  return `import * as pulumi from "@pulumi/pulumi";
class Item extends pulumi.ComponentResource {
  constructor(name: string, args: Record<string, unknown>) {
    super("bench:index:Item", name, {}, {});
    this.registerOutputs(args);
  }
}
${tsItems(n, min, "Item")}
new Item("active", { name: "active", strategyIds: [${ids(n, "urn")}] });
`;
}

/**
 * A provider plugin (the SDK's provider server) whose operations do nothing, with its schema.
 * With `serviceOutputs`, a strategy's outputs also hold what the service answers
 * (SERVICE_OUTPUTS).
 */
function barePlugin(serviceOutputs: boolean): string {
  return `#!/usr/bin/env node
const { main } = require("@pulumi/pulumi/provider");
const item = {
  inputProperties: {
    name: { type: "string" },
    triggers: { type: "array", items: { type: "string" } },
    rules: { type: "array", items: { type: "object", additionalProperties: { $ref: "pulumi.json#/Any" } } },
    strategyIds: { type: "array", items: { type: "string" } },
  },
  properties: { name: { type: "string" } },
};
const schema = JSON.stringify({ name: "bare", version: "0.0.1", resources: { "bare:index:Item": item } });
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
${serviceOutputs ? SERVICE_OUTPUTS : ""}
main(
  {
    version: "0.0.1",
    schema,
    async check(_urn, _olds, news) { return { inputs: news }; },
    async diff(_id, _urn, olds, news) { return { changes: !same(olds.rules, news.rules) || !same(olds.strategyIds, news.strategyIds) }; },
    async create(_urn, inputs) { const id = String(inputs.name); return { id, outs: ${serviceOutputs ? "serviceOutputs(id, inputs)" : "inputs"} }; },
    async update(id, _urn, olds, news) { return { outs: ${serviceOutputs ? "serviceOutputs(id, news, olds.createdAt)" : "news"} }; },
    async delete() {},
  },
  process.argv.slice(2),
);
`;
}

function bareYamlProgram(name: string, n: number, min: number, native = false): string {
  const items = Array.from(
    { length: n },
    (_, i) => `  s${i}:
    type: ${native ? "floor:index:Thing" : "bare:index:Item"}
    properties:
      name: s strategy ${i}
      triggers: [new_token_created]
      rules:
        - { rule: liquidity_usd, dealbreaker: true, min: ${min + i} }
        - { rule: has_website, dealbreaker: false }
        - { rule: risk_level, dealbreaker: false, value: MEDIUM }
`,
  ).join("");
  const refs = Array.from({ length: n }, (_, i) => `        - \${s${i}.id}\n`).join("");
  return `name: ${name}
runtime: yaml
plugins:
  providers:
    - name: ${native ? `floor\n      path: ${needGo().floorProviderDir}` : "bare\n      path: ./bare-plugin"}
resources:
${items}  active:
    type: ${native ? "floor:index:Thing" : "bare:index:Item"}
    properties:
      name: active
      strategyIds:${n === 0 ? " []\n" : `\n${refs}`}`;
}

function needGo(): GoBinaries {
  if (!goBins) throw new Error("the bench's Go binaries are not built");
  return goBins;
}

/**
 * A Go project run as a prebuilt binary: the Go door (the release binary as the provider plugin)
 * or the Go floor (the native floor). N and the rule a change moves are the project's config.
 */
function goProgram(door: "go" | "bare-go", n: number, min: number): string {
  const bins = needGo();
  const [main, binary, plugin, dir] =
    door === "go"
      ? ["portfolio", bins.portfolioProgram, "strategy-alerts", dirname(releaseExecutable())]
      : ["floor-portfolio", bins.floorProgram, "floor", bins.floorProviderDir];
  // The program's folder is the source in bench/go (the host lists its packages from there, as
  // in a user's project); what runs is the binary built from it.
  return `name: bench-${door}
main: ${join(ROOT, "bench/go", main)}
runtime:
  name: go
  options:
    binary: ${binary}
plugins:
  providers:
    - name: ${plugin}
      path: ${dir}
config:
  n: ${n}
  min: ${min}
`;
}

function program(door: Door, n: number, min: number): string {
  switch (door) {
    case "bare-ts-components":
      return bareComponentProgram(n, min);
    case "bare-ts-dynamic":
      return bareDynamicProgram(n, min);
    case "bare-ts-dynamic-outputs":
      return bareDynamicOutputsProgram(n, min);
    case "dynamic-ts":
    case "dynamic-ts-baseline":
      return dynamicProgram(n, min);
    case "bare-yaml":
    case "bare-yaml-outputs":
      return bareYamlProgram(`bench-${door}`, n, min);
    case "plugin-yaml":
      return yamlPortfolio("bench-plugin-yaml", n, min);
    case "release-yaml":
      return yamlPortfolio("bench-release-yaml", n, min, "s", dirname(releaseExecutable()));
    case "bare-yaml-native":
      return bareYamlProgram(`bench-${door}`, n, min, true);
    case "bare-yaml-native-installed":
      return withoutPlugins(bareYamlProgram(`bench-${door}`, n, min, true));
    case "release-yaml-installed":
      return withoutPlugins(yamlPortfolio(`bench-${door}`, n, min));
    case "go":
    case "bare-go":
      return goProgram(door, n, min);
  }
}

async function journal(em: RunningEmulator, userId: string): Promise<Entry[]> {
  const res = await controlOk<{ requests: Entry[] } | Entry[]>(em, "GET", "/requests");
  return (Array.isArray(res) ? res : res.requests).filter((e) => e.userId === userId);
}

async function runDoor(
  em: RunningEmulator,
  bin: string,
  windowDir: string,
  at: { door: Door; n: number; round: number; packageRoot?: string },
  log: (line: string) => void,
): Promise<{ rows: FrontDoorRow[]; providerBytes?: number }> {
  const { door, n, round } = at;
  const user = await controlOk<{ userId: string; apiKey: string }>(em, "POST", "/users", {
    plan: "DEGEN",
    limits: { requestsPerMinute: 1_000_000, active: Math.max(n, 50) },
  });
  const yaml = isYaml(door);
  const project = await BenchProject.create({
    name: `bench-${door}`,
    program: program(door, n, 1000),
    pulumiBinDir: bin,
    apiKey: user.apiKey,
    baseUrl: em.baseUrl,
    env: { STRATEGY_ALERTS_RATE_DIR: windowDir },
    language: isGo(door) ? "go" : yaml ? "yaml" : "typescript",
    files: doorFiles(door),
    ...(at.packageRoot ? { packageRoot: at.packageRoot } : {}),
  });
  const rows: FrontDoorRow[] = [];
  let providerBytes: number | undefined;
  try {
    const installed = installedPlugin(door);
    if (installed) await project.installPlugin(...installed);
    for (const phase of FRONT_DOOR_PHASES) {
      const before = (await journal(em, user.userId)).length;
      const run = await runPhase(project, phase, () => program(door, n, 5000));
      const entries = (await journal(em, user.userId)).slice(before);
      const requestsByRoute: Record<string, number> = {};
      for (const e of entries) {
        const key = `${e.method} ${e.route}`;
        requestsByRoute[key] = (requestsByRoute[key] ?? 0) + 1;
      }
      rows.push({
        door,
        n,
        round,
        phase,
        exitCode: run.code,
        wallMs: run.wallMs,
        requests: entries.length,
        requestsByRoute,
      });
      log(
        `  ${door.padEnd(24)} N=${n} ${phase.padEnd(8)} ${String(run.wallMs).padStart(7)} ms  requests ${entries.length}${run.code !== 0 ? `  EXIT ${run.code}: ${run.stderr.slice(0, 300)}` : ""}`,
      );
      if (run.code !== 0) break;
      if (phase === "up" && !yaml && !isGo(door) && door !== "bare-ts-components") {
        providerBytes = serializedProviderBytes(await project.stackExport());
      }
    }
  } finally {
    await project.cleanup();
  }
  return { rows, providerBytes };
}

/** The files a door's project holds beside its program. */
function doorFiles(door: Door): Record<string, { text: string; mode?: number }> {
  switch (door) {
    case "bare-yaml":
    case "bare-yaml-outputs":
      return {
        "bare-plugin/pulumi-resource-bare": { text: barePlugin(door === "bare-yaml-outputs"), mode: 0o755 },
      };
    case "bare-ts-dynamic-outputs":
      return { [NOOP_PROVIDER_FILE]: { text: NOOP_PROVIDER_WITH_OUTPUTS } };
    default:
      return {};
  }
}

async function runPhase(
  project: BenchProject,
  phase: FrontPhase,
  changed: () => string,
): Promise<CommandRun> {
  switch (phase) {
    case "up":
      return project.up();
    case "preview":
      return project.preview();
    case "refresh":
      return project.refresh();
    case "change":
      await project.writeProgram(changed());
      return project.up();
    case "destroy":
      return project.destroy();
  }
}

function serializedProviderBytes(stateText: string): number | undefined {
  const state = JSON.parse(stateText) as {
    deployment: { resources: { inputs?: { __provider?: string } }[] };
  };
  return state.deployment.resources.find((r) => r.inputs?.__provider)?.inputs?.__provider?.length;
}

/** The minimum requests of each phase, made by the bare client one after the other. */
async function bareClientMs(em: RunningEmulator, n: number): Promise<Record<FrontPhase, number>> {
  const user = await controlOk<{ apiKey: string }>(em, "POST", "/users", {
    plan: "DEGEN",
    limits: { requestsPerMinute: 1_000_000, active: Math.max(n, 50) },
  });
  const client = createClient({ apiKey: user.apiKey, baseUrl: em.baseUrl, shareRateWindow: false });
  const rules = (min: number) =>
    [
      { rule: "liquidity_usd", dealbreaker: true, min },
      { rule: "has_website", dealbreaker: false },
      { rule: "risk_level", dealbreaker: false, value: "MEDIUM" },
    ] as never;
  const timed = async (fn: () => Promise<void>) => {
    const t = performance.now();
    await fn();
    return Math.round(performance.now() - t);
  };
  const ids: string[] = [];
  try {
    const up = await timed(async () => {
      await client.account.me();
      await client.strategies.list();
      for (let i = 0; i < n; i++) {
        const s = await client.strategies.create({
          name: `bare ${i}`,
          triggers: ["new_token_created"],
          rules: rules(1000 + i),
          isActive: false,
        });
        ids.push(s.id);
      }
      for (const id of ids) await client.strategies.activate(id);
    });
    const preview = await timed(async () => {
      await client.account.me();
      await client.strategies.list();
    });
    const refresh = await timed(async () => {
      await client.strategies.list();
    });
    const change = await timed(async () => {
      await client.account.me();
      await client.strategies.list();
      for (const [i, id] of ids.entries()) await client.strategies.update(id, { rules: rules(5000 + i) });
    });
    const destroy = await timed(async () => {
      for (const id of ids) await client.strategies.deactivate(id);
      for (const id of ids) await client.strategies.delete(id);
    });
    return { up, preview, refresh, change, destroy };
  } finally {
    await client.close();
  }
}

export function isDoor(name: string): name is Door {
  return (DOORS as readonly string[]).includes(name);
}

function doorsOf(options: FrontDoorOptions): Door[] {
  if (Array.isArray(options.doors)) return [...options.doors];
  return [
    ...(options.doors === "yaml" ? [] : TS_DOORS),
    ...(options.doors !== "yaml" && options.baselineRoot ? (["dynamic-ts-baseline"] as const) : []),
    ...(options.doors === "ts" ? [] : YAML_DOORS),
  ];
}

const median = (values: number[]): number => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
};

export async function measureFrontDoors(
  em: RunningEmulator,
  bin: string,
  windowDir: string,
  ns: number[],
  options: FrontDoorOptions,
  log: (line: string) => void,
): Promise<FrontDoorReport> {
  const rows: FrontDoorRow[] = [];
  const summaries: FrontDoorSummary[] = [];
  const bytes: FrontDoorReport["serializedProviderBytes"] = { dynamic: 0, bareDynamic: 0 };
  const doors = doorsOf(options).filter((door) => {
    if (!RELEASE_DOORS.includes(door) || existsSync(releaseExecutable())) return true;
    log(`  ${door}: no release binary (npm run plugin:release), not measured`);
    return false;
  });
  if (doors.some((door) => NATIVE_DOORS.includes(door))) goBins = await goBinaries(log);
  for (const n of ns) {
    const clientRuns: Record<FrontPhase, number>[] = [];
    for (let round = 1; round <= options.rounds; round++) {
      log(`front doors, DEGEN (rate lifted), N = ${n}, round ${round} of ${options.rounds} …`);
      for (const door of doors) {
        const packageRoot = door === "dynamic-ts-baseline" ? options.baselineRoot : undefined;
        const { rows: r, providerBytes } = await runDoor(
          em,
          bin,
          windowDir,
          { door, n, round, packageRoot },
          log,
        );
        rows.push(...r);
        if (providerBytes && door === "dynamic-ts") bytes.dynamic = providerBytes;
        if (providerBytes && door === "bare-ts-dynamic") bytes.bareDynamic = providerBytes;
        if (providerBytes && door === "bare-ts-dynamic-outputs") bytes.bareDynamicOutputs = providerBytes;
        if (providerBytes && door === "dynamic-ts-baseline") bytes.baseline = providerBytes;
      }
      clientRuns.push(await bareClientMs(em, n));
    }
    for (const phase of FRONT_DOOR_PHASES) {
      summaries.push(summarise(rows, n, phase, median(clientRuns.map((c) => c[phase]))));
    }
  }
  const has = (door: Door) => doors.includes(door);
  return {
    rounds: options.rounds,
    rows,
    summaries,
    serializedProviderBytes: bytes,
    targets: {
      pluginRequestsAtMostDynamic:
        !has("plugin-yaml") || !has("dynamic-ts") || summaries.every((s) => s.pluginRequestsAtMostDynamic),
      pluginWithin1_2x: !has("plugin-yaml") || summaries.every((s) => s.plugin.wallMs <= s.plugin.budgetMs),
      dynamicWithin1_2x: !has("dynamic-ts") || summaries.every((s) => s.dynamic.wallMs <= s.dynamic.budgetMs),
    },
  };
}

/** One phase at one N: the median of every door over the rounds, against its floor. */
function summarise(
  rows: FrontDoorRow[],
  n: number,
  phase: FrontPhase,
  bareClientMs: number,
): FrontDoorSummary {
  const runs = (door: Door) => rows.filter((r) => r.door === door && r.n === n && r.phase === phase);
  const wall = (door: Door) => median(runs(door).map((r) => r.wallMs));
  const requests = (door: Door) => runs(door)[0]?.requests ?? Number.NaN;
  const door = (name: Door, floor: Door) => {
    const budgetMs = 1.2 * (wall(floor) + bareClientMs);
    return {
      wallMs: wall(name),
      requests: requests(name),
      budgetMs: Math.round(budgetMs),
      ratio: Math.round((wall(name) / (wall(floor) + bareClientMs)) * 100) / 100,
    };
  };
  const plugin = door("plugin-yaml", "bare-yaml");
  const dynamic = door("dynamic-ts", "bare-ts-dynamic");
  const baseline =
    runs("dynamic-ts-baseline").length > 0 ? door("dynamic-ts-baseline", "bare-ts-dynamic") : undefined;
  const release = runs("release-yaml").length > 0 ? door("release-yaml", "bare-yaml") : undefined;
  const dynamicSameState =
    runs("bare-ts-dynamic-outputs").length > 0 ? door("dynamic-ts", "bare-ts-dynamic-outputs") : undefined;
  const releaseNative =
    release && runs("bare-yaml-native").length > 0 ? door("release-yaml", "bare-yaml-native") : undefined;
  const releaseInstalled =
    runs("release-yaml-installed").length > 0 && runs("bare-yaml-native-installed").length > 0
      ? door("release-yaml-installed", "bare-yaml-native-installed")
      : undefined;
  const go = runs("go").length > 0 && runs("bare-go").length > 0 ? door("go", "bare-go") : undefined;
  const releaseSameState =
    release && runs("bare-yaml-outputs").length > 0 ? door("release-yaml", "bare-yaml-outputs") : undefined;
  return {
    n,
    phase,
    bareClientMs,
    plugin,
    dynamic,
    ...(baseline ? { baseline } : {}),
    ...(release ? { release } : {}),
    ...(dynamicSameState ? { dynamicSameState } : {}),
    ...(releaseSameState ? { releaseSameState } : {}),
    ...(releaseNative ? { releaseNative } : {}),
    ...(releaseInstalled ? { releaseInstalled } : {}),
    ...(go ? { go } : {}),
    pluginRequestsAtMostDynamic: plugin.requests <= dynamic.requests,
    dynamicBreakdownMs: {
      engineAndHost: wall("bare-ts-components"),
      dynamicMachinery: wall("bare-ts-dynamic") - wall("bare-ts-components"),
      runtimeAndRequests: wall("dynamic-ts") - wall("bare-ts-dynamic"),
    },
  };
}

const sameState = (x: { ratio: number } | undefined) =>
  x ? `; ${x.ratio.toFixed(2)} x the floor with the service's outputs` : "";

export function printFrontDoors(report: FrontDoorReport, log: (line: string) => void): void {
  const s = (ms: number) => (Number.isFinite(ms) ? (ms / 1000).toFixed(1) : "-").padStart(7);
  const r = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : "-").padStart(6);
  log(`\nmedians of ${report.rounds} round(s); ratio = wall / (floor + client), target <= 1.2`);
  log(
    `\n${"N".padStart(3)} ${"phase".padEnd(8)}${"client".padStart(7)}${"bare-yaml".padStart(10)}${"plugin".padStart(7)}${"ratio".padStart(6)}${"req".padStart(5)}${"components".padStart(11)}${"bare-dyn".padStart(9)}${"dynamic".padStart(8)}${"ratio".padStart(6)}${"req".padStart(5)}${"baseline".padStart(9)}${"ratio".padStart(6)}`,
  );
  for (const x of report.summaries) {
    const at = (door: Door) =>
      median(
        report.rows.filter((w) => w.door === door && w.n === x.n && w.phase === x.phase).map((w) => w.wallMs),
      );
    log(
      `${String(x.n).padStart(3)} ${x.phase.padEnd(8)}${s(x.bareClientMs)}${s(at("bare-yaml")).padStart(10)}${s(x.plugin.wallMs)}${r(x.plugin.ratio)}${String(x.plugin.requests).padStart(5)}${s(at("bare-ts-components")).padStart(11)}${s(at("bare-ts-dynamic")).padStart(9)}${s(x.dynamic.wallMs).padStart(8)}${r(x.dynamic.ratio)}${String(x.dynamic.requests).padStart(5)}${s(x.baseline?.wallMs ?? Number.NaN).padStart(9)}${r(x.baseline?.ratio ?? Number.NaN)}`,
    );
  }
  for (const x of report.summaries) {
    if (!Number.isFinite(x.dynamic.ratio)) continue;
    const before = x.baseline ? ` (baseline ${x.baseline.ratio.toFixed(2)} x)` : "";
    log(
      `TypeScript door N=${x.n} ${x.phase.padEnd(8)} ${x.dynamic.ratio.toFixed(2)} x floor${before}: ${x.dynamic.wallMs <= x.dynamic.budgetMs ? "met" : "NOT met"}${sameState(x.dynamicSameState)}`,
    );
  }
  for (const x of report.summaries) {
    if (!x.release || !Number.isFinite(x.release.ratio)) continue;
    log(
      `release binary N=${x.n} ${x.phase.padEnd(8)} ${x.release.ratio.toFixed(2)} x floor (script plugin ${x.plugin.ratio.toFixed(2)} x): ${x.release.wallMs <= x.release.budgetMs ? "met" : "NOT met"}${sameState(x.releaseSameState)}`,
    );
  }
  const wallOf = (door: Door, n: number, phase: FrontPhase) =>
    median(report.rows.filter((w) => w.door === door && w.n === n && w.phase === phase).map((w) => w.wallMs));
  for (const x of report.summaries) {
    if (!x.releaseNative) continue;
    log(
      `release binary N=${x.n} ${x.phase.padEnd(8)} ${x.releaseNative.ratio.toFixed(2)} x the native floor (${s(x.releaseNative.wallMs).trim()} s against ${s(wallOf("bare-yaml-native", x.n, x.phase)).trim()} s + client): ${x.releaseNative.wallMs <= x.releaseNative.budgetMs ? "met" : "NOT met"}`,
    );
  }
  for (const x of report.summaries) {
    if (!x.releaseInstalled) continue;
    log(
      `release binary installed N=${x.n} ${x.phase.padEnd(8)} ${x.releaseInstalled.ratio.toFixed(2)} x the native floor installed (${s(x.releaseInstalled.wallMs).trim()} s against ${s(wallOf("bare-yaml-native-installed", x.n, x.phase)).trim()} s + client): ${x.releaseInstalled.wallMs <= x.releaseInstalled.budgetMs ? "met" : "NOT met"}`,
    );
  }
  for (const x of report.summaries) {
    if (!x.go) continue;
    log(
      `Go door N=${x.n} ${x.phase.padEnd(8)} ${x.go.ratio.toFixed(2)} x the Go floor (${s(x.go.wallMs).trim()} s against ${s(wallOf("bare-go", x.n, x.phase)).trim()} s + client), requests ${x.go.requests}: ${x.go.wallMs <= x.go.budgetMs ? "met" : "NOT met"}`,
    );
  }
  const b = report.serializedProviderBytes;
  log(
    `provider text (__provider) per dynamic resource: ${b.dynamic} bytes (no-op provider: ${b.bareDynamic}${b.bareDynamicOutputs ? `; with the service's outputs: ${b.bareDynamicOutputs}` : ""}${b.baseline ? `; baseline: ${b.baseline}` : ""})`,
  );
  log(
    `front-door targets: ${Object.entries(report.targets)
      .map(([k, v]) => `${k} ${v ? "met" : "NOT met"}`)
      .join("; ")}`,
  );
}
