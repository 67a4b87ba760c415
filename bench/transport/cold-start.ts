/**
 * The client's first request in a fresh provider-like process, for each transport: a process
 * that loads the runtime bundle (as the dynamic-provider host and the plugin load the runtime)
 * and sends one GET through the typed client, then a second one on the warm connection.
 *
 * Each transport gets a bundle of its own, built here with the options of
 * scripts/runtime-bundle.ts from the same sources (plus the client's factory, which the runtime
 * contains anyway but does not export): `undici` is the product as built; `node-http` swaps the
 * dispatcher module for the former transport (node-http-dispatcher.ts). The bundles go to
 * bench-results/, inside the repository, so that they resolve the project's node_modules.
 * Processes run interleaved (one of each per round), so the machine's load falls on all alike.
 */
import { spawn } from "node:child_process";
import { mkdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { build, type Plugin } from "esbuild";
import { zodEnglishOnly } from "../../scripts/lib/zod-english-only";
import { round } from "../harness";

const ROOT = resolve(__dirname, "..", "..");
const OUT_DIR = join(ROOT, "bench-results", "transport-bundles");

export type TransportName = "node-http" | "undici";
const TRANSPORTS: readonly TransportName[] = ["node-http", "undici"];

/** One process's figures, in milliseconds; `*AtMs` from the process's own start (timeOrigin). */
interface ColdSample {
  /** Node.js's own start: exec to the first line of the script. */
  nodeStartMs: number;
  /** `require` of the runtime bundle. */
  loadMs: number;
  /** createClient and the first GET, to its parsed answer: the transport's load, connect, wasm… */
  firstRequestMs: number;
  /** A second GET on the same client: the warm cost, for scale. */
  secondRequestMs: number;
  /** From the process's start to the first answer. */
  firstAnswerAtMs: number;
  /** CPU time (user + system) of the bundle's load and of the first request: steadier than wall time on a busy machine. */
  loadCpuMs: number;
  firstRequestCpuMs: number;
  /** CPU time of the process from its start to the first answer. */
  cpuToFirstAnswerMs: number;
  /** From spawn to the process's exit, measured by the parent. */
  wallMs: number;
}

interface ColdRow {
  transport: TransportName;
  bundleBytes: number;
  /** Medians over the rounds. */
  medians: ColdSample;
  /** Minimums over the rounds: each figure's least disturbed value on a busy machine. */
  minimums: ColdSample;
}

export interface ColdReport {
  rounds: number;
  request: string;
  rows: ColdRow[];
  /** undici over node-http, medians: the first request (createClient + GET), wall and CPU. */
  firstRequestRatio: number;
  firstRequestCpuRatio: number;
  /** undici over node-http, medians: the first answer from the process's start, wall and CPU. */
  firstAnswerRatio: number;
  cpuToFirstAnswerRatio: number;
  /** undici over node-http, medians: spawn to exit. */
  wallRatio: number;
}

/** Where a transport's dispatcher comes from when it is not the product's own module. */
const SUBSTITUTES: Partial<Record<TransportName, { file: string; exportName: string }>> = {
  "node-http": { file: join(__dirname, "node-http-dispatcher.ts"), exportName: "nodeHttpDispatcher" },
};

/** The given module's dispatcher in place of the one the transport imports. */
function substitute(file: string, exportName: string): Plugin {
  return {
    name: "substitute-transport",
    setup(b) {
      b.onResolve({ filter: /^\.\/http-dispatcher$/ }, (args) =>
        args.importer.endsWith(join("provider", "api", "transport.ts"))
          ? { path: "dispatcher", namespace: "substitute-transport" }
          : undefined,
      );
      b.onLoad({ filter: /.*/, namespace: "substitute-transport" }, () => ({
        contents: `export { ${exportName} as undiciDispatcher } from ${JSON.stringify(file)};\n`,
        loader: "ts",
        resolveDir: __dirname,
      }));
    },
  };
}

/** The runtime bundle with the given transport, as scripts/runtime-bundle.ts builds it. */
async function buildTransportBundle(transport: TransportName): Promise<string> {
  mkdirSync(OUT_DIR, { recursive: true });
  const outfile = join(OUT_DIR, `runtime-${transport}.js`);
  const swap = SUBSTITUTES[transport];
  await build({
    stdin: {
      contents:
        'export * from "./provider/runtime/index";\nexport { createClient } from "./provider/api/client";\n',
      resolveDir: ROOT,
      sourcefile: "bench-runtime-entry.ts",
      loader: "ts",
    },
    bundle: true,
    platform: "node",
    target: "node22",
    format: "cjs",
    outfile,
    external: ["@pulumi/pulumi", "@grpc/grpc-js"],
    plugins: swap ? [zodEnglishOnly, substitute(swap.file, swap.exportName)] : [zodEnglishOnly],
    logLevel: "warning",
  });
  return outfile;
}

/** The child: load the bundle, send GET /me twice, print its figures as one JSON line. */
function childScript(bundle: string, apiKey: string, baseUrl: string): string {
  return `
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const nodeStartMs = performance.now();
const startCpu = cpu();
const runtime = require(${JSON.stringify(bundle)});
const loadedAt = performance.now();
const loadedCpu = cpu();
const client = runtime.createClient({ apiKey: ${JSON.stringify(apiKey)}, baseUrl: ${JSON.stringify(baseUrl)}, shareRateWindow: false });
client.account.me().then(async () => {
  const firstAt = performance.now();
  const firstCpu = cpu();
  await client.account.me();
  const secondAt = performance.now();
  await client.close();
  console.log(JSON.stringify({ nodeStartMs, loadMs: loadedAt - nodeStartMs, firstRequestMs: firstAt - loadedAt,
    secondRequestMs: secondAt - firstAt, firstAnswerAtMs: firstAt, loadCpuMs: loadedCpu - startCpu,
    firstRequestCpuMs: firstCpu - loadedCpu, cpuToFirstAnswerMs: firstCpu }));
});
`;
}

function runChild(script: string): Promise<ColdSample> {
  const { NODE_OPTIONS: _options, ...env } = process.env;
  const started = performance.now();
  const child = spawn(process.execPath, ["-e", script], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => {
    stdout += d;
  });
  child.stderr.on("data", (d) => {
    stderr += d;
  });
  return new Promise((resolvePromise, reject) => {
    child.on("error", reject);
    child.on("close", (code) => {
      const wallMs = performance.now() - started;
      if (code !== 0) return reject(new Error(`cold-start child exited ${code}: ${stderr.trim()}`));
      resolvePromise({ ...(JSON.parse(stdout) as Omit<ColdSample, "wallMs">), wallMs });
    });
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const FIELDS = [
  "nodeStartMs",
  "loadMs",
  "firstRequestMs",
  "secondRequestMs",
  "firstAnswerAtMs",
  "loadCpuMs",
  "firstRequestCpuMs",
  "cpuToFirstAnswerMs",
  "wallMs",
] as const satisfies readonly (keyof ColdSample)[];

/** Each field of the samples reduced by `pick` (a median or a minimum), to 0.01 ms. */
function reduce(samples: ColdSample[], pick: (values: number[]) => number): ColdSample {
  return Object.fromEntries(
    FIELDS.map((key) => [key, round(pick(samples.map((s) => s[key])), 2)]),
  ) as unknown as ColdSample;
}

function rowOf(transport: TransportName, bundle: string, samples: ColdSample[]): ColdRow {
  return {
    transport,
    bundleBytes: statSync(bundle).size,
    medians: reduce(samples, median),
    minimums: reduce(samples, (values) => Math.min(...values)),
  };
}

/**
 * `rounds` rounds of one fresh process per transport, GET /me of `apiKey` at `baseUrl` (a local
 * emulator), the transports' order alternating from round to round.
 */
export async function measureColdStart(rounds: number, apiKey: string, baseUrl: string): Promise<ColdReport> {
  const bundles = new Map<TransportName, string>();
  for (const t of TRANSPORTS) bundles.set(t, await buildTransportBundle(t));
  const samples = new Map<TransportName, ColdSample[]>(TRANSPORTS.map((t) => [t, []]));
  // One unmeasured process each first: the file system's cache, not the transport.
  for (const t of TRANSPORTS) await runChild(childScript(bundles.get(t)!, apiKey, baseUrl));
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 === 0 ? TRANSPORTS : [...TRANSPORTS].reverse();
    for (const t of order)
      samples.get(t)!.push(await runChild(childScript(bundles.get(t)!, apiKey, baseUrl)));
  }
  const rows = TRANSPORTS.map((t) => rowOf(t, bundles.get(t)!, samples.get(t)!));
  const [node, undici] = rows as [ColdRow, ColdRow];
  const ratio = (key: keyof ColdSample) => round(undici.medians[key] / node.medians[key], 2);
  return {
    rounds,
    request: "GET /me through the typed client, in a process that has loaded only the runtime bundle",
    rows,
    firstRequestRatio: ratio("firstRequestMs"),
    firstRequestCpuRatio: ratio("firstRequestCpuMs"),
    firstAnswerRatio: ratio("firstAnswerAtMs"),
    cpuToFirstAnswerRatio: ratio("cpuToFirstAnswerMs"),
    wallRatio: ratio("wallMs"),
  };
}
