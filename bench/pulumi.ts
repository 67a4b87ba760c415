/**
 * Pulumi-level benchmark: the real CLI against the emulator, as a CI job runs it. For N
 * strategies with their activation, on the PRO and DEGEN rate limits, it times the phases up
 * from empty, no-change preview, refresh, one rule changed in every strategy, and destroy, and
 * sets each beside its yardsticks: requests by route against the minimum a perfect provider
 * needs, wall time against the plan's bound, 429s the service answered and 429s that reached
 * the engine. With limits lifted it also measures the provider's own time per resource
 * operation against the same requests made by the bare client in the same run.
 *
 * It then runs the same portfolio through every front door (TypeScript, YAML, Go), each beside its
 * floor (bench/front-doors.ts).
 *
 * Run: npm run bench:pulumi [-- --n 10,50] [--with-200] [--plans PRO,DEGEN] [--skip-overhead]
 *      [--skip-front-doors | --only-front-doors] [--doors all|ts-doors|yaml-doors|go-doors|<door>,…] [--rounds 3]
 *      [--baseline <checkout built at another commit>]
 * (`npm run bench` measures the front doors at N = 50 and 200, and 1,000 with --with-1000.)
 * Writes bench-results/pulumi-latest.json (and a dated copy) and prints a table.
 */
import "../emulator/startup/quiet-warnings";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { type RunningEmulator, startEmulator } from "../emulator/server";
import { createClient } from "../provider/api/client";
import { controlOk } from "../test/support/emulator";
import {
  type FrontDoorOptions,
  type FrontDoorReport,
  measureFrontDoors,
  parseDoors,
  printFrontDoors,
} from "./front-doors";
import {
  boundMs,
  minimumRequests,
  PHASES,
  type Phase,
  percentiles,
  slidingWindowFloorMs,
  total,
} from "./pulumi-bounds";
import { BenchProject, type CommandRun, pulumiBinDir, ROOT } from "./pulumi-project";

const PLAN_RATES = { PRO: 60, DEGEN: 300 } as const;
const PLAN_ACTIVE = { PRO: 25, DEGEN: 50 } as const;
type Plan = keyof typeof PLAN_RATES;
/** Our limiter's window: the service's minute plus the arrival margin (provider/api/rate-limiter.ts). */
const LIMITER_WINDOW_MS = 61_000;
const FIXED_REPEATS = 3;

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const NS = [
  ...(arg("--n") ?? "10,50").split(",").map(Number),
  ...(process.argv.includes("--with-200") ? [200] : []),
].filter((n) => Number.isInteger(n) && n > 0);
const PLANS = (arg("--plans") ?? "PRO,DEGEN").split(",").filter((p): p is Plan => p in PLAN_RATES);
const ONLY_FRONT_DOORS = process.argv.includes("--only-front-doors");
const SKIP_OVERHEAD = process.argv.includes("--skip-overhead") || ONLY_FRONT_DOORS;
const SKIP_FRONT_DOORS = process.argv.includes("--skip-front-doors");
const ROUNDS = Math.max(1, Number(arg("--rounds") ?? 3) || 1);
const FRONT_DOOR_OPTIONS: FrontDoorOptions = {
  doors: parseDoors(arg("--doors") ?? "all"),
  sizes: NS.map((n) => ({ n, rounds: ROUNDS })),
  ...(arg("--baseline") ? { baselineRoot: resolve(arg("--baseline") as string) } : {}),
};

function log(line: string): void {
  process.stdout.write(`${line}\n`);
}

/** N strategies, each with a rule `min` moves, and one activation holding them all. */
function portfolio(n: number, min: number): string {
  const items = Array.from(
    { length: n },
    (_, i) => `const s${i} = new sa.Strategy("s${i}", {
  name: "bench strategy ${i}",
  triggers: ["new_token_created"],
  rules: [
    { rule: "liquidity_usd", dealbreaker: true, min: ${min + i} },
    { rule: "has_website", dealbreaker: false },
    { rule: "risk_level", dealbreaker: false, value: "MEDIUM" },
  ],
});`,
  );
  const ids = Array.from({ length: n }, (_, i) => `s${i}.strategyId`).join(", ");
  // With N = 0 the empty activation still starts the provider and reads the plan: the fixed
  // cost of a run of this package, not of an empty stack (which never starts a provider).
  const activation = `new sa.StrategyActivation("active", { strategyIds: [${ids}] });`;
  return `import * as sa from "pulumi-strategy-alerts";\n${items.join("\n")}\n${activation}\nexport const count = ${n};\n`;
}

