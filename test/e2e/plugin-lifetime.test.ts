import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { releaseExecutable } from "../../scripts/plugin-release";
import { descendantsOf, isRunning, untilGone } from "../support/process-table";
import { yamlPortfolio } from "../support/yaml-program";
import { stackConfig, TestEmulator } from "./emulator-fixture";
import { PulumiProject, REPO_ROOT, runProcess } from "./harness";
import { portfolio } from "./portfolio-program";
import { PROJECT, yamlStack } from "./yaml-portfolio-fixture";

/**
 * No provider outlives its engine, in either front door: a `pulumi up` killed with SIGKILL while
 * its provider is in the middle of a request to the account, or a `pulumi preview` of the YAML
 * portfolio ended by SIGPIPE (as in `pulumi preview | head -3`), leaves no provider process behind
 * (the plugin `pulumi-resource-strategy-alerts`, or, for a TypeScript program, the SDK's
 * dynamic-provider host with the runtime loaded, and its launcher shell), although Pulumi starts
 * each provider in a process group of its own and never gets to stop it. Each holds the stack's
 * decrypted config, the API key included.
 */

const PLUGIN = "pulumi-resource-strategy-alerts";
/** The dynamic door's provider: the SDK's launcher shell and the host it runs. */
const DYNAMIC_HOST = /pulumi-resource-pulumi-nodejs|[\\/]cmd[\\/]dynamic-provider/;
/** The directory of the release binary the e2e global setup built (linux-amd64). */
const RELEASE_DIR = dirname(releaseExecutable());
// The watch looks about once a second and ends a provider within 3 s; the rest is slack for a
// loaded runner. The bug this holds left the process serving for minutes.
const GONE_BOUND_MS = 6_000;
// Every request of the account waits this long, so the command is still running when it dies.
const HOLD_MS = 20_000;

type Door = "script plugin" | "release binary" | "dynamic provider";

/**
 * What each suite of the file shares: an emulator with no fault left after a test, the projects
 * and directories its tests made, and every process a test started, killed after it if still
 * there (the language host).
 */
function lifetimeFixture() {
  const file = {
    emulator: undefined as unknown as TestEmulator,
    projects: [] as PulumiProject[],
    dirs: [] as string[],
    started: new Set<number>(),
  };
  beforeAll(async () => {
    file.emulator = await TestEmulator.start();
  });
  afterEach(async () => {
    for (const pid of [...file.started].filter(isRunning)) process.kill(pid, "SIGKILL");
    file.started.clear();
    await file.emulator.control("DELETE", "/faults");
  });
  afterAll(async () => {
    await Promise.all(file.projects.map((p) => p.cleanup()));
    await Promise.all(file.dirs.map((d) => rm(d, { recursive: true, force: true })));
    await file.emulator?.close();
  });
  return file;
}

