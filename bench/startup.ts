/**
 * Cold start of the provider plugin: from exec to its port on stdout (the moment the engine can
 * talk to it), for the release binary (the single executable of `npm run plugin:release`) and the
 * script plugin of the npm package, beside a bare `node -e` start of the same Node.js that prints
 * one line, and the native floor of `bench:pulumi` (a Go provider that does nothing; built from
 * bench/go into the toolchain's cache when Go is there). Runs are interleaved (one of each per round) so the machine's load falls on all alike.
 *
 * Run alone: npm run bench:startup [-- --rounds 10]; `npm run bench` includes it.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join, resolve } from "node:path";
import * as grpc from "@grpc/grpc-js";
import { releaseExecutable } from "../scripts/plugin-release";
import { pinnedNode } from "../scripts/plugin-release/node-binary";
import { FLOOR_EXECUTABLE, goBinaries } from "./go-binaries";
import { round } from "./harness";

const ROOT = resolve(__dirname, "..");

export interface StartupRow {
  name: string;
  medianMs: number;
  minMs: number;
  maxMs: number;
  /** This row's median over the bare Node.js start's. */
  ratioToBareNode: number;
  /** Median CPU time (user + system) used by the port's arrival (Linux; 10 ms resolution). */
  medianCpuMs?: number;
  /**
   * Median time from exec to the answer of the engine's first call (GetPluginInfo), asked the
   * moment the port arrives: when the plugin can serve, the gRPC library, the protocol stubs and
   * the provider's module loaded. A plugin row only.
   */
  medianReadyMs?: number;
}

export interface StartupReport {
  rounds: number;
  nodeVersion: string;
  loadAverage: number[];
  rows: StartupRow[];
}

interface Sample {
  wallMs: number;
  /** CPU time (user + system) the process had used when its port arrived; Linux only. */
  cpuMs?: number;
  /** From exec to the answer of GetPluginInfo, asked as soon as the port arrived. */
  readyMs?: number;
}

/** The engine's first call to a provider plugin, GetPluginInfo (an empty request). */
function pluginInfo(port: number): Promise<void> {
  const client = new grpc.Client(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
  return new Promise<void>((resolve, reject) =>
    client.makeUnaryRequest(
      "/pulumirpc.ResourceProvider/GetPluginInfo",
      () => Buffer.alloc(0),
      (bytes: Buffer) => bytes,
      Buffer.alloc(0),
      { deadline: Date.now() + 30_000 },
      (err) => (err ? reject(err) : resolve()),
    ),
  ).finally(() => client.close());
}

/**
 * The CPU a process has used, from /proc (clock ticks of 10 ms): unlike wall time it hardly
 * moves with the machine's load, so it says where the start-up goes on a busy machine.
 */
function cpuMsOf(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/**
 * From exec to the first line on stdout and, for a plugin, on to the answer of its first call;
 * the process is then killed.
 */
function timeToFirstLine(command: string, args: string[], plugin: boolean): Promise<Sample> {
  return new Promise((done, fail) => {
    const start = process.hrtime.bigint();
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "ignore"] });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (!out.includes("\n")) return;
      // One sample per process: later output does not start it again.
      child.stdout.removeAllListeners("data");
      const wallMs = Number(process.hrtime.bigint() - start) / 1e6;
      const cpuMs = child.pid === undefined ? undefined : cpuMsOf(child.pid);
      if (!/^\d+\n/.test(out)) {
        child.kill("SIGKILL");
        return fail(new Error(`${command} printed ${JSON.stringify(out)}, not a port`));
      }
      if (!plugin) {
        child.kill("SIGKILL");
        return done({ wallMs, cpuMs });
      }
      pluginInfo(Number.parseInt(out, 10))
        .then(() => done({ wallMs, cpuMs, readyMs: Number(process.hrtime.bigint() - start) / 1e6 }), fail)
        .finally(() => child.kill("SIGKILL"));
    });
    child.on("error", fail);
    child.on("exit", (code) => {
      if (!out.includes("\n")) fail(new Error(`${command} exited (${code}) before printing its port`));
    });
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? Number.NaN;

