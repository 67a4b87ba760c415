/**
 * Benchmarks: separate from the tests, bounded, loopback only. One run measures,
 * side by side:
 *   (a) full strategy validation + canonicalisation of a 50-rule strategy vs plain zod parsing;
 *   (b) the rule mapping round trip (rulesToStored, then storedToRules);
 *   (c) the typed client's GET /strategies (25 strategies) vs a bare undici request to the same URL;
 *   (d) the emulator's throughput for POST /strategies;
 *   (e) one user's GET /me while another user runs the emulator's most expensive queries;
 *   (f) the provider plugin's cold start to its port: the release binary, the script plugin and a
 *       bare `node -e` (bench/startup.ts);
 *   (g) the plugin's reading of a DiffRequest vs google-protobuf's (bench/request-decoding.ts);
 *   (h) the client's GET /me at 8 in flight over its undici transport vs the former Node.js http
 *       one (bench/transport/throughput.ts);
 *   (i) the first request in a fresh process that loads the runtime bundle, undici vs Node.js
 *       http (bench/transport/cold-start.ts);
 *   (j) every command of every front door (TypeScript, YAML, Go) against its floor at N = 50 and
 *       200 (1,000 with --with-1000), the real Pulumi CLI against an emulator on loopback
 *       (bench/front-door-suite.ts lists its flags; it needs `npm run build` and
 *       `npm run plugin:release` first).
 * Writes bench-results/latest.json and prints a summary. `--quick` shortens every budget tenfold
 * and measures the front doors at N = 50 once (a smoke run; its numbers are noisy).
 *
 * Run: npm run bench   (node -r ts-node/register/transpile-only bench/run.ts)
 */
import "../emulator/startup/quiet-warnings";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { join, resolve } from "node:path";
import { Pool } from "undici";
import { type RunningEmulator, startEmulator } from "../emulator/server";
import { createClient } from "../provider/api/client";
import { canonicalRules, canonicalStrategyInput } from "../provider/model/canonical";
import { rulesToStored, storedToRules } from "../provider/model/rule-mapping";
import { StrategyInputSchema } from "../provider/model/strategy";
import { validateStrategyInput } from "../provider/model/validate-strategy";
import { releaseExecutable } from "../scripts/plugin-release";
import { controlOk } from "../test/support/emulator";
import { sampleStrategy } from "../test/support/strategy";
import { bigStrategy } from "./fixtures";
import { type FrontDoorOutcome, frontDoorSuite } from "./front-door-suite";
import { printFrontDoors } from "./front-doors";
import { type Budget, measureAsync, measureSync, measureThroughput, round, type Stats } from "./harness";
import { noisyNeighbourBenchmark } from "./noisy-neighbour";
import { requestDecodingBenchmarks } from "./request-decoding";
import { measureStartup } from "./startup";
import { type ColdReport, measureColdStart } from "./transport/cold-start";
import { type ThroughputStats, transportThroughput } from "./transport/throughput";

const QUICK = process.argv.includes("--quick");
const SCALE = QUICK ? 0.1 : 1;
/** Past this the in-process benchmarks are stuck, not slow: fail rather than hang a CI job. */
const WATCHDOG_MS = 150_000;
const ONLY_FRONT_DOORS = process.argv.includes("--only-front-doors");
const LIST_SIZE = 25;
const POST_CONCURRENCY = 8;
const TRANSPORT_CONCURRENCY = 8;

const budget = (timeMs: number, maxOperations: number, warmupMs = 300): Budget => ({
  timeMs: Math.max(50, Math.round(timeMs * SCALE)),
  maxOperations: Math.max(10, Math.round(maxOperations * SCALE)),
  warmupMs: Math.max(20, Math.round(warmupMs * SCALE)),
});

function log(line: string): void {
  process.stdout.write(`${line}\n`);
}

function fail(message: string): never {
  throw new Error(`benchmark set-up failed: ${message}`);
}

/** A user whose rate limit is out of the way: the benchmark measures work, not waiting. */
async function unthrottledUser(em: RunningEmulator): Promise<{ apiKey: string }> {
  return controlOk(em, "POST", "/users", { plan: "DEGEN", limits: { requestsPerMinute: 1_000_000 } });
}

