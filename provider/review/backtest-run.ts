/**
 * Runs the backtests of a review: the current version of each changed strategy and its proposed
 * version over the same window, the proposed one through a temporary inactive strategy that is
 * deleted afterwards whatever happens. Jobs are planned against the plan's daily quota first;
 * a completed job of today for the current version and the same window is reused; what the
 * quota cannot cover is reported as not measured. Every request goes through the one client
 * given, so the key's rate limit is shared with everything else the process does.
 */
import type { ApiClient } from "../api/client";
import { ApiError, ForbiddenError } from "../api/errors";
import type { BacktestJob, Strategy } from "../model/plain-types";
import { PLAN_LIMITS, PLANS } from "../model/plan-limits";
import type { BacktestReport, Metrics, StrategyBacktest, TokenImpact } from "./backtest-results";
import { backtestSeries, type MatchedRow } from "./backtest-series";
import type { BacktestTarget } from "./backtest-targets";
import { isDone, watchJobs } from "./job-watcher";
import { type LiveRecord, readLiveRecord } from "./live-performance";
import { PollSchedule } from "./poll-schedule";
import { REVIEW_TIME_LIMIT_MS, type ReviewRun } from "./review-run";
import type { TemporaryStrategies } from "./temporaries";

const DAY_MS = 86_400_000;
/** service-api.md#plans-and-limits: backtest jobs per UTC day; DEGEN has no cap. */
const DAILY_BACKTEST_QUOTA: Record<string, number | null> = Object.fromEntries(
  PLANS.map((plan) => [plan, PLAN_LIMITS[plan].backtestsPerDay]),
);
const TOP_TOKENS = 10;
/** Strategies whose results are read at once (each read is a few requests through the one limiter). */
const MEASURE_CONCURRENCY = 4;

/** What a run says while it works: a new step, or how far the current one has got. */
export interface RunProgress {
  step(text: string): void;
  update(text: string): void;
}

export interface BacktestRunOptions {
  client: ApiClient;
  /** Whole UTC days before today that the window covers. */
  windowDays: number;
  /** Winner multiple (labelDefinition.threshold). */
  threshold: number;
  /** Last day of the window (YYYY-MM-DD, exclusive): the window is the `windowDays` days before it. Default: today. */
  until?: string;
  /** The plan, for its daily quota (GET /me). */
  plan: string;
  /** Overrides the plan's quota (null: no cap). */
  dailyQuota?: number | null;
  now?: () => number;
  /** The longest wait between two polls of the jobs (they start at 150 ms and back off to it). */
  pollIntervalMs?: number;
  /** Gives up waiting for jobs after this long (they are reported as not measured). */
  timeoutMs?: number;
  /** Steps and updates; a function receives both as lines. */
  progress?: RunProgress | ((line: string) => void);
  sleep?: (ms: number) => Promise<void>;
}

function progressOf(options: BacktestRunOptions): RunProgress {
  const p = options.progress ?? (() => {});
  return typeof p === "function" ? { step: p, update: p } : p;
}

interface Planned {
  target: BacktestTarget;
  result: StrategyBacktest;
  reuse?: BacktestJob;
  currentJob?: BacktestJob;
  proposedJob?: BacktestJob;
  /** The current version's live record, read while the jobs run. */
  live?: LiveRecord;
}

/** The window: the `days` whole UTC days before today (stable all day, so reruns can reuse jobs). */
function reviewWindow(nowMs: number, days: number): { from: string; to: string } {
  const today = Math.floor(nowMs / DAY_MS) * DAY_MS;
  return { from: new Date(today - days * DAY_MS).toISOString(), to: new Date(today).toISOString() };
}

function emptyResult(
  target: BacktestTarget,
  status: StrategyBacktest["status"],
  reason?: string,
): StrategyBacktest {
  return {
    strategy: target.name,
    status,
    ...(reason ? { reason } : {}),
    newlyMatched: [],
    newlyMissed: [],
    newlyMatchedTotal: 0,
    newlyMissedTotal: 0,
  };
}

export async function runBacktests(
  targets: BacktestTarget[],
  temporary: TemporaryStrategies,
  options: BacktestRunOptions,
): Promise<BacktestReport> {
  const now = options.now ?? Date.now;
  const window = reviewWindow(
    options.until ? Date.parse(`${options.until}T00:00:00Z`) : now(),
    options.windowDays,
  );
  const quota =
    options.dailyQuota !== undefined ? options.dailyQuota : (DAILY_BACKTEST_QUOTA[options.plan] ?? null);
  const { run } = temporary;
  const planned = await planJobs(targets, options, window, quota);
  const jobsCreated = await queueJobs(planned, temporary, options, window);
  const waiting = planned.filter((p) => p.result.status === "measured");
  // The live records need no job: they are read while the jobs run.
  const liveReads = settled(addLiveRecords(planned, run, options));
  const waited = await settled(waitAndMeasure(waiting, run, options));
  const failure = waited ?? (await liveReads);
  if (failure) {
    await liveReads;
    throw failure.error;
  }
  const effective = waiting.find((p) => p.proposedJob)?.proposedJob;
  return {
    from: effective?.from ?? window.from,
    to: effective?.to ?? window.to,
    threshold: options.threshold,
    strategies: planned.map((p) => (p.live ? { ...p.result, live: p.live } : p.result)),
    temporaryStrategies: temporary.report(),
    jobsCreated,
    dailyQuota: quota,
  };
}

