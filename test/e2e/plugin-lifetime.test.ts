import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { releaseExecutable } from "../../scripts/plugin-release";
import { descendantsOf, isRunning, untilGone } from "../support/process-table";
import { yamlPortfolio } from "../support/yaml-program";
import { stackConfig, TestEmulator } from "./emulator-fixture";
import type { PulumiProject } from "./harness";
import { PROJECT, yamlStack } from "./yaml-portfolio-fixture";

/**
 * No plugin outlives its engine: a `pulumi preview` of the YAML portfolio that dies mid-run
 * (SIGKILL, or SIGPIPE as in `pulumi preview | head -3`) leaves no `pulumi-resource-strategy-alerts`
 * process behind, although Pulumi starts each plugin in a process group of its own and never
 * gets to stop it.
 */

const PLUGIN = "pulumi-resource-strategy-alerts";
/** The directory of the release binary the e2e global setup built (linux-amd64). */
const RELEASE_DIR = dirname(releaseExecutable());
// Liveness, not speed: the plugin looks about once a second; this is only the test's patience.
const GONE_BOUND_MS = 15_000;
// Every request of the account waits this long, so the preview is still running when it dies.
const HOLD_MS = 20_000;

describe.runIf(inject("pulumiBinDir"))("the plugin's lifetime under a dying engine", () => {
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

  /** A stack of the YAML portfolio whose plugin is in `pluginDir` (the script plugin by default). */
  async function stack(pluginDir?: string): Promise<PulumiProject> {
    const user = await emulator.user("PRO");
    const windowDir = await mkdtemp(join(tmpdir(), "psa-lifetime-window-"));
    dirs.push(windowDir);
    const p = await yamlStack({
      program: yamlPortfolio(PROJECT, 2, 1000, "s", pluginDir),
      config: stackConfig(emulator, user.apiKey),
      env: { STRATEGY_ALERTS_RATE_DIR: windowDir },
    });
    projects.push(p);
    await emulator.control("POST", "/faults", { method: "GET", latencyMs: HOLD_MS });
    return p;
  }

  /** `pulumi preview` in its plain display, its output into a pipe of this process. */
  function startPreview(p: PulumiProject): { child: ChildProcess; exited: Promise<void> } {
    const child = spawn("pulumi", ["preview", "--diff", "--non-interactive", "--stack", p.stack], {
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
   * Waits until a plugin of the preview is in the middle of a request to the account (the engine
   * may have started and stopped another before, to read the schema); returns the pids of every
   * plugin process the preview started, the one serving included.
   */
  async function pluginsMidRequest(child: ChildProcess): Promise<number[]> {
    const deadline = Date.now() + 120_000;
    const plugins = new Set<number>();
    for (;;) {
      const descendants = descendantsOf(child.pid!);
      started = [...new Set([...started, ...descendants.map((d) => d.pid)])];
      for (const d of descendants) if (d.cmdline.includes(PLUGIN)) plugins.add(d.pid);
      const { faults } = await emulator.control<{ faults: { fired: number }[] }>("GET", "/faults");
      const serving = [...plugins].filter(isRunning);
      if ((faults[0]?.fired ?? 0) > 0 && serving.length > 0) return [...plugins];
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error("pulumi preview ended before its plugin sent a request");
      if (Date.now() > deadline) throw new Error("no plugin of pulumi preview sent a request within 120 s");
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it.each<[string, string | undefined]>([
    ["script plugin", undefined],
    // The release binary keeps the same watch; one case of the two is enough to show it (CI time).
    // It is built for Linux x64 only (the e2e global setup).
    ...(inject("releaseTarball") ? [["release binary", RELEASE_DIR] as [string, string]] : []),
  ])(
    "leaves no %s running after `pulumi preview` is killed with SIGKILL mid-preview",
    async (_door, pluginDir) => {
      const p = await stack(pluginDir);
      const preview = startPreview(p);
      const plugins = await pluginsMidRequest(preview.child);
      expect(preview.child.exitCode).toBeNull();
      expect(plugins.some(isRunning)).toBe(true);

      preview.child.kill("SIGKILL");
      await preview.exited;
      expect(preview.child.signalCode).toBe("SIGKILL");
      expect(await untilGone(plugins, GONE_BOUND_MS)).toEqual([]);
    },
  );

  it("leaves no plugin running after `pulumi preview` dies of SIGPIPE, its output's reader gone", async () => {
    const p = await stack();
    const preview = startPreview(p);
    const plugins = await pluginsMidRequest(preview.child);
    expect(preview.child.exitCode).toBeNull();

    // What `| head -3` does once it has its lines: the next line pulumi writes raises SIGPIPE.
    preview.child.stdout?.destroy();
    await preview.exited;
    expect(preview.child.signalCode).toBe("SIGPIPE");
    expect(await untilGone(plugins, GONE_BOUND_MS)).toEqual([]);
  });
});
