/**
 * Every command of every front door, side by side against its floor, at several sizes: the same
 * portfolio (N strategies and the activation holding them) through
 *
 * - TypeScript: the package's dynamic resources (`ts`), against a bare dynamic program of the same
 *   shape whose provider does nothing (`ts-floor`);
 * - YAML: one Pulumi YAML program on the release binary (`yaml`), and the very same program on the
 *   native floor (`yaml-floor`: bench/go/floor-provider, a Go provider named strategy-alerts that
 *   answers the package's schema and stores its inputs as outputs), both installed in the
 *   project's PULUMI_HOME as users install the plugin;
 * - Go: one Go program on the generated SDK (bench/go/portfolio, sdk/go), built once and run as a
 *   prebuilt binary (the host's `binary` option), on the release binary (`go`) and on the native
 *   floor (`go-floor`); and the same program built by the engine before every command, as a Go
 *   project without `binary` runs (`go-rebuild`).
 *
 * Phases: up from empty, a no-change preview, a no-change refresh, change (one rule moved in every
 * strategy, then up), destroy. Per phase it records wall time and the requests in the emulator's
 * journal, and the bare client's time for the minimum requests of the phase (one after the other,
 * against the same emulator), which is added to the floor's wall: the floors make no request. One
 * account per door and round (DEGEN, rate and active limits lifted); the doors run one after the
 * other within a round, so a machine that slows down hurts them alike, and every figure is the
 * median over the rounds. Across sizes, each door's wall per phase is fitted to fixed + N × per
 * resource, which tells a door's start-up from its cost per resource.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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
  "ts-floor",
  "ts",
  "yaml-floor",
  "yaml",
  "go-floor",
  "go",
  "go-rebuild",
  // Measured only when named: both YAML doors with the plugin named by path in Pulumi.yaml (the
  // engine starts it once more per command for the schema); component resources (the engine and
  // the Node.js host, no provider); the dynamic resources of another build (`--baseline`).
  "yaml-floor-path",
  "yaml-path",
  "ts-components",
  "ts-baseline",
] as const;
export type Door = (typeof DOORS)[number];

/** Each door and the floor it is measured against. */
const PAIRS: readonly { door: Door; floor: Door; label: string }[] = [
  { door: "ts", floor: "ts-floor", label: "TypeScript" },
  { door: "ts-baseline", floor: "ts-floor", label: "TypeScript, baseline build" },
  { door: "yaml", floor: "yaml-floor", label: "YAML" },
  { door: "yaml-path", floor: "yaml-floor-path", label: "YAML, plugin by path" },
  { door: "go", floor: "go-floor", label: "Go, built once" },
  { door: "go-rebuild", floor: "go-floor", label: "Go, built per command" },
];

const DEFAULT_DOORS: readonly Door[] = [
  "ts-floor",
  "ts",
  "yaml-floor",
  "yaml",
  "go-floor",
  "go",
  "go-rebuild",
];
/** Named groups for `--doors` (named apart from the doors: `ts` alone is the one door). */
const GROUPS: Record<string, readonly Door[]> = {
  all: DEFAULT_DOORS,
  "ts-doors": ["ts-floor", "ts"],
  "yaml-doors": ["yaml-floor", "yaml"],
  "go-doors": ["go-floor", "go", "go-rebuild"],
};
const RELEASE_DOORS: readonly Door[] = ["yaml", "yaml-path", "go", "go-rebuild"];
const GO_DOORS: readonly Door[] = ["go-floor", "go", "go-rebuild"];
const YAML_DOORS: readonly Door[] = ["yaml-floor", "yaml", "yaml-floor-path", "yaml-path"];
/** The Go environment of every Go build, the bench's and the engine's: one build cache entry. */
const GO_ENV = { CGO_ENABLED: "0", GOFLAGS: "-mod=readonly", GOTOOLCHAIN: "local" };

