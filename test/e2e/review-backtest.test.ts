import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiClient, createClient } from "../../provider/api/client";
import { type BacktestReport, parsePreview, renderReview } from "../../provider/review";
import { runBacktests } from "../../provider/review/backtest-run";
import { backtestTargets } from "../../provider/review/backtest-targets";
import { SWEEP_AFTER_MS } from "../../provider/review/review-run";
import { reviewWithAccount } from "../../provider/review/session";
import { TEMPORARY_MARK, TemporaryStrategies } from "../../provider/review/temporaries";
import { digest, type StepSpec } from "../support/preview-fixtures";
import { type RunningProcess, startProcess } from "../support/process";
import { TestEmulator } from "./emulator-fixture";
import { BUILT_CLI, REPO_ROOT } from "./harness";
import {
  expectedMetrics,
  freshBody,
  SCENARIO_UNTIL,
  safetyBody,
  seedScenario,
  THRESHOLD,
  TOKENS,
} from "./review-scenario";

/**
 * Backtests of a review against the emulator on a seeded token history: the numbers reported
 * are compared with values computed from the seeded table alone; quota, failures and
 * interrupts never leave a temporary strategy behind.
 */
const NODE = join(REPO_ROOT, "node_modules/.bin/node");
const pct = (x: number) => `${(Math.round(x * 1000) / 10).toLocaleString("en-US")}%`;

const safety = safetyBody;
const fresh = freshBody;

