import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiClient } from "../../provider/api/client";
import { TEMPORARY_MARK } from "../../provider/review/temporaries";
import { digest, type StepSpec } from "../support/preview-fixtures";
import { type ProcessResult, runProcess, startProcess } from "../support/process";
import { TestEmulator } from "./emulator-fixture";
import { BUILT_CLI, REPO_ROOT } from "./harness";
import { freshBody, safetyBody, scenarioObservations, THRESHOLD } from "./review-scenario";

/**
 * `strategy-alerts review --backtest` as CI runs it, one job per pull request on one account:
 * two reviews at once on a slow service each measure every changed strategy and never sweep
 * the other's temporary strategies; a review stopped by SIGTERM sends nothing new and cleans up.
 * The emulator runs on the real clock (the sweep of the earlier rule compared the service's
 * `createdAt` with the review's start), with the scenario's tokens seeded yesterday.
 */
const NODE = join(REPO_ROOT, "node_modules/.bin/node");
const DAY_MS = 86_400_000;

const safety = safetyBody;
const fresh = freshBody;

describe("reviews on one account", () => {
  let emulator: TestEmulator;
  let driving = true;
  let driver: Promise<void> | undefined;

  beforeAll(async () => {
    emulator = await TestEmulator.start({ history: false });
    const yesterday = Math.floor(Date.now() / DAY_MS) * DAY_MS - DAY_MS;
    const observations = scenarioObservations(yesterday);
    await emulator.control("POST", "/tokens", { tokens: observations });
    // Backtest jobs complete as soon as they are queued and the reviews poll.
    driver = (async () => {
      while (driving) {
        await emulator.control("POST", "/jobs/run", {});
        await new Promise((r) => setTimeout(r, 150));
      }
    })();
  });

  afterAll(async () => {
    driving = false;
    await driver;
    await emulator?.control("DELETE", "/faults");
    await emulator?.close();
  });

  /** An account holding the current version (min 5,000), and a preview tightening it and adding one. */
  async function scenario() {
    const user = await emulator.user("PRO", { requestsPerMinute: 10_000 });
    const current = await user.client.strategies.create({ ...safety(5_000), isActive: false } as never);
    const specs: StepSpec[] = [
      {
        op: "update",
        kind: "Strategy",
        name: "safety",
        id: current.id,
        old: safety(5_000),
        new: safety(10_000),
      },
      { op: "create", kind: "Strategy", name: "fresh", new: fresh },
    ];
    const env = {
      ...process.env,
      STRATEGY_ALERTS_API_KEY: user.apiKey,
      STRATEGY_ALERTS_BASE_URL: emulator.baseUrl,
    };
    return { ...user, preview: digest(specs), env };
  }

  /** Reads the preview from standard input, as CI pipes it; the window holds yesterday. */
  const argv = [BUILT_CLI, "review", "-", "--backtest", "--window-days", "2", "--poll-interval", "200"];
  argv.push("--threshold", String(THRESHOLD));

  async function temporaries(client: ApiClient): Promise<string[]> {
    return (await client.strategies.list()).strategies
      .map((s) => s.name)
      .filter((n) => n.startsWith(TEMPORARY_MARK));
  }

  /** Waits for the review's temporary strategy; a review that ended first fails with its output. */
  async function untilTemporaryExists(client: ApiClient, review: Promise<ProcessResult>): Promise<void> {
    let ended: ProcessResult | undefined;
    void review.then((result) => {
      ended = result;
    });
    for (let i = 0; i < 600; i++) {
      if ((await temporaries(client)).length > 0) return;
      if (ended)
        throw new Error(
          `the first review ended (code ${ended.code}) before it made a temporary strategy:\n${ended.stderr}\n${ended.stdout}`,
        );
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error("the first review made no temporary strategy within a minute");
  }

  function expectEverythingMeasured(result: ProcessResult): void {
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/\| “Safety first” \| \d+ \| \d+ → \d+ \|/);
    expect(result.stdout).toMatch(/\| “Fresh” \(new\) \| \d+ \|/);
    expect(result.stdout).not.toContain("not measured");
    // Neither swept the other's temporary strategies.
    expect(result.stdout).not.toContain("Leftovers of interrupted reviews");
    expect(result.stdout).not.toContain("left behind");
    expect(result.stdout).toContain("each was deleted afterwards");
  }

  it("two reviews at once on a slow POST /backtests each measure every strategy and leave nothing behind", async () => {
    const { client, preview, env } = await scenario();
    // Long enough that the second review, started on a loaded 2-core runner, meets
    // the first one's temporary strategy still held (4 s was not, once in a loaded CI run).
    await emulator.control("POST", "/faults", { method: "POST", path: "/backtests", latencyMs: 12_000 });
    try {
      const first = runProcess(NODE, argv, { cwd: REPO_ROOT, env, input: preview });
      // The second starts while the first holds its temporary strategy and waits on POST /backtests.
      await untilTemporaryExists(client, first);
      await new Promise((r) => setTimeout(r, 1_000));
      const second = runProcess(NODE, argv, { cwd: REPO_ROOT, env, input: preview });
      const [a, b] = await Promise.all([first, second]);
      expectEverythingMeasured(a);
      expectEverythingMeasured(b);
      expect(b.stderr).toMatch(/left [12] temporary strateg(y|ies) of other reviews alone/);
    } finally {
      await emulator.control("DELETE", "/faults");
    }
    expect(await temporaries(client)).toEqual([]);
  });

  it("a review stopped by SIGTERM during a slow temporary create sends nothing new and deletes it", async () => {
    const { client, userId, preview, env } = await scenario();
    await emulator.clearJournal();
    await emulator.control("POST", "/faults", { method: "POST", path: "/strategies", latencyMs: 4_000 });
    try {
      const review = await startProcess(NODE, argv, {
        cwd: REPO_ROOT,
        env,
        input: preview,
        ready: /creating temporary strategy 1 of 2/,
        readyOn: "stderr",
        timeoutMs: 60_000,
      });
      // The create is held 4 s by the service: the signal arrives while it is in flight.
      await new Promise((r) => setTimeout(r, 500));
      await review.stop("SIGTERM");
      expect(review.child.exitCode).toBe(143);
      expect(review.output()).toMatch(
        /stopped by SIGTERM: no report written; .*1 of 1 temporary strategies deleted/,
      );
    } finally {
      await emulator.control("DELETE", "/faults");
    }
    const calls = (await emulator.journal(userId)).map((r) => `${r.method} ${r.route}`);
    // The one create in flight at the signal, and its delete; no job, no second create.
    expect(calls.filter((c) => c === "POST /strategies")).toEqual(["POST /strategies"]);
    expect(calls).not.toContain("POST /backtests");
    expect(calls.filter((c) => c === "DELETE /strategies/:id")).toHaveLength(1);
    expect(await temporaries(client)).toEqual([]);
  });
});