function modelBenchmarks(): Record<string, Stats> {
  const input = bigStrategy(50);
  // Sanity first: the fixture is valid for both paths and the mapping round trip is exact.
  const checked = validateStrategyInput(input, "create");
  if (!checked.ok) fail(`the 50-rule fixture is invalid: ${checked.issues.map((i) => i.message).join("; ")}`);
  if (!StrategyInputSchema.safeParse(input).success) fail("zod rejects the 50-rule fixture");
  const back = storedToRules(rulesToStored(input.rules, { view: "list" }));
  if (JSON.stringify(canonicalRules(back)) !== JSON.stringify(canonicalRules(input.rules))) {
    fail("rulesToStored → storedToRules does not give the rules back");
  }

  log("(a) validation of a 50-rule strategy …");
  const full = measureSync(
    "validation.full",
    () => {
      const r = validateStrategyInput(input, "create");
      if (!r.ok) throw new Error("unexpected validation failure");
      return canonicalStrategyInput(r.value);
    },
    budget(2500, 200_000),
  );
  const zodOnly = measureSync(
    "validation.zodOnly",
    () => StrategyInputSchema.safeParse(input),
    budget(2500, 200_000),
  );

  log("(b) rule mapping round trip …");
  const roundTrip = measureSync(
    "mapping.roundTrip",
    () => storedToRules(rulesToStored(input.rules, { view: "list" })),
    budget(2500, 200_000),
  );
  return { "validation.full": full, "validation.zodOnly": zodOnly, "mapping.roundTrip": roundTrip };
}

async function httpBenchmarks(em: RunningEmulator): Promise<Record<string, Stats>> {
  const origin = new URL(em.baseUrl).origin;
  const basePath = new URL(em.baseUrl).pathname;

  // (c) GET /strategies holding 25 strategies: the typed client vs a bare undici request.
  const reader = await unthrottledUser(em);
  const client = createClient({ apiKey: reader.apiKey, baseUrl: em.baseUrl });
  const bare = new Pool(origin, { connections: 16 });
  const writer = new Pool(origin, { connections: POST_CONCURRENCY });
  try {
    await client.account.me(); // sizes the client's limiter to the (raised) plan rate
    for (let i = 0; i < LIST_SIZE; i++) await client.strategies.create(bigStrategy(10 + (i % 5)));
    const listed = await client.strategies.list();
    if (listed.strategies.length !== LIST_SIZE) fail(`expected ${LIST_SIZE} strategies to list`);

    const bareList = async () => {
      const res = await bare.request({
        path: `${basePath}/strategies`,
        method: "GET",
        headers: { "x-api-key": reader.apiKey, accept: "application/json" },
      });
      const body = (await res.body.json()) as { strategies: unknown[] };
      if (res.statusCode !== 200 || body.strategies.length !== LIST_SIZE) {
        throw new Error(`bare GET /strategies answered ${res.statusCode}`);
      }
      return body;
    };

    log(`(c) GET /strategies with ${LIST_SIZE} strategies: client vs bare undici …`);
    // Interleaved halves, so drift of the machine during the run hits both sides alike.
    const half = budget(2000, 20_000);
    const clientA = await measureAsync("client.listStrategies", () => client.strategies.list(), half);
    const bareA = await measureAsync("undici.listStrategies", bareList, half);
    const clientB = await measureAsync("client.listStrategies", () => client.strategies.list(), half);
    const bareB = await measureAsync("undici.listStrategies", bareList, half);

    // (d) POST /strategies throughput of the emulator, several requests in flight.
    const poster = await unthrottledUser(em);
    const body = JSON.stringify(sampleStrategy({ name: "throughput" }));
    log(`(d) emulator POST /strategies throughput, ${POST_CONCURRENCY} in flight …`);
    const post = await measureThroughput(
      "emulator.createStrategy",
      async () => {
        const res = await writer.request({
          path: `${basePath}/strategies`,
          method: "POST",
          headers: { "x-api-key": poster.apiKey, "content-type": "application/json" },
          body,
        });
        await res.body.dump();
        if (res.statusCode !== 201) throw new Error(`POST /strategies answered ${res.statusCode}`);
        return res.statusCode;
      },
      { ...budget(4000, 20_000), concurrency: POST_CONCURRENCY },
    );
    return {
      "client.listStrategies": merge(clientA, clientB),
      "undici.listStrategies": merge(bareA, bareB),
      "emulator.createStrategy": post,
    };
  } finally {
    await client.close();
    await bare.close();
    await writer.close();
  }
}

/** (h) and (i): the client's two transports side by side, in flight and in a fresh process. */
async function transportBenchmarks(
  em: RunningEmulator,
): Promise<{ benchmarks: Record<string, Stats>; coldStart: ColdReport }> {
  const user = await unthrottledUser(em);
  log(`(h) the client's GET /me, ${TRANSPORT_CONCURRENCY} in flight: undici vs Node.js http …`);
  const benchmarks = await transportThroughput(
    user.apiKey,
    em.baseUrl,
    TRANSPORT_CONCURRENCY,
    budget(2000, 20_000),
    merge,
  );
  log("(i) first request of a fresh process loading the runtime bundle: undici vs Node.js http …");
  const coldStart = await measureColdStart(QUICK ? 3 : 10, user.apiKey, em.baseUrl);
  return { benchmarks, coldStart };
}