describe("review backtests on a seeded token history", () => {
  let emulator: TestEmulator;

  beforeAll(async () => {
    emulator = await TestEmulator.start({ history: false });
    await seedScenario(emulator);
  });

  afterAll(async () => {
    await emulator?.close();
  });

  const driveJobs = async () => {
    await emulator.control("POST", "/jobs/run", {});
  };
  const emulatorNow = async () => Date.parse((await emulator.control<{ now: string }>("GET", "/clock")).now);

  /** An account holding the current version (min 5,000), and a preview tightening it to `to`. */
  async function scenario(limits: Record<string, number | null> = {}, to = 10_000) {
    const user = await emulator.user("PRO", { requestsPerMinute: 10_000, ...limits });
    const current = await user.client.strategies.create({ ...safety(5_000), isActive: false } as never);
    const specs: StepSpec[] = [
      { op: "update", kind: "Strategy", name: "safety", id: current.id, old: safety(5_000), new: safety(to) },
      { op: "create", kind: "Strategy", name: "fresh", new: fresh },
    ];
    return { ...user, current, preview: digest(specs) };
  }

  async function run(client: ApiClient, preview: string) {
    const temporary = new TemporaryStrategies(client);
    const now = await emulatorNow();
    let report: BacktestReport;
    try {
      report = await runBacktests(backtestTargets(parsePreview(preview).steps), temporary, {
        client,
        windowDays: 6,
        until: SCENARIO_UNTIL,
        threshold: THRESHOLD,
        plan: "PRO",
        now: () => now,
        pollIntervalMs: 1,
        sleep: driveJobs,
      });
    } finally {
      await temporary.cleanup();
    }
    // As the command does: the report tells what the cleanup did.
    report.temporaryStrategies = temporary.report();
    return report;
  }

  async function temporaries(client: ApiClient) {
    return (await client.strategies.list()).strategies.filter((s) => s.name.startsWith(TEMPORARY_MARK));
  }

  it("measures a tightened rule before → after with the precision and recall of the seeded data", async () => {
    const { client, preview } = await scenario();
    const report = await run(client, preview);
    const before = expectedMetrics(5_000);
    const after = expectedMetrics(10_000);
    // The scenario is only meaningful if tightening changes both numbers.
    expect(after.precision).not.toBeCloseTo(before.precision, 3);
    expect(after.recall).not.toBeCloseTo(before.recall, 3);

    const measured = report.strategies.find((s) => s.strategy === "Safety first")!;
    expect(measured.status).toBe("measured");
    for (const [got, want] of [
      [measured.before!, before],
      [measured.after!, after],
    ] as const) {
      expect(got.tested).toBe(want.tested);
      expect(got.positives).toBe(want.positives);
      expect(got.precision).toBeCloseTo(want.precision, 10);
      expect(got.recall).toBeCloseTo(want.recall, 10);
      expect(got.f1).toBeCloseTo(want.f1, 10);
    }
    const missed = before.matched.filter((a) => !after.matched.includes(a));
    expect(measured.newlyMissed.map((t) => t.tokenAddress).sort()).toEqual(missed.sort());
    expect(measured.newlyMissedTotal).toBe(missed.length);
    expect(measured.newlyMatched).toEqual([]);
    const winnersMissed = TOKENS.filter(
      (t) => missed.includes(t.address) && Math.max(...t.shape) >= THRESHOLD,
    );
    expect(
      measured.newlyMissed
        .filter((t) => t.winner)
        .map((t) => t.tokenAddress)
        .sort(),
    ).toEqual(winnersMissed.map((t) => t.address).sort());

    // A new strategy has its proposed metrics only.
    const created = report.strategies.find((s) => s.strategy === "Fresh")!;
    expect(created.status).toBe("measured");
    expect(created.before).toBeUndefined();
    expect(created.after?.tested).toBe(TOKENS.length);

    const md = renderReview(preview, { backtests: report }).markdown;
    expect(md).toContain(
      `| “Safety first” | ${before.tested} | ${before.positives} → ${after.positives} | ${pct(before.precision)} → ${pct(after.precision)} | ${pct(before.recall)} → ${pct(after.recall)} | ${pct(before.f1)} → ${pct(after.f1)} |`,
    );
    expect(md).toContain(`no longer matches ${missed.length} tokens`);
    expect(report.temporaryStrategies).toHaveLength(2);
    expect(report.temporaryStrategies.every((t) => t.deleted)).toBe(true);
    expect(await temporaries(client)).toEqual([]);
  });

  it("reuses today's completed job of the current version on a rerun with the same window", async () => {
    const { client, preview } = await scenario();
    const first = await run(client, preview);
    expect(first.jobsCreated).toBe(3);
    const second = await run(client, preview);
    expect(second.jobsCreated).toBe(2);
    const again = second.strategies.find((s) => s.strategy === "Safety first")!;
    expect(again.reusedCurrentJob).toBe(true);
    expect(again.before).toEqual(first.strategies.find((s) => s.strategy === "Safety first")!.before);
  });

  it("reports the strategies the daily quota cannot cover instead of failing", async () => {
    // PRO allows 25 jobs a day and 24 are spent: the tightened strategy needs 2 (current and
    // proposed), the new one 1. Jobs are planned in name order: “Fresh” takes the last one.
    const { client, apiKey, preview } = await scenario();
    const other = await client.strategies.create({ ...fresh, name: "Spent", isActive: false } as never);
    const window = { from: "2030-01-04T00:00:00.000Z", to: "2030-01-10T00:00:00.000Z" };
    for (let i = 0; i < 24; i++) {
      await client.backtests.create({
        strategyId: other.id,
        ...window,
        labelDefinition: { threshold: 5 },
        options: {},
      });
    }
    const result = await reviewWithAccount(preview, {
      client: createClient({ apiKey, baseUrl: emulator.baseUrl }),
      backtest: {
        windowDays: 6,
        until: SCENARIO_UNTIL,
        threshold: THRESHOLD,
        pollIntervalMs: 1,
        sleep: driveJobs,
      },
    });
    expect(result.markdown).toContain(
      "“Safety first” was **not measured**: the daily backtest quota does not cover it: PRO allows 25 jobs per UTC day, 0 were left for it and it needs 2",
    );
    expect(result.markdown).not.toContain("“Fresh” was **not measured**");
    expect(result.markdown).toMatch(/\| “Fresh” \(new\) \| 12 \|/);
    expect(result.markdown).toContain("Backtest jobs created: 1 (daily quota 25)");
    expect(await temporaries(client)).toEqual([]);
  });

  it("reports a quota that runs out while jobs are queued (403), not a crash", async () => {
    const { client, preview } = await scenario();
    await emulator.control("POST", "/faults", { method: "POST", path: "/backtests", status: 403, count: 5 });
    try {
      const report: BacktestReport = await run(client, preview);
      for (const s of report.strategies) {
        expect(s.status).toBe("unmeasured");
        expect(s.reason).toMatch(/daily backtest quota ran out/);
      }
      expect(renderReview(preview, { backtests: report }).markdown).toContain("was **not measured**");
    } finally {
      await emulator.control("DELETE", "/faults");
    }
    expect(await temporaries(client)).toEqual([]);
  });

  it("deletes the temporary strategies when the review fails midway", async () => {
    const { apiKey, client, preview } = await scenario();
    const quick = createClient({
      apiKey,
      baseUrl: emulator.baseUrl,
      retry: { maxAttempts: 2, baseMs: 1, capMs: 2 },
    });
    let existed = 0;
    try {
      await expect(
        reviewWithAccount(preview, {
          client: quick,
          backtest: {
            windowDays: 6,
            until: SCENARIO_UNTIL,
            threshold: THRESHOLD,
            pollIntervalMs: 1,
            // Jobs are queued and the temporary strategies exist: from now on every read of a job fails.
            sleep: async () => {
              existed = (await temporaries(client)).length;
              await emulator.control("POST", "/faults", { method: "GET", path: "/backtests", status: 500 });
            },
          },
        }),
      ).rejects.toThrow(/500/);
    } finally {
      await emulator.control("DELETE", "/faults");
    }
    expect(existed).toBe(2);
    expect(await temporaries(client)).toEqual([]);
  });

  it("still writes the report, without headroom, when the account cannot be read", async () => {
    const { apiKey, preview } = await scenario();
    const quick = createClient({
      apiKey,
      baseUrl: emulator.baseUrl,
      retry: { maxAttempts: 1, baseMs: 1, capMs: 2 },
    });
    const lines: string[] = [];
    await emulator.control("POST", "/faults", { method: "GET", path: "/me", status: 503 });
    try {
      const result = await reviewWithAccount(preview, { client: quick, log: (l) => lines.push(l) });
      expect(result.markdown).toContain("`liquidity_usd`: min 5,000 → 10,000 (tighter)");
      expect(lines.join("\n")).toContain("could not read the account (plan headroom and names are left out)");
      expect(lines.join("\n")).not.toContain(apiKey);
    } finally {
      await emulator.control("DELETE", "/faults");
    }
  });

  it("finds and deletes a temporary strategy whose create went unanswered", async () => {
    const { client, preview } = await scenario();
    await emulator.control("POST", "/faults", {
      method: "POST",
      path: "/strategies",
      drop: "after-commit",
      count: 1,
    });
    let report: BacktestReport;
    try {
      report = await run(client, preview);
    } finally {
      await emulator.control("DELETE", "/faults");
    }
    const failed = report.strategies.find((s) => s.status === "failed");
    expect(failed).toBeDefined();
    expect(report.temporaryStrategies.every((t) => t.deleted)).toBe(true);
    expect(await temporaries(client)).toEqual([]);
  });

  /** Starts `review --backtest` and resolves once its temporary strategies exist and jobs are queued. */
  function startReview(apiKey: string, file: string): Promise<RunningProcess> {
    const args = [
      BUILT_CLI,
      "review",
      file,
      "--backtest",
      "--until",
      SCENARIO_UNTIL,
      "--poll-interval",
      "100",
    ];
    return startProcess(NODE, args, {
      cwd: REPO_ROOT,
      env: { ...process.env, STRATEGY_ALERTS_API_KEY: apiKey, STRATEGY_ALERTS_BASE_URL: emulator.baseUrl },
      ready: /backtests: 0 of/,
      readyOn: "stderr",
      timeoutMs: 120_000,
    });
  }

  it("sweeps the temporary strategies of a review killed with SIGKILL on the next review, and says so", async () => {
    const { apiKey, client, preview } = await scenario();
    const dir = await mkdtemp(join(tmpdir(), "psa-review-"));
    try {
      await writeFile(join(dir, "preview.json"), preview);
      const review = await startReview(apiKey, join(dir, "preview.json"));
      await review.stop("SIGKILL");
      expect(review.child.signalCode).toBe("SIGKILL");
      const left = await temporaries(client);
      expect(left.length).toBeGreaterThan(0);
      // The next review starts once the killed one's time limit and its margin have passed.
      const now = Date.now() + SWEEP_AFTER_MS + 1_000;
      const lines: string[] = [];
      const result = await reviewWithAccount(preview, { client, now: () => now, log: (l) => lines.push(l) });
      expect(await temporaries(client)).toEqual([]);
      expect(result.markdown).toContain("### Leftovers of interrupted reviews");
      expect(result.markdown).toContain(
        `Deleted ${left.length} temporary strategies that an earlier, interrupted review left behind`,
      );
      for (const s of left) expect(result.markdown).toContain(s.name.replace(/[[\]]/g, "\\$&"));
      expect(lines.join("\n")).toContain(`deleted ${left.length} of ${left.length} temporary strategies`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("deletes the temporary strategies when the command is interrupted with SIGTERM", async () => {
    const { apiKey, client, preview } = await scenario();
    const dir = await mkdtemp(join(tmpdir(), "psa-review-"));
    try {
      await writeFile(join(dir, "preview.json"), preview);
      const review = await startReview(apiKey, join(dir, "preview.json"));
      // Jobs are queued and temporary strategies exist: interrupt now.
      expect((await temporaries(client)).length).toBeGreaterThan(0);
      await review.stop("SIGTERM");
      expect(review.child.exitCode).toBe(143);
      expect(review.output()).toContain("SIGTERM: deleting the review's temporary strategies");
      expect(await temporaries(client)).toEqual([]);
      expect(review.output()).not.toContain(apiKey);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