type Window = { from: string; to: string };

/** The promise's failure as a value, so it can wait beside other work without going unhandled. */
const settled = (p: Promise<unknown>): Promise<{ error: unknown } | undefined> =>
  p.then(
    () => undefined,
    (error: unknown) => ({ error }),
  );

const GONE = "the current version no longer exists in the account";

/** The live record of every existing strategy, measured or not: one read each, after the jobs. */
async function addLiveRecords(
  planned: Planned[],
  run: ReviewRun,
  options: BacktestRunOptions,
): Promise<void> {
  for (const p of planned) {
    if (!p.target.currentId || p.result.reason === GONE) continue;
    run.throwIfStopped();
    p.live = await readLiveRecord(options.client, p.target.currentId, options.windowDays);
  }
}

/** Which targets the quota covers (today's jobs count against it), and which current job each may reuse. */
async function planJobs(
  targets: BacktestTarget[],
  options: BacktestRunOptions,
  window: Window,
  quota: number | null,
): Promise<Planned[]> {
  const { client } = options;
  const dayStart = Math.floor((options.now ?? Date.now)() / DAY_MS) * DAY_MS;
  // Today's jobs: the quota already used, and completed jobs that may be reused.
  const today: BacktestJob[] = [];
  for await (const job of client.backtests.iterate()) {
    if (job.createdAt && Date.parse(job.createdAt) < dayStart) break;
    today.push(job);
  }
  let left = quota === null ? Number.POSITIVE_INFINITY : Math.max(0, quota - today.length);
  const currentVersions = new Map<string, Strategy>();
  if (targets.some((t) => t.currentId)) {
    const { strategies } = await client.strategies.list();
    for (const s of strategies) currentVersions.set(s.id, s);
  }
  const planned: Planned[] = [];
  for (const target of targets) {
    if (target.unsendable) {
      planned.push({ target, result: emptyResult(target, "unmeasured", target.unsendable) });
      continue;
    }
    const current = target.currentId ? currentVersions.get(target.currentId) : undefined;
    if (target.currentId && !current) {
      planned.push({
        target,
        result: emptyResult(target, "unmeasured", GONE),
      });
      continue;
    }
    const reuse = current ? reusableJob(today, current, window, options.threshold) : undefined;
    const needed = 1 + (current && !reuse ? 1 : 0);
    if (needed > left) {
      const reason = `the daily backtest quota does not cover it: ${options.plan} allows ${quota} jobs per UTC day, ${left} ${left === 1 ? "was" : "were"} left for it and it needs ${needed}`;
      planned.push({ target, result: emptyResult(target, "unmeasured", reason) });
      continue;
    }
    left -= needed;
    planned.push({ target, result: emptyResult(target, "measured"), ...(reuse ? { reuse } : {}) });
  }
  return planned;
}

/** Queues the jobs: the proposed version first (its clamped window is the one the current one must share). */
async function queueJobs(
  planned: Planned[],
  temporary: TemporaryStrategies,
  options: BacktestRunOptions,
  window: Window,
): Promise<number> {
  const { client } = options;
  let jobsCreated = 0;
  const quotaReason = (err: unknown) =>
    `the daily backtest quota ran out while the review queued its jobs (${(err as Error).message.split(". ")[0]})`;
  const { run } = temporary;
  const progress = progressOf(options);
  const queueJob = (strategyId: string) => {
    // Checked before each job: a stopped review spends none of the day's backtests.
    run.throwIfStopped();
    return client.backtests.create(jobBody(strategyId, window, options.threshold));
  };
  const toQueue = planned.filter((x) => x.result.status === "measured");
  for (const [index, p] of toQueue.entries()) {
    if (run.pastDeadline) {
      p.result = emptyResult(p.target, "unmeasured", timeLimitReason("before its jobs were queued"));
      continue;
    }
    try {
      const line = `backtests: creating temporary strategy ${index + 1} of ${toQueue.length}`;
      if (index === 0) progress.step(line);
      else progress.update(line);
      const temp = await temporary.create(p.target);
      p.proposedJob = await queueJob(temp.id);
      jobsCreated++;
      if (!p.target.currentId) continue;
      if (p.reuse && p.reuse.from === p.proposedJob.from && p.reuse.to === p.proposedJob.to) {
        p.currentJob = p.reuse;
        p.result.reusedCurrentJob = true;
      } else {
        p.currentJob = await queueJob(p.target.currentId);
        jobsCreated++;
      }
    } catch (err) {
      // A stop ends the run (its cleanup follows); any other failure is this strategy's alone.
      run.throwIfStopped();
      p.result = emptyResult(
        p.target,
        err instanceof ForbiddenError ? "unmeasured" : "failed",
        err instanceof ForbiddenError ? quotaReason(err) : describe(err),
      );
    }
  }
  return jobsCreated;
}

