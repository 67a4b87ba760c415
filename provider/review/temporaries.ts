/**
 * The temporary strategies of one review run: inactive copies of proposed versions, created
 * for backtests and deleted in `cleanup`, named with the run's id and start time so that
 * another review can tell whether this one may still be using them (`leftovers.ts`), and
 * proven its own by a digest of the id the service gave each (`temporary-proof.ts`).
 */
import type { ApiClient } from "../api/client";
import { AmbiguousWriteError, NotFoundError } from "../api/errors";
import type { Strategy } from "../model/plain-types";
import { temporaryMark, temporaryStrategyName } from "../model/temporary-strategies";
import type { BacktestTarget } from "./backtest-targets";
import { ReviewInterruptedError } from "./errors";
import { ReviewRun } from "./review-run";
import { provenDescription } from "./temporary-proof";

const TEMPORARY_DESCRIPTION =
  "Temporary inactive copy made by `strategy-alerts review --backtest` to backtest a proposed change; it deletes it.";

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
        description: TEMPORARY_DESCRIPTION,
        isActive: false,
      } as never);
      this.made.set(name, { id: strategy.id, deleted: false });
      await this.prove(strategy.id, strategy.name ?? name);
      return strategy;
    } catch (err) {
      // The create may have been applied without an answer: the cleanup's sweep finds it by name.
      if (!(err instanceof AmbiguousWriteError)) this.made.delete(name);
      throw err;
    }
  }

  /**
   * Writes the proof that the copy is the review's (temporary-proof.ts), so that a later review
   * may sweep it if this one is killed. Without it the copy is still measured and deleted by
   * this run; only a leftover of it would be left alone.
   */
  private async prove(id: string, name: string): Promise<void> {
    try {
      await this.client.strategies.update(id, {
        description: provenDescription(TEMPORARY_DESCRIPTION, id, name),
      });
    } catch {
      // Stopped meanwhile, or refused: this run's own cleanup deletes it by id all the same.
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

  /**
   * The ids of creates that went unanswered, found by their names: this run's id and start,
   * chosen at random a moment ago. Only an inactive strategy that is the one of its name is
   * taken; two of one name (someone copied it) are both left alone, reported as not deleted.
   */
  private async findUnanswered(): Promise<void> {
    try {
      const { strategies } = await this.client.strategies.list();
      for (const [name, entry] of this.made) {
        if (entry.id !== undefined) continue;
        const named = strategies.filter((s) => s.name === name);
        if (named.length === 1 && named[0]!.isActive !== true) entry.id = named[0]!.id;
      }
    } catch {
      // Reported as not deleted.
    }
  }

  report(): { name: string; deleted: boolean }[] {
    return [...this.made.entries()].map(([name, t]) => ({ name, deleted: t.deleted }));
  }
}
