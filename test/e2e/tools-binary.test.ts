/**
 * The `strategy-alerts` command as the release's single executable, on a machine whose PATH holds
 * the Pulumi CLI (with its YAML language host) and that executable, and no Node.js: help, the
 * emulator (its `node:sqlite` store inside the executable), doctor and import against that
 * emulator, a review with backtests and its HTML page of a preview the release plugin made, and
 * recover in the stack's directory.
 */

import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { version } from "../../package.json";
import { createClient } from "../../provider/api/client";
import { PulumiProject, runProcess } from "./harness";
import { expectedMetrics, SCENARIO_UNTIL, scenarioObservations, THRESHOLD } from "./review-scenario";

const toolsTarball = inject("toolsTarball");
const pluginTarball = inject("releaseTarball");

/** The review scenario's clock and token history (review-scenario.ts), seeded through the control plane. */
const SCENARIO_NOW = "2030-01-10T12:00:00.000Z";
const FIRST_HOUR = Date.parse("2030-01-05T00:00:00.000Z");

const PROGRAM = `name: tools-binary
runtime: yaml
resources:
  safety-first:
    type: strategy-alerts:index:Strategy
    properties:
      name: Safety first
      triggers: [new_token_created]
      rules:
        - { rule: liquidity_usd, dealbreaker: false, min: 10000 }
`;