/** The CPU time per request a transport benchmark (h) recorded. */
function transportCpu(name: string, benchmarks: Record<string, Stats>): number {
  return (benchmarks[name] as ThroughputStats | undefined)?.cpuMsPerRequest ?? fail(`missing result ${name}`);
}

/** Joins two halves of one measurement (sample-weighted; percentiles conservatively the max). */
function merge(a: Stats, b: Stats): Stats {
  const operations = a.operations + b.operations;
  const elapsedMs = a.elapsedMs + b.elapsedMs;
  return {
    ...a,
    operations,
    samples: a.samples + b.samples,
    elapsedMs: round(elapsedMs),
    opsPerSec: round(operations / (elapsedMs / 1000)),
    meanMs: round(elapsedMs / operations, 6),
    p50Ms: round((a.p50Ms * a.samples + b.p50Ms * b.samples) / (a.samples + b.samples), 6),
    p95Ms: Math.max(a.p95Ms, b.p95Ms),
    minMs: Math.min(a.minMs, b.minMs),
    maxMs: Math.max(a.maxMs, b.maxMs),
  };
}

async function main(): Promise<void> {
  if (ONLY_FRONT_DOORS)
    return writeReport({ frontDoors: await frontDoorSuite(process.argv, log) }, Date.now());
  const watchdog = setTimeout(() => {
    process.stderr.write(`benchmarks did not finish within ${WATCHDOG_MS / 1000} s; aborting\n`);
    process.exit(1);
  }, WATCHDOG_MS);
  watchdog.unref();

  const started = Date.now();
  const benchmarks: Record<string, Stats> = { ...modelBenchmarks() };
  log("(g) the plugin's reading of a DiffRequest …");
  Object.assign(benchmarks, requestDecodingBenchmarks(budget(2500, 200_000)));
  const em = await startEmulator({ port: 0, host: "127.0.0.1" });
  let transportColdStart: ColdReport;
  try {
    Object.assign(benchmarks, await httpBenchmarks(em));
    log("(e) GET /me of one user while another runs worst-case queries …");
    benchmarks["emulator.meUnderAttack"] = await noisyNeighbourBenchmark(em, budget(3000, 2_000));
    const transport = await transportBenchmarks(em);
    Object.assign(benchmarks, transport.benchmarks);
    transportColdStart = transport.coldStart;
  } finally {
    await em.close();
  }
  // (f) needs the release binary (`npm run plugin:release`); without it the report says so.
  log("(f) cold start of the provider plugin to its port …");
  const startup = existsSync(releaseExecutable())
    ? await measureStartup(QUICK ? 3 : 10, log)
    : { skipped: "no release binary: run `npm run plugin:release` first" };
  clearTimeout(watchdog);

  const b = (name: string): Stats => benchmarks[name] ?? fail(`missing result ${name}`);
  const ratios = {
    /** How many times longer full validation + canonicalisation takes than zod parsing alone. */
    validationOverhead: round(b("validation.full").meanMs / b("validation.zodOnly").meanMs, 2),
    /** How many times longer the typed client's GET /strategies takes than a bare undici request. */
    clientOverhead: round(b("client.listStrategies").meanMs / b("undici.listStrategies").meanMs, 2),
    /** The client's added time per request, in milliseconds. */
    clientOverheadMs: round(b("client.listStrategies").meanMs - b("undici.listStrategies").meanMs, 4),
    /** The same two ratios over medians: steadier on a busy machine (GC pauses, neighbours). */
    validationOverheadMedian: round(b("validation.full").p50Ms / b("validation.zodOnly").p50Ms, 2),
    clientOverheadMedian: round(b("client.listStrategies").p50Ms / b("undici.listStrategies").p50Ms, 2),
    /** How many times faster the plugin reads a DiffRequest than google-protobuf's reader (medians). */
    requestDecodingSpeedup: round(b("googlePb.decodeDiff").p50Ms / b("plugin.decodeDiff").p50Ms, 2),
    /** The client's requests per second at 8 in flight, undici over Node.js http (above 1: undici serves more). */
    transportThroughput: round(b("undici.meInFlight").opsPerSec / b("nodeHttp.meInFlight").opsPerSec, 2),
    /** Median latency at 8 in flight, undici over Node.js http. */
    transportLatencyMedian: round(b("undici.meInFlight").p50Ms / b("nodeHttp.meInFlight").p50Ms, 2),
    /** This process's CPU time per request at 8 in flight (client and emulator), undici over Node.js http. */
    transportCpuPerRequest: round(
      transportCpu("undici.meInFlight", benchmarks) / transportCpu("nodeHttp.meInFlight", benchmarks),
      2,
    ),
  };

  printSummary(benchmarks, ratios, transportColdStart);
  log("(j) every command of every front door against its floor …");
  const frontDoors = await frontDoorSuite(process.argv, log);
  writeReport(
    {
      workloads: {
        validation: "one 50-rule strategy (every rule kind), create mode",
        mapping: "rules of the same strategy to stored groups (list view) and back",
        list: `GET /strategies holding ${LIST_SIZE} strategies of 10-14 rules, one request at a time`,
        create: `POST /strategies with a 3-rule body, ${POST_CONCURRENCY} requests in flight`,
        meUnderAttack:
          "GET /me of one user while another runs 4 worst-case queries at a time (target: p50 < 100 ms)",
        decodeDiff:
          "a DiffRequest of a 3-rule strategy (stored outputs, old and new inputs) to plain property bags",
        meInFlight: `GET /me through the typed client, ${TRANSPORT_CONCURRENCY} requests in flight, per transport`,
      },
      benchmarks,
      ratios,
      transportColdStart,
      startup,
      frontDoors,
      review: await (await import("./review")).reviewBenchmark(log, QUICK),
      stateSize: await (await import("./state-size")).stateSizeBenchmark(log, QUICK),
    },
    started,
  );
}

