/**
 * The review's backtest run against an emulator in this process: what a run measures of each
 * change against its current version, how it waits for its jobs, and the series its charts and
 * live records read.
 */
import { describe, expect, it } from "vitest";
import type { ApiClient } from "../../../provider/api/client";
import { runBacktests } from "../../../provider/review/backtest-run";
import { backtestTargets } from "../../../provider/review/backtest-targets";
import { parsePreview } from "../../../provider/review/preview-json";
import { ReviewRun } from "../../../provider/review/review-run";
import { TEMPORARY_MARK, TemporaryStrategies } from "../../../provider/review/temporaries";
import { hasTemporaryProof } from "../../../provider/review/temporary-proof";
import { controlOk } from "../../support/emulator";
import { addr } from "../../support/tokens";
import { LOCAL_NOW, TOKENS, temporaries, useReviewEmulator } from "./fixtures";

const { em, account, backtestOptions } = useReviewEmulator();

/** runBacktests alone on the account's preview, on this machine's fixed clock. */
async function run(
  client: ApiClient,
  preview: string,
  extra: Partial<Parameters<typeof runBacktests>[2]> = {},
) {
  const temporary = new TemporaryStrategies(client, new ReviewRun({ clock: () => LOCAL_NOW }));
  const report = await runBacktests(backtestTargets(parsePreview(preview).steps), temporary, {
    client,
    plan: "PRO",
    now: () => LOCAL_NOW,
    ...backtestOptions(),
    ...extra,
  });
  return { report, temporary };
}

// runBacktests alone, as the session calls it: the report's figures, before any rendering.
describe("what a run measures", () => {
  const liquidity = new Map(TOKENS.map((t) => [t.address, t.liquidityUsd]));
  const addresses = (rows: { tokenAddress: string }[]) => rows.map((r) => r.tokenAddress).sort();

  it("compares each change with its current version over the window, and leaves its copies to the cleanup", async () => {
    const { client, preview } = await account();
    const { report, temporary } = await run(client, preview);

    expect(report.strategies.map((s) => [s.strategy, s.status])).toEqual([
      ["Fresh", "measured"],
      ["Liquid", "measured"],
    ]);
    // The window is the two days before `until`, as the service clamps it to the data it holds.
    expect(Date.parse(report.from)).toBeGreaterThanOrEqual(Date.parse("2026-09-09T00:00:00.000Z"));
    expect(Date.parse(report.to)).toBeLessThanOrEqual(Date.parse("2026-09-11T00:00:00.000Z"));
    const [created, raised] = report.strategies;
    // A new strategy has no current version: everything it matches is new to the account.
    expect(created?.before).toBeUndefined();
    expect(created?.newlyMissed).toEqual([]);
    expect(addresses(created?.newlyMatched ?? [])).toEqual([...new Set(TOKENS.map((t) => t.address))].sort());
    // Raising the minimum liquidity from 5,000 to 15,000 matches nothing new and misses tokens
    // between the two minimums, never one above the new one.
    expect(raised?.newlyMatched).toEqual([]);
    const missed = addresses(raised?.newlyMissed ?? []);
    expect(missed).toEqual(expect.arrayContaining([addr("Tok1"), addr("Tok2")].sort()));
    for (const address of missed) expect(liquidity.get(address)).toBeLessThan(15_000);
    expect(raised?.after?.positives).toBeLessThan(raised?.before?.positives ?? 0);
    // One job for the new strategy, two for the change (its current version and the proposal).
    expect(report.jobsCreated).toBe(3);
    // The run leaves its copies to the session's cleanup, which deletes both.
    expect(report.temporaryStrategies.map((t) => t.name).sort()).toEqual((await temporaries(client)).sort());
    expect(report.temporaryStrategies).toHaveLength(2);
    // Each copy carries the proof that a later review's sweep asks for.
    const copies = (await client.strategies.list()).strategies.filter((s) =>
      s.name.startsWith(TEMPORARY_MARK),
    );
    expect(copies.map((s) => hasTemporaryProof(s))).toEqual([true, true]);
    await temporary.cleanup();
    expect(temporary.report().map((t) => t.deleted)).toEqual([true, true]);
    expect(await temporaries(client)).toEqual([]);
  });

  it("reuses today's completed job of an unchanged current version on a rerun", async () => {
    const { client, preview } = await account();
    await run(client, preview);
    const { report: rerun } = await run(client, preview);
    expect(rerun.jobsCreated).toBe(2);
    expect(rerun.strategies.find((s) => s.strategy === "Liquid")).toMatchObject({
      status: "measured",
      reusedCurrentJob: true,
    });
  });

  it("measures what the plan's daily quota covers and says why it left the rest unmeasured", async () => {
    const { client, preview } = await account();
    const { report } = await run(client, preview, { dailyQuota: 1 });
    expect(report.jobsCreated).toBe(1);
    expect(report.dailyQuota).toBe(1);
    expect(report.strategies.map((s) => [s.strategy, s.status])).toEqual([
      ["Fresh", "measured"],
      ["Liquid", "unmeasured"],
    ]);
    expect(report.strategies[1]?.reason).toBe(
      "the daily backtest quota does not cover it: PRO allows 1 jobs per UTC day, 0 were left for it and it needs 2",
    );
  });
});

