/**
 * (l) What a strategy costs in the checkpoint, per door, beside the floor's: the engine rewrites
 * the whole checkpoint at every step of a run, so bytes per resource multiply with N (issue 44).
 *
 * One small stack per door, the same three-rule strategies as the front doors' programs, one `up`,
 * then `pulumi stack export`; per strategy resource: its bytes as compact JSON (the median over
 * the stack's strategies), the bytes of its inputs and of its outputs, and of the provider text
 * it stores (`__provider`, TypeScript doors only). Doors:
 *
 * - `floor`: the native no-op provider (bench/go, stores its inputs as its outputs, plus
 *   `strategyId`) under the YAML program: the floor of every door;
 * - `yaml`: the same YAML program on the package's plugin (the plugin door; the release binary
 *   stores the same state);
 * - `ts`: the package's dynamic resources (the TypeScript door);
 * - `ts-floor`: a bare dynamic program whose provider stores its inputs (`pulumi.dynamic.Resource`,
 *   its closure serialized into every resource): the TypeScript door's floor.
 *
 * Beside them, `serviceRecordBytes`: what the service's own record of the same strategies' rules
 * (their dealbreakers and rule groups, as `GET /strategies` answers) weighs as JSON, which a
 * strategy's outputs held up to 0.2.x on top of the declared rules.
 *
 * Needs the Pulumi CLI, `npm run build` and Go (for the floor); a door that cannot run is skipped
 * with the reason. Run alone: `node -r ts-node/register/transpile-only bench/state-size.ts`.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { type RunningEmulator, startEmulator } from "../emulator/server";
import { createClient } from "../provider/api/client";
import { controlOk } from "../test/support/emulator";
import { yamlPortfolio } from "../test/support/yaml-program";
import { goBinaries } from "./go-binaries";
import { BenchProject, pulumiBinDir, ROOT } from "./pulumi-project";

const DOORS = ["floor", "yaml", "ts", "ts-floor"] as const;
type Door = (typeof DOORS)[number];

export interface StateSizeRow {
  door: Door;
  /** Strategies in the stack (the size per resource does not depend on it). */
  n: number;
  /** The median strategy resource of the checkpoint as compact JSON. */
  bytesPerStrategy: number;
  inputsBytes: number;
  outputsBytes: number;
  /** The `__provider` text, stored in the inputs and again in the outputs (0 for the YAML doors). */
  providerTextBytes: number;
  /** bytesPerStrategy ÷ the native floor's. */
  ratioToFloor: number | null;
}

export type StateSizeReport =
  | { rows: StateSizeRow[]; serviceRecordBytes: number; skipped: Record<string, string> }
  | { skipped: string };

const RULES = `[
    { rule: "liquidity_usd", dealbreaker: true, min: 1000 + i },
    { rule: "has_website", dealbreaker: false },
    { rule: "risk_level", dealbreaker: false, value: "MEDIUM" },
  ]`;

/** The package's strategies, as the front doors' TypeScript program declares them. */
const tsProgram = (n: number) => `import * as sa from "pulumi-strategy-alerts";
for (let i = 0; i < ${n}; i++)
  new sa.Strategy("s" + i, { name: "s strategy " + i, triggers: ["new_token_created"], rules: ${RULES} });
`;

/** The same strategies as dynamic resources whose provider stores its inputs. */
const tsFloorProgram = (n: number) => `import * as pulumi from "@pulumi/pulumi";
const floor: pulumi.dynamic.ResourceProvider = {
  async create(inputs) { return { id: String(inputs.name), outs: inputs }; },
  async diff(_id, olds, news) { return { changes: JSON.stringify(olds) !== JSON.stringify(news) }; },
  async update(_id, _olds, news) { return { outs: news }; },
  async delete() {},
};
class Item extends pulumi.dynamic.Resource {
  constructor(name: string, args: Record<string, unknown>) { super(floor, name, args, {}); }
}
for (let i = 0; i < ${n}; i++)
  new Item("s" + i, { name: "s strategy " + i, triggers: ["new_token_created"], rules: ${RULES} });
`;

interface StateResource {
  type: string;
  inputs?: Record<string, unknown>;
  outputs?: Record<string, unknown>;
}

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value ?? {}));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** The strategy resources of an exported stack: every custom resource but providers, the pin and the activation. */
function strategiesOf(exported: string): StateResource[] {
  const resources = (JSON.parse(exported) as { deployment: { resources?: StateResource[] } }).deployment
    .resources;
  return (resources ?? []).filter(
    (r) =>
      !r.type.startsWith("pulumi:") &&
      !r.type.endsWith(":StrategyActivation") &&
      !r.type.endsWith(":AccountPin") &&
      r.inputs?.triggers !== undefined,
  );
}

function measure(door: Door, n: number, exported: string): Omit<StateSizeRow, "ratioToFloor"> {
  const held = strategiesOf(exported);
  if (held.length !== n) throw new Error(`${door}: ${held.length} strategies in the state, ${n} declared`);
  const provider = (r: StateResource) => r.inputs?.__provider;
  return {
    door,
    n,
    bytesPerStrategy: median(held.map(bytes)),
    inputsBytes: median(held.map((r) => bytes(r.inputs))),
    outputsBytes: median(held.map((r) => bytes(r.outputs))),
    providerTextBytes: median(held.map((r) => (typeof provider(r) === "string" ? bytes(provider(r)) : 0))),
  };
}

