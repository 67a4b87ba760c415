import { describe, expect, it } from "vitest";
import type { BacktestJob } from "../../../provider/model/plain-types";
import { ReviewInterruptedError } from "../../../provider/review/errors";
import { type JobWatchOptions, watchJobs } from "../../../provider/review/job-watcher";
import { PollSchedule } from "../../../provider/review/poll-schedule";

const job = (id: string, status = "QUEUED"): BacktestJob =>
  ({
    id,
    status,
    strategyId: "00000000-0000-4000-8000-000000000001",
    from: "2026-04-01T00:00:00.000Z",
    to: "2026-04-02T00:00:00.000Z",
    labelDefinition: { threshold: 2 },
    options: {},
  }) as BacktestJob;

/**
 * A service on fake time: each job completes at its own moment; `GET /backtests` lists the jobs
 * newest first, 20 a page; the watcher's sleeps move the clock.
 */
function service(doneAt: Record<string, number>, older: string[] = []) {
  const clock = { t: 0 };
  const requests: string[] = [];
  const statusOf = (id: string) =>
    clock.t >= (doneAt[id] ?? Number.POSITIVE_INFINITY) ? "COMPLETED" : "RUNNING";
  const listed = Object.keys(doneAt).filter((id) => !older.includes(id));
  const client = {
    backtests: {
      async *iterate() {
        for (let page = 0; page * 20 < Math.max(1, listed.length); page++) {
          requests.push(`GET /backtests?page=${page + 1}`);
          for (const id of listed.slice(page * 20, page * 20 + 20)) {
            const status = statusOf(id);
            yield { ...job(id, status), ...(status === "COMPLETED" ? { metrics: { tested: 3 } } : {}) };
          }
        }
      },
      async get(id: string) {
        requests.push(`GET /backtests/${id}`);
        return job(id, statusOf(id));
      },
    },
  } as unknown as JobWatchOptions["client"];
  const options = (over: Partial<JobWatchOptions> = {}): JobWatchOptions => ({
    client,
    schedule: new PollSchedule({ maxMs: 5_000, requestsPerMinute: () => 60, now: () => clock.t }),
    sleep: async (ms) => {
      clock.t += ms;
    },
    now: () => clock.t,
    timeoutMs: 30 * 60_000,
    pastDeadline: () => false,
    throwIfStopped: () => {},
    ...over,
  });
  return { clock, requests, options };
}

describe("watching a review's backtest jobs", () => {
  it("hands over a job that finishes after 400 ms at the next short poll, not after a 5 s interval", async () => {
    const { clock, options } = service({ a: 400 });
    const handed: [string, number][] = [];
    const outcome = await watchJobs([job("a")], options(), (j) => handed.push([j.id, clock.t]));
    // Polls at 150, 375 and 713 ms: the job, done at 400, is seen at 713.
    expect(handed).toEqual([["a", 713]]);
    expect(outcome).toEqual({ open: [], polls: 3 });
  });

  it("hands over each job as soon as a poll sees it, while the others still run", async () => {
    const { clock, options } = service({ fast: 300, slow: 20_000 });
    const handed: [string, number][] = [];
    await watchJobs([job("fast"), job("slow")], options(), (j) => handed.push([j.id, clock.t]));
    expect(handed[0]).toEqual(["fast", 375]);
    expect(handed[1]![0]).toBe("slow");
    // The slow one is seen within one interval of finishing.
    expect(handed[1]![1]).toBeGreaterThanOrEqual(20_000);
    expect(handed[1]![1]).toBeLessThanOrEqual(25_000);
  });

  it("hands over the list's entry, which carries the metrics", async () => {
    const { options } = service({ a: 0 });
    const handed: BacktestJob[] = [];
    await watchJobs([job("a")], options(), (j) => handed.push(j));
    expect(handed[0]?.metrics).toEqual({ tested: 3 });
  });

  it("hands over a job already done without polling", async () => {
    const { requests, options } = service({});
    const handed: string[] = [];
    const outcome = await watchJobs([job("reused", "COMPLETED")], options(), (j) => handed.push(j.id));
    expect(handed).toEqual(["reused"]);
    expect(outcome.polls).toBe(0);
    expect(requests).toEqual([]);
  });

  it("reads 20 open jobs with one request per poll, and an older job by its id", async () => {
    const ids = Array.from({ length: 20 }, (_, i) => `j${i}`);
    const { requests, options } = service(Object.fromEntries([...ids, "old"].map((id) => [id, 1_000])), [
      "old",
    ]);
    const outcome = await watchJobs(
      [...ids, "old"].map((id) => job(id)),
      options(),
      () => {},
    );
    expect(outcome.open).toEqual([]);
    const pages = requests.filter((r) => r.startsWith("GET /backtests?page=1"));
    expect(pages).toHaveLength(outcome.polls);
    expect(requests.filter((r) => r === "GET /backtests/old")).toHaveLength(outcome.polls);
  });

  it("gives up at the timeout and returns the jobs still open", async () => {
    const { options } = service({ never: Number.POSITIVE_INFINITY, soon: 100 });
    const handed: string[] = [];
    const outcome = await watchJobs([job("never"), job("soon")], options({ timeoutMs: 60_000 }), (j) =>
      handed.push(j.id),
    );
    expect(handed).toEqual(["soon"]);
    expect(outcome.reason).toBe("timeout");
    expect(outcome.open.map((j) => j.id)).toEqual(["never"]);
  });

  it("stops at the review's time limit, and on a stop throws after the wait", async () => {
    const { options } = service({ a: 10_000 });
    const atLimit = await watchJobs([job("a")], options({ pastDeadline: () => true }), () => {});
    expect(atLimit).toMatchObject({ reason: "deadline", polls: 0 });
    const stopped = watchJobs(
      [job("a")],
      options({
        throwIfStopped: () => {
          throw new ReviewInterruptedError("the review was stopped (SIGINT)");
        },
      }),
      () => {},
    );
    await expect(stopped).rejects.toThrow(ReviewInterruptedError);
  });

  it("reports every job after each poll, for the progress line", async () => {
    const { options } = service({ a: 200, b: 500 });
    const seen: string[] = [];
    await watchJobs(
      [job("a"), job("b")],
      options({ onPoll: (jobs) => seen.push(jobs.map((j) => j.status[0]).join("")) }),
      () => {},
    );
    // Polls at 150, 375 and 713 ms.
    expect(seen).toEqual(["RR", "CR", "CC"]);
  });
});