export async function measureStartup(
  rounds = 10,
  log: (line: string) => void = () => {},
): Promise<StartupReport> {
  const node = pinnedNode(ROOT);
  const candidates: { name: string; command: string; args: string[] }[] = [
    { name: "bare node -e", command: node.binary, args: ["-e", "process.stdout.write('1\\n')"] },
    { name: "release binary", command: releaseExecutable(), args: [] },
  ];
  if (existsSync(join(ROOT, "dist/provider/plugin/main.js"))) {
    candidates.push({
      name: "script plugin",
      command: node.binary,
      args: [join(ROOT, "pulumi-resource-strategy-alerts")],
    });
  }
  if (!existsSync(candidates[1]!.command))
    throw new Error("no release binary: run `npm run plugin:release` first");
  // The native floor (bench/go/floor-provider), when Go is there to build it: what a provider
  // that needs no runtime costs to start and to answer its first call.
  const floor = await goBinaries(log).catch((err: Error) => {
    log(`  native floor: not measured (${err.message.split("\n")[0]})`);
    return undefined;
  });
  if (floor) {
    candidates.push({
      name: "native floor",
      command: join(floor.floorProviderDir, FLOOR_EXECUTABLE),
      args: [],
    });
  }
  const samples = candidates.map(() => [] as number[]);
  const cpu = candidates.map(() => [] as number[]);
  const ready = candidates.map(() => [] as number[]);
  for (let round = 0; round < rounds + 1; round++) {
    for (const [i, c] of candidates.entries()) {
      const sample = await timeToFirstLine(c.command, c.args, i > 0);
      // The first round warms the page cache and is not counted.
      if (round === 0) continue;
      samples[i]!.push(sample.wallMs);
      if (sample.cpuMs !== undefined) cpu[i]!.push(sample.cpuMs);
      if (sample.readyMs !== undefined) ready[i]!.push(sample.readyMs);
    }
  }
  const bare = median(samples[0]!);
  const rows = candidates.map((c, i) => ({
    name: c.name,
    medianMs: round(median(samples[i]!), 1),
    minMs: round(Math.min(...samples[i]!), 1),
    maxMs: round(Math.max(...samples[i]!), 1),
    ratioToBareNode: round(median(samples[i]!) / bare, 2),
    ...(cpu[i]!.length > 0 ? { medianCpuMs: median(cpu[i]!) } : {}),
    ...(ready[i]!.length > 0 ? { medianReadyMs: round(median(ready[i]!), 1) } : {}),
  }));
  for (const r of rows) {
    const cpuText = r.medianCpuMs === undefined ? "" : `, CPU ${r.medianCpuMs} ms`;
    const readyText = r.medianReadyMs === undefined ? "" : `; first call answered at ${r.medianReadyMs} ms`;
    log(
      `  ${r.name.padEnd(16)} median ${r.medianMs} ms (${r.minMs}–${r.maxMs}), ${r.ratioToBareNode} × bare node${cpuText}${readyText}`,
    );
  }
  return { rounds, nodeVersion: node.version, loadAverage: loadavg().map((l) => round(l, 2)), rows };
}

if (require.main === module) {
  const at = process.argv.indexOf("--rounds");
  const rounds = at === -1 ? 10 : Number(process.argv[at + 1]);
  measureStartup(rounds, (l) => console.log(l)).then(
    (report) => {
      mkdirSync(join(ROOT, "bench-results"), { recursive: true });
      writeFileSync(join(ROOT, "bench-results/startup.json"), `${JSON.stringify(report, null, 2)}\n`);
      console.log(`load average ${report.loadAverage.join(" ")}; wrote bench-results/startup.json`);
    },
    (err: Error) => {
      console.error(`bench:startup: ${err.message}`);
      process.exit(1);
    },
  );
}