async function programOf(door: Door, n: number, log: (line: string) => void): Promise<string> {
  switch (door) {
    case "floor":
      return yamlPortfolio("state-floor", n, 1000, "s", (await goBinaries(log)).floorProviderDir);
    case "yaml":
      return yamlPortfolio("state-yaml", n, 1000);
    case "ts":
      return tsProgram(n);
    case "ts-floor":
      return tsFloorProgram(n);
  }
}

async function runDoor(
  em: RunningEmulator,
  bin: string,
  door: Door,
  n: number,
  log: (line: string) => void,
): Promise<Omit<StateSizeRow, "ratioToFloor">> {
  const user = await controlOk<{ apiKey: string }>(em, "POST", "/users", {
    plan: "DEGEN",
    limits: { requestsPerMinute: 1_000_000, active: Math.max(n, 50) },
  });
  const project = await BenchProject.create({
    name: `state-${door}`,
    program: await programOf(door, n, log),
    pulumiBinDir: bin,
    apiKey: user.apiKey,
    baseUrl: em.baseUrl,
    language: door === "floor" || door === "yaml" ? "yaml" : "typescript",
  });
  try {
    const up = await project.up();
    if (up.code !== 0) throw new Error(`${door}: up failed: ${(up.stderr || up.stdout).slice(-600)}`);
    return measure(door, n, await project.stackExport());
  } finally {
    await project.cleanup();
  }
}

/** The service's record of a stack's rules (dealbreakers and rule groups per strategy), as JSON bytes. */
async function serviceRecordBytes(em: RunningEmulator): Promise<number> {
  const user = await controlOk<{ apiKey: string }>(em, "POST", "/users", { plan: "DEGEN", limits: {} });
  const client = createClient({ apiKey: user.apiKey, baseUrl: em.baseUrl, shareRateWindow: false });
  await client.strategies.create({
    name: "s strategy 0",
    triggers: ["new_token_created"],
    rules: [
      { rule: "liquidity_usd", dealbreaker: true, min: 1000 },
      { rule: "has_website", dealbreaker: false },
      { rule: "risk_level", dealbreaker: false, value: "MEDIUM" },
    ] as never,
    isActive: false,
  });
  const [listed] = (await client.strategies.list()).strategies;
  if (!listed) throw new Error("the service lists no strategy");
  return bytes({ dealbreakers: listed.dealbreakers, ruleGroups: listed.ruleGroups }) - bytes({});
}

export async function stateSizeBenchmark(
  log: (line: string) => void,
  quick = false,
): Promise<StateSizeReport> {
  if (!existsSync(join(ROOT, "dist/provider/index.js")))
    return { skipped: "not built: run `npm run build` first" };
  let bin: string;
  try {
    bin = pulumiBinDir();
  } catch (err) {
    return { skipped: `no Pulumi CLI: ${(err as Error).message}` };
  }
  log("(l) checkpoint bytes per strategy, per door and the floor …");
  const n = quick ? 3 : 5;
  const em = await startEmulator({ port: 0, host: "127.0.0.1" });
  const measured: Omit<StateSizeRow, "ratioToFloor">[] = [];
  const skipped: Record<string, string> = {};
  try {
    for (const door of DOORS) {
      try {
        measured.push(await runDoor(em, bin, door, n, log));
      } catch (err) {
        skipped[door] = (err as Error).message;
      }
    }
    const floor = measured.find((r) => r.door === "floor")?.bytesPerStrategy;
    const rows = measured.map((r) => ({
      ...r,
      ratioToFloor: floor ? Math.round((r.bytesPerStrategy / floor) * 100) / 100 : null,
    }));
    const report = { rows, serviceRecordBytes: await serviceRecordBytes(em), skipped };
    printStateSizes(report, log);
    return report;
  } finally {
    await em.close();
  }
}

function printStateSizes(
  report: Extract<StateSizeReport, { rows: unknown }>,
  log: (line: string) => void,
): void {
  log("");
  log(
    `${"door".padEnd(10)}${"bytes/strategy".padStart(16)}${"inputs".padStart(9)}${"outputs".padStart(9)}${"provider text".padStart(15)}${"× floor".padStart(9)}`,
  );
  for (const r of report.rows) {
    log(
      `${r.door.padEnd(10)}${String(r.bytesPerStrategy).padStart(16)}${String(r.inputsBytes).padStart(9)}` +
        `${String(r.outputsBytes).padStart(9)}${String(r.providerTextBytes).padStart(15)}${String(r.ratioToFloor ?? "—").padStart(9)}`,
    );
  }
  log(
    `the service's record of one strategy's rules (held in its outputs up to 0.2.x): ${report.serviceRecordBytes} bytes`,
  );
  for (const [door, why] of Object.entries(report.skipped)) log(`${door}: not measured (${why})`);
}

if (require.main === module) {
  stateSizeBenchmark((line) => process.stdout.write(`${line}\n`), process.argv.includes("--quick")).then(
    (report) => {
      if ("skipped" in report && typeof report.skipped === "string")
        process.stdout.write(`skipped: ${report.skipped}\n`);
    },
    (err: unknown) => {
      process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
      process.exit(1);
    },
  );
}