/** The emulator the executable serves, until its base URL line; killed at the end. */
async function serveEmulator(
  exe: string,
  env: NodeJS.ProcessEnv,
): Promise<{ child: ChildProcess; baseUrl: string }> {
  const child = spawn(exe, ["emulator", "--port", "0"], { env, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  child.stderr?.on("data", (d) => {
    err += d;
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no base URL within 30 s:\n${out}\n${err}`)), 30_000);
    child.stdout?.on("data", (d) => {
      out += d;
      const url = /listening: (http:\S+\/api\/external\/v1)\n/.exec(out)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve(url);
      }
    });
    child.on("exit", (code) => reject(new Error(`the emulator exited with ${code}:\n${out}\n${err}`)));
  });
  return { child, baseUrl };
}

describe.runIf(inject("pulumiBinDir"))("the strategy-alerts binary without Node.js", () => {
  const dirs: string[] = [];
  let exe: string;
  let noNode: string;
  let emulator: { child: ChildProcess; baseUrl: string } | undefined;
  let control: string;
  let user: { userId: string; apiKey: string };
  let project: PulumiProject | undefined;

  const tools = (args: string[], cwd: string, env: NodeJS.ProcessEnv = {}, input?: string) =>
    runProcess("strategy-alerts", args, { cwd, env: { PATH: noNode, ...env }, input });
  const withKey = () => ({
    STRATEGY_ALERTS_API_KEY: user.apiKey,
    STRATEGY_ALERTS_BASE_URL: emulator!.baseUrl,
  });
  async function controlPlane<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${control}${path}`, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(res.status, `${method} ${path}`).toBeLessThan(300);
    return (await res.json()) as T;
  }
  async function tempDir(prefix: string): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  }

  beforeAll(async () => {
    // Built for Linux x64 by the e2e global setup, the platform CI runs on: elsewhere this fails.
    if (!toolsTarball)
      throw new Error("the tools binary is built for linux-amd64 only: run this file on Linux x64");
    const unpacked = await tempDir("psa-tools-binary-");
    const tar = await runProcess("tar", ["-xzf", toolsTarball as string, "-C", unpacked], { cwd: unpacked });
    expect(tar.code, tar.stderr).toBe(0);
    exe = join(unpacked, "strategy-alerts");
    // The PATH of a machine without Node.js: the Pulumi CLI (which finds its YAML language host
    // beside its own executable) and the command.
    noNode = await tempDir("psa-tools-path-");
    await symlink(await realpath(join(inject("pulumiBinDir") as string, "pulumi")), join(noNode, "pulumi"));
    await symlink(exe, join(noNode, "strategy-alerts"));
    emulator = await serveEmulator(exe, { PATH: noNode });
    control = `${new URL(emulator.baseUrl).origin}/_emulator`;
    user = await controlPlane("POST", "/users", { plan: "PRO", limits: { requestsPerMinute: 10_000 } });
  });
  afterAll(async () => {
    await project?.cleanup();
    if (emulator?.child.exitCode === null) {
      const exited = new Promise((r) => emulator!.child.once("exit", r));
      emulator.child.kill("SIGTERM");
      await exited;
    }
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  });

  it("holds the executable, its licence and README; prints its help once on a PATH with no node", async () => {
    expect((await readdir(join(exe, ".."))).sort()).toEqual(["LICENSE", "README.md", "strategy-alerts"]);
    expect((await readdir(noNode)).sort()).toEqual(["pulumi", "strategy-alerts"]);
    const help = await tools(["--help"], noNode);
    expect(help.code, help.stderr).toBe(0);
    expect(help.stdout.match(/usage: strategy-alerts/g)).toHaveLength(1);
    for (const command of ["emulator", "review", "import", "recover", "doctor"])
      expect(help.stdout).toMatch(new RegExp(`^  ${command} `, "m"));
    expect(help.stderr).toBe("");
  });

  it("serves the emulator: a control-plane user's key reads /me", async () => {
    expect(emulator?.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/external\/v1$/);
    const me = await fetch(`${emulator!.baseUrl}/me`, { headers: { "X-API-Key": user.apiKey } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { userId: string }).userId).toBe(user.userId);
  });

  it("doctor finds nothing that would break the provider in its own emulator", async () => {
    const res = await tools(["doctor"], noNode, withKey());
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toMatch(
      /doctor: \d+ checks, 0 differ from the emulator's reading, 0 would break the provider/,
    );
  });

  it("imports the account as a Pulumi YAML program", async () => {
    const client = createClient({ apiKey: user.apiKey, baseUrl: emulator!.baseUrl });
    try {
      await client.strategies.create({
        name: "Made in the app",
        triggers: ["token_graduated"],
        rules: [{ rule: "is_honeypot", dealbreaker: true, enabled: true }],
        isActive: false,
      } as never);
    } finally {
      await client.close();
    }
    const out = await tempDir("psa-tools-import-");
    const res = await tools(["import", "--out", out, "--language", "yaml", "--force"], out, withKey());
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain("1 strategies, 0 of them active");
    const program = await readFile(join(out, "Pulumi.yaml"), "utf8");
    expect(program).toContain("runtime: yaml");
    expect(program).toContain("Made in the app");
    // The binary's default route is the plugin installed from the release: no npm layout.
    expect(program).not.toMatch(/^plugins:/m);
    expect(existsSync(join(out, "package.json"))).toBe(false);
    // The npm layout on request, naming this version of the package.
    const npm = await tempDir("psa-tools-import-npm-");
    const onNpm = await tools(
      ["import", "--out", npm, "--language", "yaml", "--plugin", "npm", "--force"],
      npm,
      withKey(),
    );
    expect(onNpm.code, onNpm.stderr).toBe(0);
    expect(await readFile(join(npm, "Pulumi.yaml"), "utf8")).toMatch(/^plugins:/m);
    expect(JSON.parse(await readFile(join(npm, "package.json"), "utf8")).dependencies).toEqual({
      "pulumi-strategy-alerts": `^${version}`,
    });
  });

  it("reviews, with backtests and charts, a preview the release plugin made; recover finds nothing pending", async () => {
    if (!pluginTarball)
      throw new Error("the release plugin is built for linux-amd64 only: run this file on Linux x64");
    await controlPlane("POST", "/clock", { now: SCENARIO_NOW });
    await controlPlane("POST", "/tokens", { tokens: scenarioObservations(FIRST_HOUR) });
    const dir = await tempDir("psa-tools-stack-");
    await writeFile(join(dir, "Pulumi.yaml"), PROGRAM);
    const home = { PULUMI_HOME: join(dir, ".pulumi-home") };
    const install = await runProcess(
      "pulumi",
      ["plugin", "install", "resource", "strategy-alerts", version, "--file", pluginTarball as string],
      { cwd: dir, env: { PATH: noNode, ...home, PULUMI_SKIP_UPDATE_CHECK: "true" } },
    );
    expect(install.code, install.stderr).toBe(0);
    project = await PulumiProject.open(dir, {
      config: {
        "strategy-alerts:apiKey": { value: user.apiKey, secret: true },
        "strategy-alerts:baseUrl": { value: emulator!.baseUrl },
      },
      env: { PATH: noNode },
    });
    const preview = await project.run(["preview", "--json", "--non-interactive", "--stack", project.stack]);
    await writeFile(join(dir, "preview.json"), preview.stdout);

    const review = await reviewDrivingJobs(dir, [
      "review",
      "preview.json",
      "--backtest",
      "--until",
      SCENARIO_UNTIL,
      "--threshold",
      String(THRESHOLD),
      "--poll-interval",
      "200",
      "--html",
      "report.html",
    ]);
    expect(review.code, review.stderr).toBe(0);
    expect(review.stdout).toMatch(/\| Strategy \| 1 \|/);
    const after = expectedMetrics(10_000);
    const pct = (x: number) => `${Number((x * 100).toFixed(1))}%`;
    expect(review.stdout).toContain(
      `| “Safety first” (new) | ${after.tested} | ${after.positives} | ${pct(after.precision)} | ${pct(after.recall)} | ${pct(after.f1)} |`,
    );
    const html = await readFile(join(dir, "report.html"), "utf8");
    expect(html).toMatch(/^<!DOCTYPE html>/i);
    expect(html.match(/<svg[^>]*class="chart"/g)?.length).toBe(2);
    expect(html).not.toContain("<script");

    const recover = await tools(["recover", "--stack", project.stack], dir, {
      ...project.env,
      PATH: noNode,
    });
    expect(recover.code, recover.stderr).toBe(0);
    expect(`${recover.stdout}${recover.stderr}`).toContain("nothing to recover");
  });

  /** `strategy-alerts review …` while the emulator's backtest jobs are run every 150 ms. */
  async function reviewDrivingJobs(cwd: string, args: string[]) {
    let running = true;
    const driver = (async () => {
      while (running) {
        await controlPlane("POST", "/jobs/run", {});
        await new Promise((r) => setTimeout(r, 150));
      }
    })();
    try {
      return await tools(args, cwd, withKey());
    } finally {
      running = false;
      await driver;
    }
  }
});