describe("how a run waits for its jobs", () => {
  it("polls 150 ms after queueing, backs off, and reads the results of jobs done long before a full interval", async () => {
    const { client, preview } = await account();
    const sleeps: number[] = [];
    const { report } = await run(client, preview, {
      pollIntervalMs: 60_000,
      // The jobs finish while the run sleeps its second wait.
      sleep: async (ms) => {
        sleeps.push(ms);
        if (sleeps.length === 2) await controlOk(em, "POST", "/jobs/run", {});
      },
    });
    expect(report.strategies.map((s) => s.status)).toEqual(["measured", "measured"]);
    expect(sleeps).toEqual([150, 225]);
  });

  it("says each step once and how far it got in between, never a line per poll as a step", async () => {
    const { client, preview } = await account();
    const steps: string[] = [];
    const updates: string[] = [];
    let polls = 0;
    await run(client, preview, {
      progress: { step: (t) => steps.push(t), update: (t) => updates.push(t) },
      sleep: async () => {
        polls += 1;
        if (polls === 5) await controlOk(em, "POST", "/jobs/run", {});
      },
    });
    expect(steps).toEqual([
      "backtests: creating temporary strategy 1 of 2",
      "backtests: 0 of 3 jobs done (0 running, 3 queued)",
      expect.stringMatching(/^backtests: 3 of 3 jobs done in \d+\.\d s; results read for 2 of 2 strategies$/),
    ]);
    expect(updates[0]).toBe("backtests: creating temporary strategy 2 of 2");
    expect(updates.filter((u) => u.includes("jobs done"))).toHaveLength(5);
  });
});

describe("the review's charts and live records", () => {
  it("counts each version's matched tokens per snapshot hour and multiple, and reads the live record of the existing strategy only", async () => {
    const { client, preview } = await account();
    const targets = backtestTargets(parsePreview(preview).steps);
    const run = new ReviewRun({ clock: () => LOCAL_NOW });
    const temporary = new TemporaryStrategies(client, run);
    let report: Awaited<ReturnType<typeof runBacktests>>;
    try {
      report = await runBacktests(targets, temporary, {
        ...backtestOptions(),
        client,
        plan: "PRO",
        now: () => LOCAL_NOW,
      });
    } finally {
      await temporary.cleanup();
    }
    const liquidResult = report.strategies.find((s) => s.strategy === "Liquid");
    const freshResult = report.strategies.find((s) => s.strategy === "Fresh");
    expect(report.strategies.map((s) => `${s.status} ${s.reason ?? ""}`)).toEqual(["measured ", "measured "]);
    const sum = (xs: number[] | undefined) => (xs ?? []).reduce((a, b) => a + b, 0);
    // Tokens with more than 5,000 of liquidity match before (4), more than 15,000 after (2); each went 3×.
    expect(liquidResult?.series?.unit).toBe("hour");
    expect(sum(liquidResult?.series?.overTime.before)).toBe(liquidResult?.before?.positives);
    expect(sum(liquidResult?.series?.overTime.after)).toBe(liquidResult?.after?.positives);
    expect(liquidResult?.series?.byMultiple.before).toEqual([0, 0, 0, 4, 0, 0]);
    expect(liquidResult?.series?.byMultiple.after).toEqual([0, 0, 0, 2, 0, 0]);
    expect(liquidResult?.live).toEqual({
      range: "weekly",
      days: 7,
      calls: 0,
      winners: 0,
      winRate: 0,
      bestMultiple: 0,
    });
    expect(freshResult?.series?.overTime.before).toBeUndefined();
    expect(freshResult?.live).toBeUndefined();
  });
});