interface Entry {
  method: string;
  route: string | null;
  status: number | null;
  time: string;
  userId: string | null;
}

async function journal(em: RunningEmulator, userId: string, sinceMs: number): Promise<Entry[]> {
  const res = await controlOk<{ requests: Entry[] } | Entry[]>(em, "GET", "/requests");
  const all = Array.isArray(res) ? res : res.requests;
  return all.filter((e) => e.userId === userId && Date.parse(e.time) >= sinceMs);
}

function byRoute(entries: Entry[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const e of entries) {
    if (e.status === 429) continue;
    const key = `${e.method} ${e.route}`;
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Each phase is measured from a window with room for it, as its bound assumes: when the
 * previous phases' requests of the last minute leave too little, wait until enough age out.
 */
async function roomFor(em: RunningEmulator, userId: string, rate: number, expected: number): Promise<number> {
  const now = Date.now();
  const recent = (await journal(em, userId, now - LIMITER_WINDOW_MS))
    .filter((e) => e.status !== 429)
    .map((e) => Date.parse(e.time))
    .sort((a, b) => a - b);
  const excess = recent.length + Math.min(expected, rate) - rate;
  if (excess <= 0) return 0;
  const waitMs = Math.max(0, recent[excess - 1]! + LIMITER_WINDOW_MS - now + 250);
  await sleep(waitMs);
  return waitMs;
}

function engine429s(run: CommandRun): number {
  return run.diagnostics.filter((d) => d.severity === "error" && /\b429\b/.test(d.message)).length;
}

async function runPhase(
  project: BenchProject,
  phase: Phase,
  n: number,
  extra: string[] = [],
): Promise<CommandRun> {
  switch (phase) {
    case "up":
      return project.up(extra);
    case "preview":
      return project.preview(extra);
    case "refresh":
      return project.refresh(extra);
    case "change":
      await project.writeProgram(portfolio(n, 5000));
      return project.up(extra);
    case "destroy":
      return project.destroy(extra);
  }
}

interface PhaseResult {
  plan: Plan | "none";
  n: number;
  phase: Phase;
  exitCode: number;
  wallMs: number;
  idleBeforeMs: number;
  requests: Record<string, number>;
  requestsTotal: number;
  minimum: Record<string, number>;
  minimumTotal: number;
  extraRequests: number;
  extraWrites: number;
  serviceAnswered429: number;
  engine429: number;
  fixedMs: number;
  /** Where the wait announcements reached the output: engine diagnostics by severity. */
  announcedWaits: Record<string, number>;
  /** The same phase with the rate limit lifted (same N, same run): the engine's own cost. */
  unthrottledMs?: number;
  /** max(unthrottled wall + the issue's rate term, sliding-window floor): what pacing can reach. */
  achievableMs?: number;
  ratioToAchievable?: number;
  boundMs: number;
  ratioToBound: number;
  slidingWindowFloorMs: number;
  ratioToFloor: number;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

async function measureSeries(
  em: RunningEmulator,
  bin: string,
  windowDir: string,
  plan: Plan | "none",
  n: number,
  fixed: Partial<Record<Phase, number>>,
  unthrottled: Partial<Record<Phase, number>> = {},
): Promise<PhaseResult[]> {
  const rate = plan === "none" ? 1_000_000 : PLAN_RATES[plan];
  const user = await controlOk<{ userId: string; apiKey: string }>(em, "POST", "/users", {
    plan: plan === "none" ? "DEGEN" : plan,
    limits:
      plan === "none"
        ? { requestsPerMinute: 1_000_000, active: Math.max(n, 1) }
        : { active: Math.max(n, PLAN_ACTIVE[plan]) },
  });
  const project = await BenchProject.create({
    name: `bench-${plan.toLowerCase()}-${n}`,
    program: portfolio(n, 1000),
    pulumiBinDir: bin,
    apiKey: user.apiKey,
    baseUrl: em.baseUrl,
    env: { STRATEGY_ALERTS_RATE_DIR: windowDir },
  });
  const results: PhaseResult[] = [];
  try {
    for (const phase of PHASES) {
      const minimum = minimumRequests(phase, n);
      const idleBeforeMs = await roomFor(em, user.userId, rate, total(minimum) + 2);
      const started = Date.now();
      const run = await runPhase(project, phase, n);
      const entries = await journal(em, user.userId, started);
      const requests = byRoute(entries);
      const requestsTotal = total(requests);
      const minimumTotal = total(minimum);
      const writes = (r: Record<string, number>) =>
        total(Object.fromEntries(Object.entries(r).filter(([k]) => !k.startsWith("GET "))));
      const fixedMs = fixed[phase] ?? run.wallMs;
      const bound = boundMs(requestsTotal, rate, fixedMs);
      const floor = slidingWindowFloorMs(requestsTotal, rate, fixedMs);
      const free = unthrottled[phase];
      const achievable =
        free === undefined ? undefined : Math.max(boundMs(requestsTotal, rate, free), floor - fixedMs + free);
      const announcedWaits: Record<string, number> = {};
      for (const d of run.diagnostics) {
        if (d.message.includes("strategy-alerts: waiting"))
          announcedWaits[d.severity] = (announcedWaits[d.severity] ?? 0) + 1;
      }
      const result: PhaseResult = {
        plan,
        n,
        phase,
        exitCode: run.code,
        wallMs: run.wallMs,
        idleBeforeMs,
        requests,
        requestsTotal,
        minimum,
        minimumTotal,
        extraRequests: requestsTotal - minimumTotal,
        extraWrites: writes(requests) - writes(minimum),
        serviceAnswered429: entries.filter((e) => e.status === 429).length,
        engine429: engine429s(run),
        fixedMs,
        announcedWaits,
        ...(achievable === undefined
          ? {}
          : {
              unthrottledMs: free,
              achievableMs: Math.round(achievable),
              ratioToAchievable: round2(run.wallMs / achievable),
            }),
        boundMs: Math.round(bound),
        ratioToBound: round2(run.wallMs / bound),
        slidingWindowFloorMs: Math.round(floor),
        ratioToFloor: round2(run.wallMs / floor),
      };
      results.push(result);
      log(
        `  ${plan} N=${n} ${phase.padEnd(8)} ${String(run.wallMs).padStart(7)} ms  requests ${requestsTotal} (min ${minimumTotal})  429 ${result.serviceAnswered429}/${result.engine429}${run.code !== 0 ? `  EXIT ${run.code}` : ""}`,
      );
      if (run.code !== 0) {
        log(run.diagnostics.map((d) => `    ${d.severity}: ${d.message.trim()}`).join("\n"));
        break;
      }
    }
  } finally {
    await project.cleanup();
  }
  return results;
}

interface TraceLine {
  type: string;
  operation: string;
  ms: number;
  ok: boolean;
}

/**
 * With limits lifted and the engine running one operation at a time, the provider's time per
 * Strategy create / update / delete (inside the provider process, from the runtime's trace)
 * against the same request made by the bare client from this process.
 */
async function measureOverhead(em: RunningEmulator, bin: string, windowDir: string, n: number) {
  const traceFile = join(windowDir, "trace.jsonl");
  const user = await controlOk<{ apiKey: string }>(em, "POST", "/users", {
    plan: "DEGEN",
    limits: { requestsPerMinute: 1_000_000, active: n },
  });
  const project = await BenchProject.create({
    name: "bench-overhead",
    program: portfolio(n, 1000),
    pulumiBinDir: bin,
    apiKey: user.apiKey,
    baseUrl: em.baseUrl,
    env: { STRATEGY_ALERTS_RATE_DIR: windowDir, STRATEGY_ALERTS_TRACE_FILE: traceFile },
  });
  try {
    for (const phase of ["up", "change", "destroy"] as const) {
      const run = await runPhase(project, phase, n, ["--parallel", "1"]);
      if (run.code !== 0) throw new Error(`overhead ${phase} failed: ${run.stderr}`);
    }
  } finally {
    await project.cleanup();
  }
  const trace = readFileSync(traceFile, "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as TraceLine)
    .filter((t) => t.ok && t.type === "Strategy");
  const provider = (operation: string) =>
    percentiles(trace.filter((t) => t.operation === operation).map((t) => t.ms));

  // The same requests, one at a time, by the client alone.
  const bareUser = await controlOk<{ apiKey: string }>(em, "POST", "/users", {
    plan: "DEGEN",
    limits: { requestsPerMinute: 1_000_000 },
  });
  const client = createClient({ apiKey: bareUser.apiKey, baseUrl: em.baseUrl, shareRateWindow: false });
  await client.account.me();
  const timed = async (fn: () => Promise<unknown>) => {
    const t = performance.now();
    await fn();
    return performance.now() - t;
  };
  const rules = (min: number) => [
    { rule: "liquidity_usd" as const, dealbreaker: true, min },
    { rule: "has_website" as const, dealbreaker: false },
    { rule: "risk_level" as const, dealbreaker: false, value: "MEDIUM" },
  ];
  const create: number[] = [];
  const update: number[] = [];
  const del: number[] = [];
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    create.push(
      await timed(async () => {
        const s = await client.strategies.create({
          name: `bare strategy ${i}`,
          triggers: ["new_token_created"],
          rules: rules(1000 + i) as never,
          isActive: false,
        });
        ids.push(s.id);
      }),
    );
  }
  for (const [i, id] of ids.entries())
    update.push(await timed(() => client.strategies.update(id, { rules: rules(5000 + i) as never })));
  for (const id of ids) del.push(await timed(() => client.strategies.delete(id)));
  await client.close();

  const row = (operation: string, bare: number[], request: string) => {
    const p = provider(operation);
    const b = percentiles(bare);
    return {
      operation: `Strategy ${operation}`,
      request,
      provider: { n: p.n, medianMs: round2(p.median), p95Ms: round2(p.p95) },
      bareClient: { n: b.n, medianMs: round2(b.median), p95Ms: round2(b.p95) },
      overheadMedianMs: round2(p.median - b.median),
      overheadP95Ms: round2(p.p95 - b.p95),
    };
  };
  return [
    row("create", create, "POST /strategies"),
    row("update", update, "PATCH /strategies/:id"),
    row("delete", del, "DELETE /strategies/:id"),
  ];
}

async function main(): Promise<void> {
  const bin = pulumiBinDir();
  const em = await startEmulator({ port: 0 });
  const windowDir = mkdtempSync(join(tmpdir(), "psa-bench-window-"));
  const started = Date.now();
  const phases: PhaseResult[] = [];
  let overhead: Awaited<ReturnType<typeof measureOverhead>> | undefined;
  let frontDoors: FrontDoorReport | undefined;
  try {
    // A single pulumi run varies by seconds on a shared machine: the fixed cost is the median of three.
    if (!ONLY_FRONT_DOORS) log(`fixed cost of a pulumi run (N = 0), median of ${FIXED_REPEATS} …`);
    const fixedRuns: PhaseResult[] = [];
    for (let i = 0; i < (ONLY_FRONT_DOORS ? 0 : FIXED_REPEATS); i++)
      fixedRuns.push(...(await measureSeries(em, bin, windowDir, "none", 0, {})));
    const fixed = Object.fromEntries(
      PHASES.map((phase) => [
        phase,
        percentiles(fixedRuns.filter((r) => r.phase === phase).map((r) => r.wallMs)).median,
      ]),
    ) as Partial<Record<Phase, number>>;
    phases.push(...fixedRuns);
    for (const n of ONLY_FRONT_DOORS ? [] : NS) {
      log(`limits lifted, N = ${n} …`);
      const free = await measureSeries(em, bin, windowDir, "none", n, fixed);
      phases.push(...free);
      const unthrottled = Object.fromEntries(free.map((r) => [r.phase, r.wallMs])) as Partial<
        Record<Phase, number>
      >;
      for (const plan of PLANS) {
        log(`${plan}, N = ${n} …`);
        phases.push(...(await measureSeries(em, bin, windowDir, plan, n, fixed, unthrottled)));
      }
    }
    if (!SKIP_OVERHEAD) {
      const n = Math.min(...NS);
      log(`provider overhead per resource operation, limits lifted, N = ${n}, one operation at a time …`);
      overhead = await measureOverhead(em, bin, windowDir, n);
    }
    if (!SKIP_FRONT_DOORS) frontDoors = await measureFrontDoors(em, bin, windowDir, FRONT_DOOR_OPTIONS, log);
  } finally {
    await em.close();
    rmSync(windowDir, { recursive: true, force: true });
  }

  const measured = phases.filter((p) => p.plan !== "none");
  const result = {
    kind: "pulumi",
    at: new Date().toISOString(),
    elapsedMs: Date.now() - started,
    ns: NS,
    plans: PLANS,
    environment: {
      node: process.version,
      platform: process.platform,
      cpus: cpus().length,
      cpu: cpus()[0]?.model,
    },
    targets: {
      wallWithin1_1xBound: measured.every((p) => p.ratioToBound <= 1.1),
      wallWithin1_1xSlidingWindowFloor: measured.every((p) => p.ratioToFloor <= 1.1),
      wallWithin1_1xAchievable: measured.every((p) => (p.ratioToAchievable ?? 0) <= 1.1),
      no429: measured.every((p) => p.serviceAnswered429 === 0 && p.engine429 === 0),
      requestsAtMostMinimumPlus2Reads: measured.every((p) => p.extraWrites === 0 && p.extraRequests <= 2),
    },
    phases,
    overhead,
    frontDoors,
  };
  const dir = join(ROOT, "bench-results");
  mkdirSync(dir, { recursive: true });
  const text = `${JSON.stringify(result, null, 2)}\n`;
  writeFileSync(join(dir, "pulumi-latest.json"), text);
  writeFileSync(join(dir, `pulumi-${result.at.replace(/[:.]/g, "-")}.json`), text);
  printTable(phases, overhead, result.targets);
  if (frontDoors) printFrontDoors(frontDoors, log);
}

function printTable(
  phases: PhaseResult[],
  overhead: Awaited<ReturnType<typeof measureOverhead>> | undefined,
  targets: Record<string, boolean>,
): void {
  const pad = (s: string | number, w: number) => String(s).padStart(w);
  log(
    `\n${"plan".padEnd(6)}${pad("N", 5)} ${"phase".padEnd(8)}${pad("wall s", 8)}${pad("bound s", 9)}${pad("ratio", 7)}${pad("floor s", 9)}${pad("ratio", 7)}${pad("achv s", 8)}${pad("ratio", 7)}${pad("req", 6)}${pad("min", 6)}${pad("429 svc", 9)}${pad("429 eng", 9)}  requests by route`,
  );
  for (const p of phases) {
    const routes = Object.entries(p.requests)
      .map(([k, v]) => `${k} ${v}`)
      .join(", ");
    log(
      `${p.plan.padEnd(6)}${pad(p.n, 5)} ${p.phase.padEnd(8)}${pad((p.wallMs / 1000).toFixed(1), 8)}${pad((p.boundMs / 1000).toFixed(1), 9)}${pad(p.ratioToBound.toFixed(2), 7)}${pad((p.slidingWindowFloorMs / 1000).toFixed(1), 9)}${pad(p.ratioToFloor.toFixed(2), 7)}${pad(p.achievableMs === undefined ? "-" : (p.achievableMs / 1000).toFixed(1), 8)}${pad(p.ratioToAchievable === undefined ? "-" : p.ratioToAchievable.toFixed(2), 7)}${pad(p.requestsTotal, 6)}${pad(p.minimumTotal, 6)}${pad(p.serviceAnswered429, 9)}${pad(p.engine429, 9)}  ${routes}`,
    );
  }
  if (overhead) {
    log(
      `\n${"operation".padEnd(18)}${"request".padEnd(24)}${pad("provider p50/p95 ms", 22)}${pad("bare client p50/p95 ms", 25)}${pad("overhead p50 ms", 17)}`,
    );
    for (const o of overhead) {
      log(
        `${o.operation.padEnd(18)}${o.request.padEnd(24)}${pad(`${o.provider.medianMs} / ${o.provider.p95Ms}`, 22)}${pad(`${o.bareClient.medianMs} / ${o.bareClient.p95Ms}`, 25)}${pad(o.overheadMedianMs, 17)}`,
      );
    }
  }
  log(
    `\ntargets: ${Object.entries(targets)
      .map(([k, v]) => `${k} ${v ? "met" : "NOT met"}`)
      .join("; ")}`,
  );
  log("written to bench-results/pulumi-latest.json");
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
