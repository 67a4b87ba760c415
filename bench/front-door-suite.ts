/**
 * The front doors as part of `npm run bench` (bench/front-doors.ts measures them): every command of
 * every door against its floor at N = 50 and 200, and 1,000 with `--with-1000`, on an emulator of
 * their own on loopback. Flags (after `npm run bench --`):
 *   --skip-front-doors          leave them out (the in-process benchmarks only)
 *   --only-front-doors          leave the in-process benchmarks out
 *   --with-1000                 add N = 1,000 (about 40 min a round on 2 cores), `--rounds-1000 k` rounds (default 1)
 *   --rounds k                  rounds at N = 50 and 200 (default 3; 1 with --quick, which measures N = 50 only)
 *   --doors all|ts-doors|yaml-doors|go-doors|<door>,…   which doors (default all: ts-floor, ts,
 *                               yaml-floor, yaml, go-floor, go, go-rebuild)
 *   --baseline <checkout>       the dynamic resources of another build as `ts-baseline`
 *   --trace                     the package's doors record each operation's time inside the provider
 *   --n 50,200,…                other sizes than 50 and 200 (1,000 among them takes --rounds-1000)
 * Every run so far is also written to bench-results/front-doors-progress.json after each door.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { startEmulator } from "../emulator/server";
import {
  type Door,
  type FrontDoorReport,
  type FrontDoorSize,
  measureFrontDoors,
  parseDoors,
} from "./front-doors";
import { pulumiBinDir, ROOT } from "./pulumi-project";

/** A stuck command is not slow: past this per resource and phase of every run, the suite fails. */
const WATCHDOG_MS_PER_PHASE = (n: number) => 120_000 + 600 * n;

function arg(argv: readonly string[], name: string): string | undefined {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
}

function frontDoorSizes(argv: readonly string[]): FrontDoorSize[] {
  const quick = argv.includes("--quick");
  const rounds = Math.max(1, Number(arg(argv, "--rounds") ?? (quick ? 1 : 3)) || 1);
  const ns = (arg(argv, "--n") ?? (quick ? "50" : "50,200")).split(",").map(Number);
  if (argv.includes("--with-1000")) ns.push(1000);
  if (ns.some((n) => !Number.isInteger(n) || n < 1)) throw new Error(`--n: sizes are whole numbers above 0`);
  const rounds1000 = Math.max(1, Number(arg(argv, "--rounds-1000") ?? 1) || 1);
  // Building the Go program is a constant per command: the smaller sizes show it.
  const skip: Door[] = ["go-rebuild"];
  return [...new Set(ns)].map((n) => (n >= 1000 ? { n, rounds: rounds1000, skip } : { n, rounds }));
}

export type FrontDoorOutcome = FrontDoorReport | { skipped: string };

export async function frontDoorSuite(
  argv: readonly string[],
  log: (line: string) => void,
): Promise<FrontDoorOutcome> {
  if (argv.includes("--skip-front-doors")) return { skipped: "--skip-front-doors" };
  if (!existsSync(join(ROOT, "dist/provider/index.js")))
    return { skipped: "no dist/: run `npm run build` first" };
  const doors = parseDoors(arg(argv, "--doors") ?? "all");
  const sizes = frontDoorSizes(argv);
  const baseline = arg(argv, "--baseline");
  const bin = pulumiBinDir();
  mkdirSync(join(ROOT, "bench-results"), { recursive: true });
  const em = await startEmulator({ port: 0, host: "127.0.0.1" });
  const windowDir = mkdtempSync(join(tmpdir(), "psa-bench-window-"));
  const phases = sizes.reduce((a, s) => a + s.rounds * doors.length * 5 * WATCHDOG_MS_PER_PHASE(s.n), 0);
  const watchdog = setTimeout(() => {
    process.stderr.write(`front doors did not finish within ${Math.round(phases / 60_000)} min; aborting\n`);
    process.exit(1);
  }, phases);
  watchdog.unref();
  try {
    return await measureFrontDoors(
      em,
      bin,
      windowDir,
      {
        doors,
        sizes,
        trace: argv.includes("--trace"),
        progressFile: join(ROOT, "bench-results", "front-doors-progress.json"),
        ...(baseline ? { baselineRoot: resolve(baseline) } : {}),
      },
      log,
    );
  } finally {
    clearTimeout(watchdog);
    await em.close();
    rmSync(windowDir, { recursive: true, force: true });
  }
}
