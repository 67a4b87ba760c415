/**
 * Temporary strategies that an earlier review left behind (the process was killed before its
 * cleanup ran), recognised by the review's mark in their name, inactive as every temporary
 * strategy is made. A review deletes them and its report names them, so none stays in the
 * account unnoticed.
 *
 * Several reviews may run on one account at once (one CI job per pull request), so a review
 * sweeps only what cannot belong to a running review: a run's temporary strategies carry its
 * start time, and a run is done with them within its time limit (`review-run.ts`); only runs
 * that started longer ago than that limit plus a margin are swept, by this machine's clock.
 * Names without a start time (made by an earlier version) are swept a day after the service
 * created them.
 */
import type { ApiClient } from "../api/client";
import { NotFoundError } from "../api/errors";
import { parseTemporaryStrategyName } from "../model/temporary-strategies";
import type { SweptTemporary } from "./render";
import { SWEEP_AFTER_MS, UNDATED_SWEEP_AFTER_MS } from "./review-run";

export interface SweepOptions {
  /** This review's run id: its own temporary strategies are never swept here. */
  runId: string;
  /** When this review started (ms, this machine's clock). */
  startedAt: number;
}

interface Listed {
  id: string;
  name: string;
  isActive: boolean;
  createdAt?: string | undefined;
}

/** What a sweep does with one strategy: delete it, leave it to a review that may be running, or ignore it. */
export type SweepVerdict = "leftover" | "maybe-running" | "not-a-leftover";

export function sweepVerdict(s: Listed, options: SweepOptions): SweepVerdict {
  const mark = parseTemporaryStrategyName(s.name);
  if (mark?.tool !== "review" || mark.runId === options.runId) return "not-a-leftover";
  // An active one is no temporary copy any more: someone turned it on, so it is left alone.
  if (s.isActive) return "not-a-leftover";
  if (mark.startedAt !== undefined)
    return options.startedAt - mark.startedAt > SWEEP_AFTER_MS ? "leftover" : "maybe-running";
  const created = Date.parse(s.createdAt ?? "");
  if (!Number.isFinite(created)) return "maybe-running";
  return options.startedAt - created > UNDATED_SWEEP_AFTER_MS ? "leftover" : "maybe-running";
}

/** The strategies of the list that are leftovers of a review run that has ended. */
export function leftoversOf(strategies: readonly Listed[], options: SweepOptions): Listed[] {
  return strategies.filter((s) => sweepVerdict(s, options) === "leftover");
}

export interface SweepResult {
  swept: SweptTemporary[];
  /** Names of other reviews' temporary strategies left alone: those reviews may still be running. */
  leftAlone: string[];
}

/** Deletes every leftover; one that cannot be deleted is reported as such. */
export async function sweepLeftovers(client: ApiClient, options: SweepOptions): Promise<SweepResult> {
  const { strategies } = await client.strategies.list();
  const swept: SweptTemporary[] = [];
  for (const s of leftoversOf(strategies, options)) {
    try {
      await client.strategies.delete(s.id);
      swept.push({ name: s.name, deleted: true });
    } catch (err) {
      swept.push({ name: s.name, deleted: err instanceof NotFoundError });
    }
  }
  const leftAlone = strategies.filter((s) => sweepVerdict(s, options) === "maybe-running").map((s) => s.name);
  return { swept, leftAlone };
}