describe.runIf(inject("pulumiBinDir"))("a provider's lifetime under a dying engine", () => {
  const file = lifetimeFixture();
  const { projects, dirs, started } = file;

  /**
   * A stack of two strategies and their activation, with every GET of the account held: the YAML
   * portfolio whose plugin is in `pluginDir` (the script plugin by default), or the same portfolio
   * as a TypeScript program (the dynamic door).
   */
  async function stack(door: Door = "script plugin"): Promise<PulumiProject> {
    const user = await file.emulator.user("PRO");
    const windowDir = await mkdtemp(join(tmpdir(), "psa-lifetime-window-"));
    dirs.push(windowDir);
    const options = {
      config: stackConfig(file.emulator, user.apiKey),
      env: { STRATEGY_ALERTS_RATE_DIR: windowDir },
    };
    const p =
      door === "dynamic provider"
        ? await PulumiProject.create({ program: portfolio(2, 1000), ...options })
        : await yamlStack({
            program: yamlPortfolio(
              PROJECT,
              2,
              1000,
              "s",
              door === "release binary" ? RELEASE_DIR : undefined,
            ),
            ...options,
          });
    projects.push(p);
    await file.emulator.control("POST", "/faults", { method: "GET", latencyMs: HOLD_MS });
    return p;
  }

  /**
   * An engine command in its plain display, its output into a pipe of this process: `pulumi up`
   * (without its preview, so the provider is mid-update when it dies) or `pulumi preview`.
   */
  function startEngine(
    p: PulumiProject,
    command: "up" | "preview",
  ): { child: ChildProcess; exited: Promise<void> } {
    const args = command === "up" ? ["up", "--yes", "--skip-preview"] : ["preview", "--diff"];
    const child = spawn("pulumi", [...args, "--non-interactive", "--stack", p.stack], {
      cwd: p.dir,
      env: p.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout?.on("error", () => {});
    child.stderr?.resume();
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    return { child, exited };
  }

  /**
   * Waits until a provider of the command is in the middle of a request to the account (the
   * engine may have started and stopped a plugin before, to read the schema); returns the pids of
   * every provider process the command started (found by their command lines among its
   * descendants), the one serving included.
   */
  async function providersMidRequest(child: ChildProcess, door: Door): Promise<number[]> {
    const isProvider = (cmdline: string) =>
      door === "dynamic provider" ? DYNAMIC_HOST.test(cmdline) : cmdline.includes(PLUGIN);
    const deadline = Date.now() + 120_000;
    const providers = new Set<number>();
    for (;;) {
      const descendants = descendantsOf(child.pid!);
      for (const d of descendants) started.add(d.pid);
      for (const d of descendants) if (isProvider(d.cmdline)) providers.add(d.pid);
      const { faults } = await file.emulator.control<{ faults: { fired: number }[] }>("GET", "/faults");
      const serving = [...providers].filter(isRunning);
      if ((faults[0]?.fired ?? 0) > 0 && serving.length > 0) return [...providers];
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`pulumi ended before its ${door} sent a request`);
      if (Date.now() > deadline) throw new Error(`no ${door} of pulumi sent a request within 120 s`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it.each<Door>([
    "script plugin",
    // The release binary keeps the same watch; one case of the two is enough to show it (CI time).
    // It is built for Linux x64 only (the e2e global setup).
    ...(inject("releaseTarball") ? (["release binary"] as const) : []),
    // A TypeScript program: the SDK's dynamic-provider host, which watches once the runtime is loaded.
    "dynamic provider",
  ])("leaves no %s running after `pulumi up` is killed with SIGKILL mid-request", async (door) => {
    const p = await stack(door);
    const up = startEngine(p, "up");
    const providers = await providersMidRequest(up.child, door);
    expect(up.child.exitCode).toBeNull();
    expect(providers.some(isRunning)).toBe(true);

    up.child.kill("SIGKILL");
    await up.exited;
    expect(up.child.signalCode).toBe("SIGKILL");
    expect(await untilGone(providers, GONE_BOUND_MS)).toEqual([]);
  });

  it("leaves no plugin running after `pulumi preview` dies of SIGPIPE, its output's reader gone", async () => {
    const p = await stack();
    const preview = startEngine(p, "preview");
    const plugins = await providersMidRequest(preview.child, "script plugin");
    expect(preview.child.exitCode).toBeNull();

    // What `| head -3` does once it has its lines: the next line pulumi writes raises SIGPIPE.
    preview.child.stdout?.destroy();
    await preview.exited;
    expect(preview.child.signalCode).toBe("SIGPIPE");
    expect(await untilGone(plugins, GONE_BOUND_MS)).toEqual([]);
  });
});

/**
 * Nothing of a run outlives its engine: after `kill -9` of `pulumi up`, every process the run
 * started (our Node.js language host, the program it runs, the provider: the plugin, or Pulumi's
 * dynamic-provider host and our launcher of it) is gone within the 5 s, and no process
 * left on the machine has the stack's API key in its environment or command line (the program
 * has it, decrypted, in PULUMI_CONFIG). Early: the program is still declaring (it waits before
 * registering), and in the TypeScript door the dynamic-provider host is up but has never loaded
 * the runtime, so only the toolchain's launcher watches it. Late: a provider is mid-request.
 * The run's processes are found by a marker in their environment, which each inherits from
 * `pulumi`, and by the process tree before the kill (after it, they are re-parented).
 */

/** The bound: every process of the run ends within 5 s of the engine's death. */
const RUN_GONE_BOUND_MS = 5_000;
const MARKER = "PSA_LIFETIME_RUN";

interface Proc {
  pid: number;
  cmdline: string;
}

/** The running (not zombie) processes of the machine, with their environment and command line. */
function processTable(): (Proc & { environ: string[] })[] {
  const out: (Proc & { environ: string[] })[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      if (stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z")) continue;
      out.push({
        pid: Number(entry),
        cmdline: readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").join(" ").trim(),
        environ: readFileSync(`/proc/${entry}/environ`, "utf8").split("\0"),
      });
    } catch {
      // exited while we looked, or not ours to read
    }
  }
  return out;
}

/** The processes of a run: those with its marker, and those of `known` still running. */
function processesOfRun(run: string, known: readonly number[]): Proc[] {
  const table = processTable();
  return table
    .filter((p) => p.environ.includes(`${MARKER}=${run}`) || known.includes(p.pid))
    .map(({ pid, cmdline }) => ({ pid, cmdline }));
}

/** Every process whose environment or command line holds `secret`. */
function processesHolding(secret: string): Proc[] {
  return processTable()
    .filter((p) => p.cmdline.includes(secret) || p.environ.some((e) => e.includes(secret)))
    .map(({ pid, cmdline }) => ({ pid, cmdline }));
}

/** Polls until no process of the run is left; returns those still there after `boundMs`. */
async function untilRunGone(run: string, known: readonly number[], boundMs: number): Promise<Proc[]> {
  const deadline = Date.now() + boundMs;
  for (;;) {
    const left = processesOfRun(run, known);
    if (left.length === 0 || Date.now() >= deadline) return left;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The plugin door from a TypeScript program: the script plugin of the linked package. */
const PLUGIN_PROJECT = `name: e2e
runtime:
  name: nodejs
  options:
    typescript: true
plugins:
  providers:
    - name: strategy-alerts
      path: ./node_modules/pulumi-strategy-alerts
`;

/** Two strategies of the plugin, declared as raw resources of its package (no SDK needed). */
const PLUGIN_STRATEGIES = `for (const i of [0, 1]) {
  new pulumi.CustomResource("strategy-alerts:index:Strategy", "s" + i, {
    name: "s strategy " + i,
    triggers: ["new_token_created"],
    rules: [{ rule: "liquidity_usd", dealbreaker: true, min: 1000 + i }],
  });
}`;

/** A program that writes its pid to `marker`, then waits, declaring nothing yet. */
function waitingPluginProgram(marker: string): string {
  return `import * as pulumi from "@pulumi/pulumi";
import { writeFileSync } from "node:fs";
export = (async () => {
  writeFileSync(${JSON.stringify(marker)}, String(process.pid));
  await new Promise((r) => setTimeout(r, 120_000));
  ${PLUGIN_STRATEGIES}
})();
`;
}

/**
 * A program whose first resource is a dynamic resource of a provider that is not ours: its check
 * writes the host's pid to \`marker\` and then waits, so the host is up, holds the stack's config,
 * and has never loaded the runtime (whose configure starts host-lifetime.ts's watch).
 */
function unconfiguredDynamicProgram(marker: string): string {
  return `import * as pulumi from "@pulumi/pulumi";
import * as fs from "fs";
const marker = ${JSON.stringify(marker)};
const slow: pulumi.dynamic.ResourceProvider = {
  async check(_olds: unknown, news: Record<string, unknown>) {
    fs.writeFileSync(marker, String(process.pid));
    await new Promise((r) => setTimeout(r, 120_000));
    return { inputs: news };
  },
  async create() {
    return { id: "slow" };
  },
};
new pulumi.dynamic.Resource(slow, "slow", {});
`;
}

type RunDoor = "dynamic provider" | "plugin";
type Moment = "early" | "late";

describe.runIf(inject("pulumiBinDir"))("nothing of a run outlives its engine", () => {
  const file = lifetimeFixture();
  const { projects, dirs, started } = file;

  it("the toolchain's engine watch passes its own tests (go test)", async () => {
    const res = await runProcess(
      "go",
      [
        "test",
        "-count=1",
        "./cmd/internal/enginewatch",
        "./cmd/pulumi-language-nodejs",
        "./cmd/pulumi-resource-pulumi-nodejs",
      ],
      { cwd: join(REPO_ROOT, "scripts/pulumi-toolchain"), env: { ...process.env, GOFLAGS: "-mod=mod" } },
    );
    expect(res.code, `${res.stdout}\n${res.stderr}`).toBe(0);
  });

  /** The stack of a case, its API key, and the file its program or provider writes a pid to. */
  async function runStack(door: RunDoor, moment: Moment) {
    const user = await file.emulator.user("PRO");
    const dir = await mkdtemp(join(tmpdir(), "psa-run-lifetime-"));
    dirs.push(dir);
    const marker = join(dir, "pid");
    const program =
      moment === "late"
        ? door === "dynamic provider"
          ? portfolio(2, 1000)
          : `import * as pulumi from "@pulumi/pulumi";\n${PLUGIN_STRATEGIES}\n`
        : door === "dynamic provider"
          ? unconfiguredDynamicProgram(marker)
          : waitingPluginProgram(marker);
    const p = await PulumiProject.create({
      program,
      config: stackConfig(file.emulator, user.apiKey),
      env: { STRATEGY_ALERTS_RATE_DIR: dir },
    });
    projects.push(p);
    if (door === "plugin") await writeFile(join(p.dir, "Pulumi.yaml"), PLUGIN_PROJECT);
    if (moment === "late")
      await file.emulator.control("POST", "/faults", { method: "GET", latencyMs: HOLD_MS });
    return { p, apiKey: user.apiKey, marker };
  }

  /** Waits for the moment of the kill: the marker file names a running process (early), or a request is held (late). */
  async function untilMoment(child: ChildProcess, moment: Moment, marker: string): Promise<void> {
    const deadline = Date.now() + 120_000;
    for (;;) {
      for (const d of descendantsOf(child.pid!)) started.add(d.pid);
      if (moment === "early") {
        const pid = Number(await readFile(marker, "utf8").catch(() => ""));
        if (pid > 0 && isRunning(pid)) return;
      } else {
        const { faults } = await file.emulator.control<{ faults: { fired: number }[] }>("GET", "/faults");
        if ((faults[0]?.fired ?? 0) > 0) return;
      }
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`pulumi ended before the ${moment} moment`);
      if (Date.now() > deadline) throw new Error(`the ${moment} moment never came within 120 s`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it.each<[RunDoor, Moment]>([
    ["dynamic provider", "early"],
    ["dynamic provider", "late"],
    ["plugin", "early"],
    ["plugin", "late"],
  ])(
    "the %s door, killed %s: every process of `pulumi up` is gone within 5 s, none holds the key",
    async (door, moment) => {
      const { p, apiKey, marker } = await runStack(door, moment);
      const run = randomUUID();
      const up = spawn("pulumi", ["up", "--yes", "--skip-preview", "--non-interactive", "--stack", p.stack], {
        cwd: p.dir,
        env: { ...p.env, [MARKER]: run },
        stdio: ["ignore", "pipe", "pipe"],
      });
      up.stdout?.resume();
      up.stderr?.resume();
      const exited = new Promise<void>((resolve) => up.once("exit", () => resolve()));
      await untilMoment(up, moment, marker);

      // What is running now: the counts below could fail.
      const tree = descendantsOf(up.pid!).filter((d) => isRunning(d.pid));
      const marked = processesOfRun(run, []);
      expect(marked.map((m) => m.pid)).toEqual(expect.arrayContaining(tree.map((d) => d.pid)));
      const cmdlines = marked.map((m) => m.cmdline);
      expect(cmdlines.some((c) => c.includes("pulumi-language-nodejs"))).toBe(true);
      expect(cmdlines.some((c) => /[\\/]cmd[\\/]run\b/.test(c))).toBe(true);
      if (door === "dynamic provider") {
        expect(cmdlines.some((c) => c.includes("pulumi-resource-pulumi-nodejs"))).toBe(true);
        expect(cmdlines.some((c) => /[\\/]cmd[\\/]dynamic-provider/.test(c))).toBe(true);
      }
      if (door === "plugin" && moment === "late") expect(cmdlines.some((c) => c.includes(PLUGIN))).toBe(true);
      expect(processesHolding(apiKey).length).toBeGreaterThan(0);

      up.kill("SIGKILL");
      await exited;
      expect(up.signalCode).toBe("SIGKILL");
      const known = [...new Set([...marked.map((m) => m.pid), ...tree.map((d) => d.pid)])];
      expect(await untilRunGone(run, known, RUN_GONE_BOUND_MS)).toEqual([]);
      expect(processesHolding(apiKey)).toEqual([]);
    },
  );
});
