import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { releaseExecutable } from "../../scripts/plugin-release";
import { descendantsOf, isRunning, untilGone } from "../support/process-table";
import { yamlPortfolio } from "../support/yaml-program";
import { stackConfig, TestEmulator } from "./emulator-fixture";
import { PulumiProject } from "./harness";
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

describe.runIf(inject("pulumiBinDir"))("a provider's lifetime under a dying engine", () => {
  let emulator: TestEmulator;
  const projects: PulumiProject[] = [];
  const dirs: string[] = [];
  /** Every process a preview started, killed after each test if still there (the language host). */
  let started: number[] = [];

  beforeAll(async () => {
    emulator = await TestEmulator.start();
  });
  afterEach(async () => {
    for (const pid of started.filter(isRunning)) process.kill(pid, "SIGKILL");
    started = [];
    await emulator.control("DELETE", "/faults");
  });
  afterAll(async () => {
    await Promise.all(projects.map((p) => p.cleanup()));
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
    await emulator?.close();
  });

  /**
   * A stack of two strategies and their activation, with every GET of the account held: the YAML
   * portfolio whose plugin is in `pluginDir` (the script plugin by default), or the same portfolio
   * as a TypeScript program (the dynamic door).
   */
  async function stack(door: Door = "script plugin"): Promise<PulumiProject> {
    const user = await emulator.user("PRO");
    const windowDir = await mkdtemp(join(tmpdir(), "psa-lifetime-window-"));
    dirs.push(windowDir);
    const options = {
      config: stackConfig(emulator, user.apiKey),
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
    await emulator.control("POST", "/faults", { method: "GET", latencyMs: HOLD_MS });
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
      started = [...new Set([...started, ...descendants.map((d) => d.pid)])];
      for (const d of descendants) if (isProvider(d.cmdline)) providers.add(d.pid);
      const { faults } = await emulator.control<{ faults: { fired: number }[] }>("GET", "/faults");
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