/** `--doors`: groups (all, ts-doors, yaml-doors, go-doors) or door names, comma-separated. */
export function parseDoors(value: string): Door[] {
  const out = new Set<Door>();
  for (const name of value.split(",")) {
    const group = GROUPS[name];
    if (group) for (const door of group) out.add(door);
    else if ((DOORS as readonly string[]).includes(name)) out.add(name as Door);
    else
      throw new Error(
        `--doors: unknown door or group "${name}" (doors: ${DOORS.join(", ")}; groups: ${Object.keys(GROUPS).join(", ")})`,
      );
  }
  return [...out];
}

export interface FrontDoorSize {
  n: number;
  rounds: number;
  /** Doors left out at this size (e.g. `go-rebuild` at N = 1,000: its extra is a constant). */
  skip?: readonly Door[];
}

export interface FrontDoorOptions {
  doors: readonly Door[];
  sizes: readonly FrontDoorSize[];
  /** A checkout of the package built at another commit: its dynamic resources run as `ts-baseline`. */
  baselineRoot?: string;
  /**
   * The package's doors record each resource operation's time inside the provider
   * (STRATEGY_ALERTS_TRACE_FILE), summed per phase: where a door's time goes. Off by default:
   * writing the trace is itself a cost.
   */
  trace?: boolean;
  /** Where every run so far is written after each door: a run that dies keeps what it measured. */
  progressFile?: string;
}

/** One kind of operation of one phase, inside the provider (from its trace). */
interface TracedOperations {
  count: number;
  medianMs: number;
  totalMs: number;
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
  /** With `trace`: the provider's operations by `Type operation`. */
  providerOperations?: Record<string, TracedOperations>;
}

interface PairSummary {
  door: Door;
  floor: Door;
  label: string;
  wallMs: number;
  floorMs: number;
  requests: number;
  /** wall ÷ (floor + client); the target is ≤ 1.2. */
  ratio: number;
  within1_2x: boolean;
}

interface PhaseSummary {
  n: number;
  phase: FrontPhase;
  /** The bare client's time for the phase's minimum requests. */
  clientMs: number;
  pairs: PairSummary[];
}

/**
 * wall ≈ fixedMs + n × perResourceMs (+ n² × perPairUs / 1000 with three sizes or more), least
 * squares over the sizes measured (medians).
 */
interface Fit {
  door: Door;
  phase: FrontPhase;
  fixedMs: number;
  perResourceMs: number;
  perPairUs?: number;
}

/** The checkpoint after up: what the engine rewrites at every step of a run. */
interface StateSize {
  door: Door;
  n: number;
  checkpointBytes: number;
  /** The median size of a managed resource in the checkpoint (a strategy). */
  bytesPerResource: number;
}

export interface FrontDoorReport {
  sizes: FrontDoorSize[];
  doors: Door[];
  rows: FrontDoorRow[];
  summaries: PhaseSummary[];
  fits: Fit[];
  stateSizes: StateSize[];
  targets: Record<string, boolean>;
}

// ---------------------------------------------------------------------------------------------
// The programs

const RULES = (min: number) => `[
    { rule: "liquidity_usd", dealbreaker: true, min: ${min} },
    { rule: "has_website", dealbreaker: false },
    { rule: "risk_level", dealbreaker: false, value: "MEDIUM" },
  ]`;

function tsItems(n: number, min: number, ctor: string): string {
  return Array.from(
    { length: n },
    (_, i) =>
      `const s${i} = new ${ctor}("s${i}", { name: "s strategy ${i}", triggers: ["new_token_created"], rules: ${RULES(min + i)} });`,
  ).join("\n");
}

const ids = (n: number, field: string) => Array.from({ length: n }, (_, i) => `s${i}.${field}`).join(", ");

/** The portfolio through the package's dynamic resources. */
function dynamicProgram(n: number, min: number): string {
  return `import * as sa from "pulumi-strategy-alerts";
${tsItems(n, min, "sa.Strategy")}
new sa.StrategyActivation("active", { strategyIds: [${ids(n, "strategyId")}] });
`;
}

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

/** A YAML program without its `plugins` section: the engine finds the installed plugin. */
const withoutPlugins = (yaml: string) => yaml.replace(/^plugins:\n(?: {2,}.*\n)+/m, "");

