/**
 * Waits for a review's backtest jobs, handing each over the moment a poll sees it done (its
 * strategy's results are read while the other jobs still run). One poll reads the jobs from
 * `GET /backtests` pages, newest first, until every open job is seen: one request for up to 20
 * jobs, and the list carries the metrics the report needs (GET /backtests/:id does not).
 */
import type { ApiClient } from "../api/client";
import type { BacktestJob } from "../model/plain-types";
import type { PollSchedule } from "./poll-schedule";

export const isDone = (j: BacktestJob) => j.status === "COMPLETED" || j.status === "FAILED";

export interface JobWatchOptions {
  client: Pick<ApiClient, "backtests">;
  schedule: PollSchedule;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
  /** Gives up once this long has passed since the watch began. */
  timeoutMs: number;
  /** Whether to give up now (the review's time limit). */
  pastDeadline: () => boolean;
  /** Throws when the review was stopped: checked after every wait. */
  throwIfStopped: () => void;
  /** Every job as last seen, after each poll (not before the first: the caller said how it starts). */
  onPoll?: (jobs: readonly BacktestJob[]) => void;
}

export interface WatchOutcome {
  /** Jobs still open when the watch gave up. */
  open: BacktestJob[];
  reason?: "timeout" | "deadline";
  polls: number;
}

/** Watches `jobs` until each is done (calling `onDone` with its list entry) or the watch gives up. */
export async function watchJobs(
  jobs: readonly BacktestJob[],
  options: JobWatchOptions,
  onDone: (job: BacktestJob) => void,
): Promise<WatchOutcome> {
  const latest = new Map(jobs.map((j) => [j.id, j]));
  for (const job of jobs) if (isDone(job)) onDone(job);
  const started = options.now();
  let polls = 0;
  for (;;) {
    const open = [...latest.values()].filter((j) => !isDone(j));
    if (polls > 0) options.onPoll?.([...latest.values()]);
    if (open.length === 0) return { open, polls };
    if (options.pastDeadline()) return { open, reason: "deadline", polls };
    if (options.now() - started > options.timeoutMs) return { open, reason: "timeout", polls };
    await options.sleep(options.schedule.nextDelayMs());
    options.throwIfStopped();
    const fresh = await latestJobs(options.client, new Set(open.map((j) => j.id)));
    polls += 1;
    let finished = false;
    for (const job of open) {
      const seen = fresh.get(job.id);
      if (!seen) continue;
      latest.set(job.id, seen);
      if (isDone(seen)) {
        finished = true;
        onDone(seen);
      }
    }
    if (finished) options.schedule.restart();
  }
}

/** The jobs with these ids, read from `GET /backtests` pages until all are seen (or a single job read when it is older). */
async function latestJobs(
  client: Pick<ApiClient, "backtests">,
  ids: Set<string>,
): Promise<Map<string, BacktestJob>> {
  const found = new Map<string, BacktestJob>();
  for await (const job of client.backtests.iterate()) {
    if (ids.has(job.id)) found.set(job.id, job);
    if (found.size === ids.size) break;
  }
  for (const id of ids) if (!found.has(id)) found.set(id, await client.backtests.get(id));
  return found;
}