/**
 * Waits for every queued job, reading a strategy's results the moment both its jobs are done
 * (a few strategies at once) while the others still run; jobs still open at the timeout or the
 * run's time limit leave their strategy unmeasured.
 */
async function waitAndMeasure(
  waiting: Planned[],
  run: ReviewRun,
  options: BacktestRunOptions,
): Promise<void> {
  const now = options.now ?? Date.now;
  const progress = progressOf(options);
  const jobsOf = (p: Planned) => [p.proposedJob, p.currentJob].filter((j): j is BacktestJob => Boolean(j));
  const all = waiting.flatMap(jobsOf);
  const started = now();
  const measuring = new Concurrency(MEASURE_CONCURRENCY);
  const tasks: Promise<void>[] = [];
  let measured = 0;
  const say = (jobs: readonly BacktestJob[], step = false) => {
    const open = jobs.filter((j) => !isDone(j));
    const line =
      `backtests: ${jobs.length - open.length} of ${jobs.length} jobs done` +
      (open.length > 0
        ? ` (${open.filter((j) => j.status === "RUNNING").length} running, ${open.filter((j) => j.status === "QUEUED").length} queued)`
        : "") +
      (measured > 0 ? `; results read for ${measured} of ${waiting.length} strategies` : "");
    if (step) progress.step(line);
    else progress.update(line);
  };
  say(all, true);
  const onDone = (job: BacktestJob) => {
    const p = waiting.find((x) => jobsOf(x).some((j) => j.id === job.id));
    if (!p) return;
    if (p.proposedJob?.id === job.id) p.proposedJob = job;
    if (p.currentJob?.id === job.id) p.currentJob = job;
    if (!jobsOf(p).every(isDone)) return;
    tasks.push(
      measuring.run(async () => {
        await measureOne(p, run, options);
        measured += 1;
      }),
    );
  };
  const outcome = await watchJobs(
    all,
    {
      client: options.client,
      schedule: new PollSchedule({
        maxMs: options.pollIntervalMs ?? 5_000,
        requestsPerMinute: () => options.client.rateLimiter.requestsPerMinute,
        now,
      }),
      sleep: options.sleep ?? ((ms: number) => run.sleep(ms)),
      now,
      timeoutMs: options.timeoutMs ?? 30 * 60_000,
      pastDeadline: () => run.pastDeadline,
      throwIfStopped: () => run.throwIfStopped(),
      onPoll: (jobs) => say(jobs),
    },
    onDone,
  );
  const results = await Promise.allSettled(tasks);
  const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
  if (failed) throw failed.reason;
  if (outcome.reason) {
    const reason =
      outcome.reason === "deadline"
        ? timeLimitReason("before its jobs completed")
        : `its jobs did not complete within ${Math.round((options.timeoutMs ?? 30 * 60_000) / 60_000)} minutes`;
    const open = new Set(outcome.open.map((j) => j.id));
    for (const p of waiting) {
      if (jobsOf(p).some((j) => open.has(j.id))) p.result = emptyResult(p.target, "unmeasured", reason);
    }
  }
  progress.step(
    `backtests: ${all.length - outcome.open.length} of ${all.length} jobs done in ${((now() - started) / 1000).toFixed(1)} s; results read for ${measured} of ${waiting.length} strategies`,
  );
}

/** Reads one strategy's results once its jobs are done; a failure is that strategy's alone (a stop ends the run). */
async function measureOne(p: Planned, run: ReviewRun, options: BacktestRunOptions): Promise<void> {
  run.throwIfStopped();
  if (run.pastDeadline) {
    p.result = emptyResult(p.target, "unmeasured", timeLimitReason("before its results were read"));
    return;
  }
  try {
    p.result = await measure(options.client, p);
  } catch (err) {
    run.throwIfStopped();
    p.result = emptyResult(p.target, "failed", describe(err));
  }
}

/** Runs at most `limit` tasks at a time, in the order they are given. */
class Concurrency {
  #active = 0;
  readonly #queue: (() => void)[] = [];
  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#active >= this.limit) await new Promise<void>((resolve) => this.#queue.push(resolve));
    this.#active += 1;
    try {
      return await task();
    } finally {
      this.#active -= 1;
      this.#queue.shift()?.();
    }
  }
}