/** The bench's Go binaries, built before the first round when a door needs them. */
let goBins: GoBinaries | undefined;
function needGo(): GoBinaries {
  if (!goBins) throw new Error("the bench's Go binaries are not built");
  return goBins;
}

/** The directory the engine starts the door's plugin from (named by path, or installed from). */
function pluginDir(door: Door): string {
  return door.includes("floor") ? needGo().floorProviderDir : dirname(releaseExecutable());
}

/**
 * The Go program (bench/go/portfolio) as a project: run as the prebuilt binary, or, for
 * `go-rebuild`, built by the engine before every command. Its folder is the source in bench/go
 * (the host lists its packages there, as in a user's project). N and the rule a change moves are
 * the project's config.
 */
function goProgram(door: Door, n: number, min: number): string {
  const binary = door === "go-rebuild" ? "" : `  options:\n    binary: ${needGo().portfolioProgram}\n`;
  return `name: bench-${door}
main: ${join(ROOT, "bench/go/portfolio")}
runtime:
  name: go
${binary}plugins:
  providers:
    - name: strategy-alerts
      path: ${pluginDir(door)}
config:
  n: ${n}
  min: ${min}
`;
}

function program(door: Door, n: number, min: number): string {
  switch (door) {
    case "ts-components":
      return bareComponentProgram(n, min);
    case "ts-floor":
      return bareDynamicProgram(n, min);
    case "ts":
    case "ts-baseline":
      return dynamicProgram(n, min);
    case "yaml-floor":
    case "yaml":
      return withoutPlugins(yamlPortfolio(`bench-${door}`, n, min));
    case "yaml-floor-path":
    case "yaml-path":
      return yamlPortfolio(`bench-${door}`, n, min, "s", pluginDir(door));
    case "go-floor":
    case "go":
    case "go-rebuild":
      return goProgram(door, n, min);
  }
}

// ---------------------------------------------------------------------------------------------
// Running

interface Entry {
  method: string;
  route: string | null;
  userId: string | null;
}

async function journal(em: RunningEmulator, userId: string): Promise<Entry[]> {
  const res = await controlOk<{ requests: Entry[] } | Entry[]>(em, "GET", "/requests");
  return (Array.isArray(res) ? res : res.requests).filter((e) => e.userId === userId);
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

function stateSize(door: Door, n: number, exported: string): StateSize {
  const resources =
    (JSON.parse(exported) as { deployment: { resources?: { type: string }[] } }).deployment.resources ?? [];
  const sizes = resources
    .filter((r) => !r.type.startsWith("pulumi:"))
    .map((r) => JSON.stringify(r).length)
    .sort((a, b) => a - b);
  return {
    door,
    n,
    checkpointBytes: Buffer.byteLength(exported),
    bytesPerResource: sizes[Math.floor(sizes.length / 2)] ?? 0,
  };
}

async function runDoor(
  em: RunningEmulator,
  bin: string,
  windowDir: string,
  at: { door: Door; n: number; round: number; baselineRoot?: string; trace?: boolean },
  log: (line: string) => void,
): Promise<{ rows: FrontDoorRow[]; state?: StateSize }> {
  const { door, n, round } = at;
  const user = await controlOk<{ userId: string; apiKey: string }>(em, "POST", "/users", {
    plan: "DEGEN",
    limits: { requestsPerMinute: 1_000_000, active: Math.max(n, 50) },
  });
  const go = GO_DOORS.includes(door);
  const traced = at.trace === true && !door.includes("floor") && door !== "ts-components";
  const traceFile = join(windowDir, `trace-${door}.jsonl`);
  const project = await BenchProject.create({
    name: `bench-${door}`,
    program: program(door, n, 1000),
    pulumiBinDir: bin,
    apiKey: user.apiKey,
    baseUrl: em.baseUrl,
    env: {
      STRATEGY_ALERTS_RATE_DIR: windowDir,
      ...(go ? GO_ENV : {}),
      ...(traced ? { STRATEGY_ALERTS_TRACE_FILE: traceFile } : {}),
    },
    language: go ? "go" : YAML_DOORS.includes(door) ? "yaml" : "typescript",
    ...(door === "ts-baseline" && at.baselineRoot ? { packageRoot: at.baselineRoot } : {}),
  });
  const rows: FrontDoorRow[] = [];
  let state: StateSize | undefined;
  try {
    // The YAML doors install their plugin, as users do (`pulumi plugin install … --file`).
    if (door === "yaml") await project.installPlugin("strategy-alerts", packageVersion, releaseExecutable());
    if (door === "yaml-floor")
      await project.installPlugin("strategy-alerts", packageVersion, pluginDir(door));
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
        ...(traced ? { providerOperations: tracedOperations(traceFile) } : {}),
      });
      log(
        `  ${door.padEnd(16)} N=${n} ${phase.padEnd(8)} ${String(run.wallMs).padStart(7)} ms  requests ${entries.length}${run.code !== 0 ? `  EXIT ${run.code}: ${(run.stderr || run.stdout).slice(-600)}` : ""}`,
      );
      if (run.code !== 0) break;
      if (phase === "up" && round === 1 && door !== "ts-components") {
        state = stateSize(door, n, await project.stackExport());
      }
    }
  } finally {
    await project.cleanup();
  }
  return { rows, ...(state ? { state } : {}) };
}

