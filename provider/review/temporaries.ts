/**
 * The temporary strategies of one review run: inactive copies of proposed versions, created
 * for backtests and deleted in `cleanup`, named with the run's id and start time so that
 * another review can tell whether this one may still be using them (`leftovers.ts`).
 */
import type { ApiClient } from "../api/client";
import { AmbiguousWriteError, NotFoundError } from "../api/errors";
import type { Strategy } from "../model/plain-types";
import { temporaryMark, temporaryStrategyName } from "../model/temporary-strategies";
import type { BacktestTarget } from "./backtest-targets";
import { ReviewInterruptedError } from "./errors";
import { ReviewRun } from "./review-run";

/** Marks a temporary strategy made by a review; the run id makes each review's own. */
export const TEMPORARY_MARK = temporaryMark("review");

export class TemporaryStrategies {
  private readonly made = new Map<string, { id?: string; deleted: boolean }>();
  private readonly inflight = new Set<Promise<Strategy>>();
  private closing: Promise<void> | undefined;

  constructor(
    private readonly client: ApiClient,
    readonly run: ReviewRun = new ReviewRun(),
  ) {}

  get runId(): string {
    return this.run.runId;
  }

  /** `[review-tmp 1a2b3c 20300110T120000Z] Safety first`, cut to the name limit. */
  nameFor(name: string): string {
    return temporaryStrategyName("review", this.run.runId, name, this.run.startedAt);
  }

  async create(target: BacktestTarget): Promise<Strategy> {
    this.run.throwIfStopped();
    if (this.closing)
      throw new ReviewInterruptedError("the review is being interrupted: no more temporary strategies");
    const attempt = this.createOnce(target);
    this.inflight.add(attempt);
    try {
      return await attempt;
    } finally {
      this.inflight.delete(attempt);
    }
  }

  private async createOnce(target: BacktestTarget): Promise<Strategy> {
    const name = this.nameFor(target.name);
    this.made.set(name, { deleted: false });
    try {
      const strategy = await this.client.strategies.create({
        ...target.proposed,
        name,
        description:
          "Temporary inactive copy made by `strategy-alerts review --backtest` to backtest a proposed change; it deletes it.",
        isActive: false,
      } as never);
      this.made.set(name, { id: strategy.id, deleted: false });
      return strategy;
    } catch (err) {
      // The create may have been applied without an answer: the cleanup's sweep finds it by name.
      if (!(err instanceof AmbiguousWriteError)) this.made.delete(name);
      throw err;
    }
  }

  /**
   * Deletes every temporary strategy of this run, including any whose create went unanswered.
   * Called by the review's `finally` and by a signal handler, possibly both: one cleanup runs.
   */
  cleanup(): Promise<void> {
    this.closing ??= this.deleteAll();
    return this.closing;
  }

  private async deleteAll(): Promise<void> {
    // A create still in flight (an interrupt arrived mid-request) is waited for, then deleted.
    await Promise.allSettled([...this.inflight]);
    const pending = [...this.made.values()].filter((t) => !t.deleted);
    if (pending.length === 0) return;
    if (pending.some((t) => t.id === undefined)) await this.findUnanswered();
    for (const [name, t] of this.made) {
      if (t.deleted) continue;
      if (t.id === undefined) {
        // Never created (the unanswered create did not apply).
        this.made.set(name, { deleted: true });
        continue;
      }
      try {
        await this.client.strategies.delete(t.id);
        t.deleted = true;
      } catch (err) {
        if (err instanceof NotFoundError) t.deleted = true;
      }
    }
  }

  /** The ids of creates that went unanswered, found by their names. */
  private async findUnanswered(): Promise<void> {
    try {
      const { strategies } = await this.client.strategies.list();
      for (const s of strategies) {
        const entry = this.made.get(s.name);
        if (entry && entry.id === undefined) entry.id = s.id;
      }
    } catch {
      // Reported as not deleted.
    }
  }

  report(): { name: string; deleted: boolean }[] {
    return [...this.made.entries()].map(([name, t]) => ({ name, deleted: t.deleted }));
  }
}
