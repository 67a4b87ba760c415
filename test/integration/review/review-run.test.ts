/**
 * The review's run against an emulator in this process: once its time limit has run out it
 * makes no temporary strategy and queues no job, and says why.
 */
import { describe, expect, it } from "vitest";
import { runBacktests } from "../../../provider/review/backtest-run";
import { backtestTargets } from "../../../provider/review/backtest-targets";
import { parsePreview } from "../../../provider/review/preview-json";
import { REVIEW_TIME_LIMIT_MS, ReviewRun } from "../../../provider/review/review-run";
import { TemporaryStrategies } from "../../../provider/review/temporaries";
import { control, controlOk } from "../../support/emulator";
import { LOCAL_NOW, useReviewEmulator } from "./fixtures";

const { em, account, backtestOptions } = useReviewEmulator();

describe("the review's time limit", () => {
  it("makes no temporary strategy and queues no job once it has run out, and says why", async () => {
    const { client, userId, preview } = await account();
    // The run starts, then its clock is past the limit by the time it would queue.
    let clock = LOCAL_NOW;
    const run = new ReviewRun({ clock: () => clock });
    clock += REVIEW_TIME_LIMIT_MS;
    await controlOk(em, "DELETE", "/requests");
    const report = await runBacktests(
      backtestTargets(parsePreview(preview).steps),
      new TemporaryStrategies(client, run),
      {
        client,
        plan: "PRO",
        ...backtestOptions(),
      },
    );
    expect(report.strategies.map((s) => s.status)).toEqual(["unmeasured", "unmeasured"]);
    expect(report.strategies[0]?.reason).toMatch(
      /time limit \(45 minutes from its start.*ran out before its jobs were queued/,
    );
    const calls = (await control(em, "GET", "/requests")).body.requests
      .filter((r: { userId: string }) => r.userId === userId)
      .map((r: { method: string }) => r.method);
    expect(calls.filter((m: string) => m !== "GET")).toEqual([]);
    expect(report.temporaryStrategies).toEqual([]);
  });
});