/** The trace's lines since the last phase, by `Type operation`; the file is emptied for the next. */
function tracedOperations(file: string): Record<string, TracedOperations> {
  const lines = existsSync(file) ? readFileSync(file, "utf8").trim().split("\n").filter(Boolean) : [];
  rmSync(file, { force: true });
  const byKind = new Map<string, number[]>();
  for (const line of lines) {
    const t = JSON.parse(line) as { type: string; operation: string; ms: number };
    const key = `${t.type} ${t.operation}`;
    byKind.set(key, [...(byKind.get(key) ?? []), t.ms]);
  }
  const out: Record<string, TracedOperations> = {};
  for (const [key, ms] of byKind) {
    const sorted = [...ms].sort((a, b) => a - b);
    out[key] = {
      count: ms.length,
      medianMs: Math.round(sorted[Math.floor(sorted.length / 2)]! * 10) / 10,
      totalMs: Math.round(ms.reduce((a, b) => a + b, 0)),
    };
  }
  return out;
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
  const created: string[] = [];
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
        created.push(s.id);
      }
      for (const id of created) await client.strategies.activate(id);
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
      for (const [i, id] of created.entries()) await client.strategies.update(id, { rules: rules(5000 + i) });
    });
    const destroy = await timed(async () => {
      for (const id of created) await client.strategies.deactivate(id);
      for (const id of created) await client.strategies.delete(id);
    });
    return { up, preview, refresh, change, destroy };
  } finally {
    await client.close();
  }
}

const median = (values: number[]): number => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
};

/** Leaves out the doors that cannot run here, saying why. */
function runnableDoors(options: FrontDoorOptions, log: (line: string) => void): Door[] {
  return options.doors.filter((door) => {
    if (RELEASE_DOORS.includes(door) && !existsSync(releaseExecutable())) {
      log(`  ${door}: no release binary (npm run plugin:release), not measured`);
      return false;
    }
    if (door === "ts-baseline" && !options.baselineRoot) {
      log("  ts-baseline: no --baseline checkout, not measured");
      return false;
    }
    return true;
  });
}

