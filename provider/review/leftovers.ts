/**
 * Temporary strategies that an earlier review left behind (the process was killed before its
 * cleanup ran). A review deletes them and its report names them, so none stays in the account
 * unnoticed; but it deletes only what it can prove is a review's copy. A name proves nothing
 * (anyone can call a strategy `[review-tmp 0a0a0a 20260101T000000Z] …`), so a leftover must
 * also carry, in its description, the digest of its own server-assigned id and name that the
 * review that made it wrote there (temporary-proof.ts). One that looks like a temporary but
 * carries no valid proof is never deleted; standard error names how many there are.
 *
 * Several reviews may run on one account at once (one CI job per pull request), so a review
 * sweeps only what cannot belong to a running review: a run's temporary strategies carry its
 * start time, and a run is done with them within its time limit (`review-run.ts`); only runs
 * that started longer ago than that limit plus a margin are swept, by this machine's clock. A
 * start this machine's clock cannot judge (dated in the future: the other machine's clock was
 * ahead) or a name without one is judged by the service's `createdAt` instead, which the maker
 * cannot choose: swept once it is a day older than this review's start.
 */
import type { ApiClient } from "../api/client";
import { NotFoundError } from "../api/errors";
import { parseTemporaryStrategyName } from "../model/temporary-strategies";
import type { SweptTemporary } from "./render";
import { CREATED_SWEEP_AFTER_MS, SWEEP_AFTER_MS } from "./review-run";
import { hasTemporaryProof } from "./temporary-proof";

export interface SweepOptions {
  /** This review's run id: its own temporary strategies are never swept here. */
  runId: string;
  /** When this review started (ms, this machine's clock). */
  startedAt: number;
}

interface Listed {
  id: string;
  name: string;
  description?: string | null | undefined;
  isActive: boolean;
  createdAt?: string | undefined;
}

/**
 * What a sweep does with one strategy: delete it, leave it to a review that may be running,
 * leave it because nothing proves it a review's (`unproven`), or ignore it.
 */
export type SweepVerdict = "leftover" | "maybe-running" | "unproven" | "not-a-leftover";

export function sweepVerdict(s: Listed, options: SweepOptions): SweepVerdict {
  const mark = parseTemporaryStrategyName(s.name);
  if (mark?.tool !== "review" || mark.runId === options.runId) return "not-a-leftover";
  // An active one is no temporary copy any more: someone turned it on, so it is left alone.
  if (s.isActive) return "not-a-leftover";
  if (!hasTemporaryProof(s)) return "unproven";
  if (mark.startedAt !== undefined && mark.startedAt <= options.startedAt)
    return options.startedAt - mark.startedAt > SWEEP_AFTER_MS ? "leftover" : "maybe-running";
  // Dated after this review's start, or not dated: this clock cannot judge it, the service's can.
  const created = Date.parse(s.createdAt ?? "");
  if (Number.isFinite(created) && options.startedAt - created > CREATED_SWEEP_AFTER_MS) return "leftover";
  return "maybe-running";
}

/** The strategies of the list that are leftovers of a review run that has ended. */
export function leftoversOf(strategies: readonly Listed[], options: SweepOptions): Listed[] {
  return strategies.filter((s) => sweepVerdict(s, options) === "leftover");
}

export interface SweepResult {
  swept: SweptTemporary[];
  /** Names of other reviews' temporary strategies left alone: those reviews may still be running. */
  leftAlone: string[];
  /** Names that look like a review's temporary strategy without the proof: never deleted. */
  unproven: string[];
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
  const named = (verdict: SweepVerdict) =>
    strategies.filter((s) => sweepVerdict(s, options) === verdict).map((s) => s.name);
  return { swept, leftAlone: named("maybe-running"), unproven: named("unproven") };
}