/** bench-results/latest.json: the environment and every part measured; the front doors' tables printed. */
function writeReport(
  parts: Record<string, unknown> & { frontDoors: FrontDoorOutcome },
  started: number,
): void {
  const report = {
    schemaVersion: 2,
    generatedAt: new Date().toISOString(),
    quick: QUICK,
    durationMs: Date.now() - started,
    environment: {
      node: process.version,
      platform: process.platform,
      arch: process.arch,
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? "unknown",
    },
    ...parts,
  };
  const dir = resolve(__dirname, "..", "bench-results");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "latest.json"), `${JSON.stringify(report, null, 2)}\n`);
  if ("skipped" in parts.frontDoors) log(`front doors: not measured (${parts.frontDoors.skipped})`);
  else printFrontDoors(parts.frontDoors, log);
  log(`written to bench-results/latest.json in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** The table of every benchmark and the ratios, on stdout. */
function printSummary(
  benchmarks: Record<string, Stats>,
  ratios: Record<string, number>,
  transportColdStart: ColdReport,
): void {
  const b = (name: string): Stats => benchmarks[name] ?? fail(`missing result ${name}`);
  log("");
  log(`${"benchmark".padEnd(26)}${"ops/s".padStart(12)}${"mean ms".padStart(12)}${"p95 ms".padStart(12)}`);
  for (const s of Object.values(benchmarks)) {
    log(
      `${s.name.padEnd(26)}${String(Math.round(s.opsPerSec)).padStart(12)}` +
        `${s.meanMs.toFixed(4).padStart(12)}${s.p95Ms.toFixed(4).padStart(12)}`,
    );
  }
  log("");
  log(
    `validation overhead (full / zod only): ${ratios.validationOverhead}x mean, ${ratios.validationOverheadMedian}x median`,
  );
  log(
    `client overhead (client / bare undici): ${ratios.clientOverhead}x mean (+${ratios.clientOverheadMs} ms), ` +
      `${ratios.clientOverheadMedian}x median`,
  );
  log(`DiffRequest reading (google-protobuf / the plugin's): ${ratios.requestDecodingSpeedup}x median`);
  log(
    `client requests/s at ${TRANSPORT_CONCURRENCY} in flight (undici / Node.js http): ${ratios.transportThroughput}x, ` +
      `median latency ${ratios.transportLatencyMedian}x, CPU per request ${ratios.transportCpuPerRequest}x`,
  );
  logColdStart(transportColdStart);
  const underAttack = b("emulator.meUnderAttack");
  log(
    `GET /me beside worst-case queries: p50 ${underAttack.p50Ms.toFixed(1)} ms ` +
      `(target < 100 ms: ${underAttack.p50Ms < 100 ? "met" : "MISSED"})`,
  );
}

function logColdStart(report: ColdReport): void {
  log(`first request of a fresh process (medians of ${report.rounds}; CPU in brackets):`);
  for (const { transport, medians: m } of report.rows) {
    log(
      `  ${transport.padEnd(10)} load ${m.loadMs} ms [${m.loadCpuMs}], first request ${m.firstRequestMs} ms ` +
        `[${m.firstRequestCpuMs}], first answer at ${m.firstAnswerAtMs} ms [${m.cpuToFirstAnswerMs}]`,
    );
  }
  log(
    `  undici / Node.js http: first request ${report.firstRequestRatio}x [${report.firstRequestCpuRatio}x], ` +
      `first answer ${report.firstAnswerRatio}x [${report.cpuToFirstAnswerRatio}x]`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