export async function measureFrontDoors(
  em: RunningEmulator,
  bin: string,
  windowDir: string,
  options: FrontDoorOptions,
  log: (line: string) => void,
): Promise<FrontDoorReport> {
  const rows: FrontDoorRow[] = [];
  const summaries: PhaseSummary[] = [];
  const stateSizes: StateSize[] = [];
  const clients: { n: number; ms: Record<FrontPhase, number> }[] = [];
  const progress = () => {
    if (options.progressFile)
      writeFileSync(options.progressFile, `${JSON.stringify({ rows, stateSizes, clients })}\n`);
  };
  const doors = runnableDoors(options, log);
  if (doors.some((door) => GO_DOORS.includes(door) || door.startsWith("yaml-floor")))
    goBins = await goBinaries(log);
  for (const size of options.sizes) {
    const { n } = size;
    const clientRuns: Record<FrontPhase, number>[] = [];
    const here = doors.filter((door) => !size.skip?.includes(door));
    for (let round = 1; round <= size.rounds; round++) {
      log(`front doors, DEGEN (rate and active limits lifted), N = ${n}, round ${round} of ${size.rounds} …`);
      for (const door of here) {
        const run = await runDoor(
          em,
          bin,
          windowDir,
          {
            door,
            n,
            round,
            trace: options.trace === true,
            ...(options.baselineRoot ? { baselineRoot: options.baselineRoot } : {}),
          },
          log,
        );
        rows.push(...run.rows);
        if (run.state) stateSizes.push(run.state);
        progress();
      }
      clientRuns.push(await bareClientMs(em, n));
      clients.push({ n, ms: clientRuns[clientRuns.length - 1]! });
      progress();
    }
    for (const phase of FRONT_DOOR_PHASES) {
      summaries.push(summarise(rows, n, phase, median(clientRuns.map((c) => c[phase]))));
    }
  }
  const pairs = summaries.flatMap((s) => s.pairs);
  const targets: Record<string, boolean> = {};
  for (const { door, label } of PAIRS) {
    const mine = pairs.filter((p) => p.door === door);
    if (mine.length > 0) targets[`${label} within 1.2 x its floor`] = mine.every((p) => p.within1_2x);
  }
  return {
    sizes: [...options.sizes],
    doors,
    rows,
    summaries,
    fits: fits(rows, doors),
    stateSizes,
    targets,
  };
}

const wallOf = (rows: FrontDoorRow[], door: Door, n: number, phase: FrontPhase) =>
  median(
    rows
      .filter((r) => r.door === door && r.n === n && r.phase === phase && r.exitCode === 0)
      .map((r) => r.wallMs),
  );

/** One phase at one N: the median of every door over the rounds, against its floor. */
function summarise(rows: FrontDoorRow[], n: number, phase: FrontPhase, clientMs: number): PhaseSummary {
  const pairs: PairSummary[] = [];
  for (const { door, floor, label } of PAIRS) {
    const wallMs = wallOf(rows, door, n, phase);
    const floorMs = wallOf(rows, floor, n, phase);
    if (!Number.isFinite(wallMs) || !Number.isFinite(floorMs)) continue;
    const ratio = Math.round((wallMs / (floorMs + clientMs)) * 100) / 100;
    const requests = rows.find((r) => r.door === door && r.n === n && r.phase === phase)?.requests ?? 0;
    pairs.push({ door, floor, label, wallMs, floorMs, requests, ratio, within1_2x: ratio <= 1.2 });
  }
  return { n, phase, clientMs, pairs };
}

/**
 * For each door and phase over the sizes: wall = fixed + n × per resource, and with three sizes or
 * more + n² × per pair, since the engine rewrites the whole checkpoint (which grows with n) at
 * every step of an up, change or destroy. Least squares through the medians.
 */
function fits(rows: FrontDoorRow[], doors: Door[]): Fit[] {
  const out: Fit[] = [];
  for (const door of doors) {
    for (const phase of FRONT_DOOR_PHASES) {
      const points = [...new Set(rows.map((r) => r.n))]
        .map((n) => [n, wallOf(rows, door, n, phase)] as const)
        .filter(([, w]) => Number.isFinite(w));
      if (points.length < 2) continue;
      const c = leastSquares(points, points.length >= 3 ? 3 : 2);
      out.push({
        door,
        phase,
        fixedMs: Math.round(c[0]!),
        perResourceMs: Math.round(c[1]! * 100) / 100,
        ...(c.length > 2 ? { perPairUs: Math.round(c[2]! * 1e4) / 10 } : {}),
      });
    }
  }
  return out;
}

