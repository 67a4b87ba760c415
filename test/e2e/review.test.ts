import { spawn } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { ApiClient } from "../../provider/api/client";
import { TEMPORARY_MARK } from "../../provider/review/backtest-run";
import { stackConfig, TestEmulator } from "./emulator-fixture";
import { PulumiProject, REPO_ROOT } from "./harness";
import { expectedMetrics, SCENARIO_UNTIL, seedScenario } from "./review-scenario";

/**
 * The review under the real engine: a portfolio is applied, then changed (a threshold
 * tightened, a rule added, activation moved to another strategy, the webhook url changed);
 * `pulumi preview --json` goes through `strategy-alerts review --backtest`, and the report's
 * statements are checked. The report is the README's sample (examples/github-actions/
 * sample-report.md): written here, and in CI compared with the checked-in copy. A drift made
 * in the app is then found by `pulumi preview --refresh --expect-no-changes` (exit code 7) and
 * reported by the same renderer.
 */
const NODE = join(REPO_ROOT, "node_modules/.bin/node");
const SAMPLE = join(REPO_ROOT, "examples/github-actions/sample-report.md");
const README = join(REPO_ROOT, "README.md");
const WEBHOOK_SECRET_QUERY = "s3cr3t-query-token";

/** v1: applied; v2: the reviewed change; 3: only a threshold of the active strategy changes. */
function program(v: 1 | 2 | 3): string {
  return `
import * as sa from "pulumi-strategy-alerts";

const safety = new sa.Strategy("safety-first", {
  name: "Safety first",
  description: "New launches with real liquidity and no honeypot.",
  triggers: ["new_token_created"],
  rules: [
    { rule: "is_honeypot", dealbreaker: true, enabled: true },
    { rule: "liquidity_usd", dealbreaker: false, min: ${v === 1 ? "5_000" : v === 2 ? "10_000" : "7_500"} },
  ],
  alertCooldownMins: 30,
});

const momentum = new sa.Strategy("momentum", {
  name: "Momentum",
  triggers: ["token_almost_graduated", "new_token_created"],
  rules: [
    { rule: "rugged", dealbreaker: true, enabled: true },
    ${v === 2 ? '{ rule: "holder_count", dealbreaker: false, min: 100 },' : ""}
  ],
});

new sa.StrategyActivation("active-set", { strategyIds: [${v === 2 ? "momentum" : "safety"}.strategyId] });

new sa.Webhook("alerts", {
  url: "${v === 2 ? `http://127.0.0.1:9/alerts-v2?token=${WEBHOOK_SECRET_QUERY}` : "http://127.0.0.1:9/alerts"}",
  enabled: true,
  requireVerified: false,
});
`;
}

/** Runs the command like CI does, driving the emulator's backtest jobs while it waits. */
async function review(
  emulator: TestEmulator,
  env: Record<string, string>,
  previewJson: string,
  args: string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(
    NODE,
    ["-r", "ts-node/register/transpile-only", "cli/index.ts", "review", "-", ...args],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
      stdio: ["pipe", "pipe", "pipe"],
    },
  );
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => {
    stdout += d;
  });
  child.stderr.on("data", (d) => {
    stderr += d;
  });
  child.stdin.end(previewJson);
  let running = true;
  const driver = (async () => {
    while (running) {
      await emulator.control("POST", "/jobs/run", {});
      await new Promise((r) => setTimeout(r, 150));
    }
  })();
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  running = false;
  await driver;
  return { code, stdout, stderr };
}

/** The change previewed both ways: the digest, and the engine event stream. */
async function previewBothForms(project: PulumiProject): Promise<{ digest: string; stream: string }> {
  const args = ["preview", "--json", "--non-interactive", "--stack", project.stack];
  const digest = await project.run(args);
  const stream = await project.run(args, { env: { PULUMI_ENABLE_STREAMING_JSON_PREVIEW: "true" } });
  expect(digest.stdout.trimStart().startsWith("{\n")).toBe(true);
  expect(stream.stdout).toContain('"summaryEvent"');
  return { digest: digest.stdout, stream: stream.stdout };
}

/** The report's sections, by their `###` heading. */
function sections(report: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of report.split(/^(?=### )/m)) out.set(part.split("\n")[0] ?? "", part);
  return out;
}

const pct = (x: number) => `${(Math.round(x * 1000) / 10).toLocaleString("en-US")}%`;

describe.runIf(inject("pulumiBinDir"))("strategy-alerts review under the real Pulumi engine", () => {
  let emulator: TestEmulator;
  let project: PulumiProject;
  let client: ApiClient;
  let apiKey: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    emulator = await TestEmulator.start({ history: false });
    await seedScenario(emulator);
    const user = await emulator.user();
    client = user.client;
    apiKey = user.apiKey;
    env = { STRATEGY_ALERTS_API_KEY: apiKey, STRATEGY_ALERTS_BASE_URL: emulator.baseUrl };
    // Two strategies active outside the stack: they count against the plan too.
    for (const name of ["Manual scalper", "Manual sniper"]) {
      const s = await client.strategies.create({
        name,
        triggers: ["new_token_created"],
        rules: [{ rule: "is_honeypot", dealbreaker: true, enabled: true }],
        isActive: true,
      } as never);
      expect(s.isActive).toBe(true);
    }
    project = await PulumiProject.create({
      name: "review-e2e",
      program: program(1),
      config: stackConfig(emulator, apiKey),
    });
    await project.up();
  });

  afterAll(async () => {
    await project?.cleanup();
    await emulator?.close();
  });

  let report = "";

  it("reports a threshold change of the active strategy the same from the digest and the stream, with no activation change", async () => {
    await project.writeProgram(program(3));
    const { digest, stream } = await previewBothForms(project);
    const fromDigest = await review(emulator, env, digest, []);
    const fromStream = await review(emulator, env, stream, []);
    expect(fromDigest.code, fromDigest.stderr).toBe(0);
    expect(fromStream.code, fromStream.stderr).toBe(0);
    expect(fromStream.stdout).toBe(fromDigest.stdout);
    expect(fromDigest.stdout).toContain("`liquidity_usd`: min 5,000 → 7,500 (tighter)");
    expect(fromDigest.stdout).toContain("The active set is unchanged (only its settings change).");
    expect(fromDigest.stdout).not.toContain("Becomes");
    expect(fromDigest.stdout).toContain("active 3 of 25 on PRO (1 declared by this stack, 2 outside it)");
  });

  it("reports the moved activation from the digest exactly, and from the stream without a false change", async () => {
    await project.writeProgram(program(2));
    const { digest, stream } = await previewBothForms(project);
    const fromDigest = (await review(emulator, env, digest, [])).stdout;
    const fromStream = (await review(emulator, env, stream, [])).stdout;
    const [a, b] = [sections(fromDigest), sections(fromStream)];
    // Every section but the activation is the same; the stream has no dependencies to trace
    // which of the two updated strategies the unknown id is, so it names both.
    expect([...b.keys()]).toEqual([...a.keys()]);
    for (const [heading, text] of a) if (heading !== "### Activation") expect(b.get(heading)).toBe(text);
    expect(a.get("### Activation")).toContain("Becomes active: “Momentum”");
    expect(b.get("### Activation")).toContain(
      "Becomes active: 1 strategy whose id is known after apply, among “Momentum”, “Safety first”",
    );
    expect(b.get("### Activation")).toContain(
      "active 3 of 25 on PRO (1 declared by this stack, 2 outside it)",
    );
  });

  it("reports the change in domain words, with plan headroom and backtests before → after", async () => {
    await project.writeProgram(program(2));
    const preview = await project.run(["preview", "--json", "--non-interactive", "--stack", project.stack]);
    expect(preview.stdout).toContain("__provider");

    const res = await review(emulator, env, preview.stdout, [
      "--backtest",
      "--until",
      SCENARIO_UNTIL,
      "--poll-interval",
      "100",
    ]);
    expect(res.code, res.stderr).toBe(0);
    report = res.stdout;

    expect(report).toMatch(/\| Strategy \| 2 \|/);
    expect(report).toMatch(/\| StrategyActivation \| 1 \|/);
    expect(report).toMatch(/\| Webhook \| 1 \|/);
    expect(report).toContain("`liquidity_usd`: min 5,000 → 10,000 (tighter)");
    expect(report).toContain("Added rule `holder_count`: min 100");
    expect(report).toContain("Becomes active: “Momentum”");
    expect(report).toContain("Becomes inactive: “Safety first”");
    expect(report).toContain("active 3 of 25 on PRO (1 declared by this stack, 2 outside it)");
    expect(report).toContain("Webhook URL: `http://127.0.0.1:9/alerts` → `http://127.0.0.1:9/alerts-v2?***`");

    const before = expectedMetrics(5_000);
    const after = expectedMetrics(10_000);
    expect(report).toContain(
      `| “Safety first” | ${before.tested} | ${before.positives} → ${after.positives} | ${pct(before.precision)} → ${pct(after.precision)} | ${pct(before.recall)} → ${pct(after.recall)} | ${pct(before.f1)} → ${pct(after.f1)} |`,
    );
    expect(report).toContain("“Momentum”: the same tokens match before and after.");
    expect(report).toMatch(
      /through 2 temporary inactive strategies made for this review .*each was deleted afterwards\./,
    );
    expect(res.stderr).toMatch(/backtests: \d+ of \d+ jobs done/);

    for (const leaked of [apiKey, WEBHOOK_SECRET_QUERY, "__provider", "exports.handler"])
      expect(report).not.toContain(leaked);
    const left = (await client.strategies.list()).strategies.filter((s) => s.name.startsWith(TEMPORARY_MARK));
    expect(left).toEqual([]);
  });

  it("keeps the README's sample report equal to the report of this scenario", async () => {
    expect(report).not.toBe("");
    // The temporary strategies' run id is random: the sample shows a fixed one.
    const sample = report.replace(/review-tmp [0-9a-f]{6}/g, "review-tmp 1a2b3c");
    const readme = await readFile(README, "utf8");
    const start = "<!-- review-sample:start -->";
    const end = "<!-- review-sample:end -->";
    const section = `${start}\n\n\`\`\`\`markdown\n${sample.trimEnd()}\n\`\`\`\`\n\n${end}`;
    const updated = readme.replace(new RegExp(`${start}[\\s\\S]*?${end}`), section);
    if (process.env.CI === "true") {
      // CI checks what developers regenerate by running this test locally.
      expect(await readFile(SAMPLE, "utf8")).toBe(sample);
      expect(readme).toBe(updated);
    } else {
      await writeFile(SAMPLE, sample);
      await writeFile(README, updated);
    }
    expect(updated).toContain(section);
  });

  it("fails on input that is not a complete preview, writing no report (exit 1)", async () => {
    const { stream } = await previewBothForms(project);
    const cut = stream
      .split("\n")
      .filter((l) => !l.includes('"summaryEvent"'))
      .join("\n");
    const res = await review(emulator, env, cut, []);
    expect(res.code).toBe(1);
    expect(res.stdout).toBe("");
    expect(res.stderr).toContain("without a summaryEvent: the preview was cut short");
    const failed = await review(emulator, env, '{"error":"stack not found"}', []);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('found an error document instead ("stack not found")');
  });

  it("finds drift made in the app with --refresh --expect-no-changes and reports it", async () => {
    await project.up();
    const ids = (await client.strategies.list()).strategies;
    const safety = ids.find((s) => s.name === "Safety first")!;
    await client.strategies.update(safety.id, { alertCooldownMins: 99 });

    const drift = await project.run(
      [
        "preview",
        "--refresh",
        "--expect-no-changes",
        "--json",
        "--non-interactive",
        "--stack",
        project.stack,
      ],
      { allowFailure: true },
    );
    expect(drift.code).toBe(7);
    const res = await review(emulator, env, drift.stdout, ["--drift"]);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain("## Strategy alerts drift check");
    expect(res.stdout).toContain("**Drift found:**");
    expect(res.stdout).toContain("#### “Safety first” (`safety-first`): drifted");
    expect(res.stdout).toContain("Alert cooldown: 99 minutes → 30 minutes");
    expect(res.stdout).not.toContain("Becomes");

    await client.strategies.update(safety.id, { alertCooldownMins: 30 });
    const clean = await project.run(
      [
        "preview",
        "--refresh",
        "--expect-no-changes",
        "--json",
        "--non-interactive",
        "--stack",
        project.stack,
      ],
      { allowFailure: true },
    );
    expect(clean.code).toBe(0);
    expect((await review(emulator, env, clean.stdout, ["--drift"])).stdout).toContain("No drift");
  });
});
