/**
 * Cold start of the provider plugin: from exec to its port on stdout (the moment the engine can
 * talk to it), for the release binary (the single executable of `npm run plugin:release`) and the
 * script plugin of the npm package, beside a bare `node -e` start of the same Node.js that prints
 * one line. Runs are interleaved (one of each per round) so the machine's load falls on all alike.
 *
 * Run alone: npm run bench:startup [-- --rounds 10]; `npm run bench` includes it.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join, resolve } from "node:path";
import { releaseExecutable } from "../scripts/plugin-release";
import { pinnedNode } from "../scripts/plugin-release/node-binary";
import { round } from "./harness";

const ROOT = resolve(__dirname, "..");

export interface StartupRow {
  name: string;
  medianMs: number;
  minMs: number;
  maxMs: number;
  /** This row's median over the bare Node.js start's. */
  ratioToBareNode: number;
}

export interface StartupReport {
  rounds: number;
  nodeVersion: string;
  loadAverage: number[];
  rows: StartupRow[];
}

/** Milliseconds from exec to the first line on stdout; the process is then killed. */
function timeToFirstLine(command: string, args: string[]): Promise<number> {
  return new Promise((done, fail) => {
    const start = process.hrtime.bigint();
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "ignore"] });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (!out.includes("\n")) return;
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      child.kill("SIGKILL");
      if (!/^\d+\n/.test(out)) fail(new Error(`${command} printed ${JSON.stringify(out)}, not a port`));
      else done(ms);
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
  const samples = candidates.map(() => [] as number[]);
  for (let round = 0; round < rounds + 1; round++) {
    for (const [i, c] of candidates.entries()) {
      const ms = await timeToFirstLine(c.command, c.args);
      // The first round warms the page cache and is not counted.
      if (round > 0) samples[i]!.push(ms);
    }
  }
  const bare = median(samples[0]!);
  const rows = candidates.map((c, i) => ({
    name: c.name,
    medianMs: round(median(samples[i]!), 1),
    minMs: round(Math.min(...samples[i]!), 1),
    maxMs: round(Math.max(...samples[i]!), 1),
    ratioToBareNode: round(median(samples[i]!) / bare, 2),
  }));
  for (const r of rows)
    log(
      `  ${r.name.padEnd(16)} median ${r.medianMs} ms (${r.minMs}–${r.maxMs}), ${r.ratioToBareNode} × bare node`,
    );
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