/** The coefficients of the polynomial of `terms` terms (1, n, n²) nearest the points. */
function leastSquares(points: readonly (readonly [number, number])[], terms: number): number[] {
  // The normal equations, solved by Gaussian elimination (at most 3 × 3).
  const m = Array.from({ length: terms }, (_, i) =>
    Array.from({ length: terms + 1 }, (_, j) =>
      points.reduce((a, [x, y]) => a + x ** i * (j === terms ? y : x ** j), 0),
    ),
  );
  for (let i = 0; i < terms; i++) {
    for (let k = i + 1; k < terms; k++) {
      const f = m[k]![i]! / m[i]![i]!;
      for (let j = i; j <= terms; j++) m[k]![j]! -= f * m[i]![j]!;
    }
  }
  const out = new Array<number>(terms).fill(0);
  for (let i = terms - 1; i >= 0; i--) {
    let sum = m[i]![terms]!;
    for (let j = i + 1; j < terms; j++) sum -= m[i]![j]! * out[j]!;
    out[i] = sum / m[i]![i]!;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Printing

export function printFrontDoors(report: FrontDoorReport, log: (line: string) => void): void {
  const s = (ms: number) => (Number.isFinite(ms) ? (ms / 1000).toFixed(2) : "-");
  const pairsMeasured = PAIRS.filter((p) =>
    report.summaries.some((x) => x.pairs.some((q) => q.door === p.door)),
  );
  log("\nfront doors: medians; ratio = door ÷ (floor + client), target ≤ 1.2 (* = over)");
  for (const { n } of report.sizes) {
    log(`\nN = ${n}`);
    log(
      `${"phase".padEnd(9)}${"client".padStart(8)}${pairsMeasured.map((p) => `  ${`${p.door} / ${p.floor}`.padStart(30)}`).join("")}`,
    );
    for (const x of report.summaries.filter((y) => y.n === n)) {
      const cells = pairsMeasured.map((p) => {
        const q = x.pairs.find((r) => r.door === p.door);
        const text = q
          ? `${s(q.wallMs)} / ${s(q.floorMs)} = ${q.ratio.toFixed(2)}${q.within1_2x ? " " : "*"}`
          : "-";
        return `  ${text.padStart(30)}`;
      });
      log(`${x.phase.padEnd(9)}${s(x.clientMs).padStart(8)}${cells.join("")}`);
    }
  }
  if (report.fits.length > 0) {
    log("\nfixed ms + N × per resource ms (+ N² × per pair µs), least squares over the sizes:");
    for (const phase of FRONT_DOOR_PHASES) {
      const cells = report.doors
        .map((door) => report.fits.find((f) => f.door === door && f.phase === phase))
        .filter((f): f is Fit => f !== undefined)
        .map(
          (f) =>
            `${f.door} ${f.fixedMs} + ${f.perResourceMs}N${f.perPairUs === undefined ? "" : ` + ${f.perPairUs}µN²`}`,
        );
      log(`  ${phase.padEnd(8)} ${cells.join("; ")}`);
    }
  }
  const traced = report.rows.filter((r) => r.providerOperations && r.round === 1);
  if (traced.length > 0) {
    log("\ninside the provider, round 1 (count × median ms, total ms):");
    for (const r of traced) {
      const ops = Object.entries(r.providerOperations ?? {})
        .map(([k, v]) => `${k} ${v.count} × ${v.medianMs} = ${v.totalMs}`)
        .join("; ");
      log(`  ${r.door.padEnd(12)} N=${String(r.n).padEnd(5)} ${r.phase.padEnd(8)} ${ops || "-"}`);
    }
  }
  if (report.stateSizes.length > 0) {
    log("\ncheckpoint after up: bytes per managed resource (median) and whole checkpoint:");
    for (const x of report.stateSizes) {
      log(
        `  ${x.door.padEnd(16)} N=${String(x.n).padEnd(5)} ${String(x.bytesPerResource).padStart(6)} B per resource, ${x.checkpointBytes} B in all`,
      );
    }
  }
  log(
    `\nfront-door targets: ${Object.entries(report.targets)
      .map(([k, v]) => `${k}: ${v ? "met" : "NOT met"}`)
      .join("; ")}`,
  );
}