/** Why a strategy was not measured when the run's time limit (`review-run.ts`) ran out. */
function timeLimitReason(when: string): string {
  return `the review's time limit (${REVIEW_TIME_LIMIT_MS / 60_000} minutes from its start, after which other reviews may delete its temporary strategies) ran out ${when}`;
}

function jobBody(strategyId: string, window: { from: string; to: string }, threshold: number) {
  return { strategyId, from: window.from, to: window.to, labelDefinition: { threshold }, options: {} };
}

/** A completed job of today for this very version (created after its last update), same window and label. */
function reusableJob(
  today: BacktestJob[],
  current: Strategy,
  window: { from: string; to: string },
  threshold: number,
): BacktestJob | undefined {
  const updated = Date.parse(current.updatedAt ?? current.createdAt ?? "");
  return today.find(
    (j) =>
      j.strategyId === current.id &&
      j.status === "COMPLETED" &&
      j.labelDefinition.threshold === threshold &&
      Object.keys(j.options ?? {}).length === 0 &&
      Date.parse(j.from) >= Date.parse(window.from) &&
      Date.parse(j.to) <= Date.parse(window.to) &&
      (Number.isNaN(updated) || Date.parse(j.createdAt ?? "") >= updated),
  );
}

async function measure(client: ApiClient, p: Planned): Promise<StrategyBacktest> {
  const jobs = [p.proposedJob, p.currentJob].filter((j): j is BacktestJob => Boolean(j));
  const failed = jobs.find((j) => j.status === "FAILED");
  if (failed)
    return emptyResult(p.target, "failed", `a backtest job failed: ${failed.error ?? "no reason given"}`);
  // GET /backtests/:id does not carry metrics (service-api.md#backtest-jobs: list responses do): the
  // jobs are the list's entries, as the polls and today's jobs read them.
  const after = metricsOf(p.proposedJob!);
  const before = p.currentJob ? metricsOf(p.currentJob) : undefined;
  if (!after || (p.currentJob && !before))
    return emptyResult(p.target, "failed", "the job's metrics were not found in GET /backtests");
  const threshold = p.proposedJob!.labelDefinition.threshold;
  const afterRows = await matchedRows(client, p.proposedJob!.id);
  const beforeRows = p.currentJob
    ? await matchedRows(client, p.currentJob.id)
    : new Map<string, MatchedRow>();
  const impact = (t: MatchedRow): TokenImpact => ({
    tokenAddress: t.tokenAddress,
    currentMultiple: t.currentMultiple,
    winner: (t.currentMultiple ?? 0) >= threshold,
  });
  const newlyMatched = [...afterRows.values()].filter((t) => !beforeRows.has(t.tokenAddress)).map(impact);
  const newlyMissed = [...beforeRows.values()].filter((t) => !afterRows.has(t.tokenAddress)).map(impact);
  return {
    strategy: p.target.name,
    status: "measured",
    ...(before ? { before } : {}),
    after,
    newlyMatched: top(newlyMatched),
    newlyMissed: top(newlyMissed),
    newlyMatchedTotal: p.currentJob ? newlyMatched.length : 0,
    newlyMissedTotal: newlyMissed.length,
    ...(p.result.reusedCurrentJob ? { reusedCurrentJob: true } : {}),
    // The rows already read for the token lists: the charts cost no request.
    series: backtestSeries(p.proposedJob!, p.currentJob ? [...beforeRows.values()] : undefined, [
      ...afterRows.values(),
    ]),
  };
}

function metricsOf(job: BacktestJob): Metrics | undefined {
  if (!job.metrics) return undefined;
  const { tested, positives, precision, recall, f1 } = job.metrics;
  return { tested, positives, precision, recall, f1 };
}

async function matchedRows(client: ApiClient, jobId: string): Promise<Map<string, MatchedRow>> {
  const rows = new Map<string, MatchedRow>();
  for await (const row of client.backtests.iterateResults(jobId, { matched: true, pageSize: 200 })) {
    rows.set(row.tokenAddress, {
      tokenAddress: row.tokenAddress,
      evaluationTimestamp: row.evaluationTimestamp,
      currentMultiple: row.currentMultiple ?? null,
    });
  }
  return rows;
}

function top(tokens: TokenImpact[]): TokenImpact[] {
  return [...tokens]
    .sort(
      (a, b) =>
        (b.currentMultiple ?? -1) - (a.currentMultiple ?? -1) || (a.tokenAddress < b.tokenAddress ? -1 : 1),
    )
    .slice(0, TOP_TOKENS);
}

function describe(err: unknown): string {
  if (err instanceof ApiError) return err.message.split(". ")[0] ?? err.message;
  return err instanceof Error ? err.message : String(err);
}
