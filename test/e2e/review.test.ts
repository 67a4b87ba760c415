import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { TEMPORARY_MARK } from "../../provider/review/temporaries";
import { providedBrowser } from "../support/browser";
import { once, type PulumiProject } from "./harness";
import { checkHtmlReport } from "./html-report-check";
import {
  expectedMetrics,
  type ReviewScenario,
  reviewProgram,
  reviewTheSampleChange,
  runReview,
  SAMPLE_REPORT,
  startReviewScenario,
  TOKENS,
  WEBHOOK_SECRET_QUERY,
} from "./review-scenario";

/**
 * The review under the real engine: a portfolio is applied, then changed (a threshold
 * tightened, a rule added, activation moved to another strategy, the webhook url changed);
 * `pulumi preview --json` goes through `strategy-alerts review --backtest`, and the report's
 * statements are checked. That report is the sample (examples/github-actions/sample-report.md),
 * which must equal it. A drift made in the app is then found by
 * `pulumi preview --refresh --expect-no-changes` (exit code 7) and reported by the same renderer.
 * Each test writes the program version it previews; the stack stays at v1 applied.
 */
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
  let scenario: ReviewScenario;
  let project: PulumiProject;
  let dir: string;
  let htmlFile: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "review-html-"));
    htmlFile = join(dir, "review.html");
    scenario = await startReviewScenario();
    project = scenario.project;
    const active = (await scenario.client.strategies.list()).strategies.filter((x) => x.isActive);
    expect(active.map((x) => x.name).sort()).toEqual(["Manual scalper", "Manual sniper", "Safety first"]);
  });

  /**
   * The threshold change (v3) previewed both ways, once: the first test reviews it, and the test
   * of a preview cut short cuts its stream, which any complete preview serves.
   */
  const thresholdPreview = once(async () => {
    await project.writeProgram(reviewProgram(3));
    return previewBothForms(project);
  });

  afterAll(async () => {
    await scenario?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("reports a threshold change of the active strategy the same from the digest and the stream, with no activation change", async () => {
    const { digest, stream } = await thresholdPreview();
    const fromDigest = await runReview(scenario, digest, []);
    const fromStream = await runReview(scenario, stream, []);
    expect(fromDigest.code, fromDigest.stderr).toBe(0);
    expect(fromStream.code, fromStream.stderr).toBe(0);
    expect(fromStream.stdout).toBe(fromDigest.stdout);
    expect(fromDigest.stdout).toContain("`liquidity_usd`: min 5,000 → 7,500 (tighter)");
    // The active strategy's id is unknown only during the preview: the activation does not change.
    expect(fromDigest.stdout).not.toContain("StrategyActivation");
    expect(fromDigest.stdout).not.toContain("### Activation");
    expect(fromDigest.stdout).not.toMatch(/becomes (in)?active|active set/i);
  });

  it("reports the moved activation from the digest and from the stream alike, without a false change", async () => {
    await project.writeProgram(reviewProgram(2));
    const { digest, stream } = await previewBothForms(project);
    const fromDigest = (await runReview(scenario, digest, [])).stdout;
    const fromStream = (await runReview(scenario, stream, [])).stdout;
    const [a, b] = [sections(fromDigest), sections(fromStream)];
    // A strategy updated in place keeps its id in the TypeScript door's preview too (its
    // strategyId is its resource id), so the stream names the strategy that becomes active as
    // exactly as the digest, whose dependencies trace it.
    expect([...b.entries()]).toEqual([...a.entries()]);
    expect(a.get("### Activation")).toContain("Becomes active (starts sending alerts): “Momentum”");
    expect(a.get("### Activation")).not.toContain("known after apply");
    expect(a.get("### Activation")).toContain(
      "active 3 of 25 on PRO (1 declared by this stack, 2 outside it)",
    );
  });

  it("reports the change in domain words, with plan headroom and backtests before → after, and is the sample report", async () => {
    const { preview, result: res, sample } = await reviewTheSampleChange(scenario, htmlFile);
    expect(preview).toContain("__provider");
    expect(res.code, res.stderr).toBe(0);
    const report = res.stdout;

    expect(report).toMatch(/\| Strategy \| 2 \|/);
    expect(report).toMatch(/\| StrategyActivation \| 1 \|/);
    expect(report).toMatch(/\| Webhook \| 1 \|/);
    expect(report).toContain("`liquidity_usd`: min 5,000 → 10,000 (tighter)");
    expect(report).toContain("Added rule `holder_count`: min 100");
    expect(report).toContain("Becomes active (starts sending alerts): “Momentum”");
    expect(report).toContain("⚠️ **Warning:** becomes inactive (stops sending alerts): “Safety first”");
    expect(report).toContain("active 3 of 25 on PRO (1 declared by this stack, 2 outside it)");
    // A url with a query is a secret in the state and the preview: the review never shows it.
    expect(report).toContain("Webhook URL: `http://127.0.0.1:9/alerts` → (secret)");

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

    for (const leaked of [scenario.apiKey, WEBHOOK_SECRET_QUERY, "__provider", "exports.handler"])
      expect(report).not.toContain(leaked);
    const left = (await scenario.client.strategies.list()).strategies.filter((s) =>
      s.name.startsWith(TEMPORARY_MARK),
    );
    expect(left).toEqual([]);

    // The checked-in sample is this report; the test never rewrites it.
    expect(
      await readFile(SAMPLE_REPORT, "utf8"),
      "examples/github-actions/sample-report.md is not the report of this scenario: run `npm run sample-report` and commit it",
    ).toBe(sample);
  });

  it("draws each backtested strategy's charts from its results, shows its live record, and writes the same report as a page", async () => {
    const sample = await readFile(SAMPLE_REPORT, "utf8");
    // The strategy's part of the backtests (its change list has the same heading, earlier).
    const report = sample.slice(sample.lastIndexOf("#### “Safety first”"));
    // Each token matches at its first snapshot hour, token i at hour i of the window.
    const hours = (min: number) =>
      Array.from({ length: 14 }, (_, h) =>
        expectedMetrics(min).matched.includes(TOKENS[h]?.address ?? "") ? 1 : 0,
      ).join(", ");
    expect(report).toContain(`  bar [${hours(5_000)}]\n  line [${hours(10_000)}]`);
    expect(report).toContain('x-axis "snapshot hour (UTC)" ["00:00", "01:00",');
    expect(report).toMatch(
      /Live record of the current version \(last 7 days, the service's performance summary\): /,
    );
    expect(report).toContain(
      "| highest multiple in the window | \\<1x | 1-1.2x | 1.2-2x | 2-5x | 5-10x | 10x+ |",
    );

    const page = await checkHtmlReport(providedBrowser(inject("chromium")), htmlFile);
    expect(page.requests).toEqual([]);
    expect(page.console).toEqual([]);
    // Two charts per backtested strategy, each drawn: sized, both series, more than one colour.
    expect(page.charts.map((c) => `${c.kind} ${c.title}`)).toEqual([
      "overTime Matches per hourly snapshot — Momentum",
      "byMultiple Matches per multiple — Momentum",
      "overTime Matches per hourly snapshot — Safety first",
      "byMultiple Matches per multiple — Safety first",
    ]);
    for (const chart of page.charts) {
      expect(chart.width * chart.height).toBeGreaterThan(10_000);
      expect(chart.currentBars).toBeGreaterThan(0);
      // Over time the proposed version is a line with a point per hour; per bucket, a bar each.
      expect(chart.proposedPoints).toBe(chart.kind === "overTime" ? 14 : 0);
      expect(chart.proposedBars).toBe(chart.kind === "overTime" ? 0 : 6);
      if (chart.kind === "overTime") expect(chart.lineLength).toBeGreaterThan(0);
      expect(chart.colours).toBeGreaterThan(3);
      // The heading keeps its subject whole and fits the chart; the values' axis says its unit.
      expect(chart.heading).toBe(chart.title);
      expect(chart.headingWidth).toBeLessThanOrEqual(chart.width);
      expect(chart.yAxisLabel).toBe(
        chart.kind === "overTime" ? "matched tokens per snapshot" : "matched tokens per bucket",
      );
      expect(chart.yAxisLabelRotated).toBe(true);
    }
    expect(page.screenshot.length).toBeGreaterThan(20_000);
    const html = await readFile(htmlFile, "utf8");
    expect(html).toContain("Live record of the current version");
    for (const leaked of [scenario.apiKey, WEBHOOK_SECRET_QUERY]) expect(html).not.toContain(leaked);
  });

  it("fails on input that is not a complete preview, writing no report (exit 1)", async () => {
    const { stream } = await thresholdPreview();
    const cut = stream
      .split("\n")
      .filter((l) => !l.includes('"summaryEvent"'))
      .join("\n");
    const res = await runReview(scenario, cut, []);
    expect(res.code).toBe(1);
    expect(res.stdout).toBe("");
    expect(res.stderr).toContain("without a summaryEvent: the preview was cut short");
    const failed = await runReview(scenario, '{"error":"stack not found"}', []);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('found an error document instead ("stack not found")');
  });

  it("finds drift made in the app with --refresh --expect-no-changes and reports it", async () => {
    const { client } = scenario;
    // The applied program, as the stack stands: drift is a difference from it. The stack is at
    // v1 applied (the tests before only preview), so this writes v1 back and runs no `up`.
    await project.ensureApplied(reviewProgram(1));
    const ids = (await client.strategies.list()).strategies;
    const safety = ids.find((s) => s.name === "Safety first")!;
    await client.strategies.update(safety.id, { alertCooldownMins: 99 });

    // What the drift workflow runs: a refreshing preview that exits 7 when anything changed.
    const driftPreview = () =>
      project.run(
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
    const drift = await driftPreview();
    expect(drift.code).toBe(7);
    const res = await runReview(scenario, drift.stdout, ["--drift"]);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain("## Strategy alerts drift check");
    expect(res.stdout).toContain("**Drift found:**");
    expect(res.stdout).toContain("#### “Safety first” (`safety-first`): drifted");
    expect(res.stdout).toContain("Alert cooldown: 99 minutes → 30 minutes");
    expect(res.stdout).not.toMatch(/becomes (in)?active/i);

    await client.strategies.update(safety.id, { alertCooldownMins: 30 });
    const clean = await driftPreview();
    expect(clean.code).toBe(0);
    expect((await runReview(scenario, clean.stdout, ["--drift"])).stdout).toContain("No drift");
  });
});
