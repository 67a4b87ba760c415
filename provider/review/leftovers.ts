/**
 * Temporary strategies that an earlier review left behind (the process was killed before its
 * cleanup ran): recognised by the review's mark in their name, from another run than this one
 * and created before this one started, inactive as every temporary strategy is made. A review
 * deletes them and its report names them, so none stays in the account unnoticed.
 */
import type { ApiClient } from "../api/client";
import { NotFoundError } from "../api/errors";
import { parseTemporaryStrategyName } from "../model/temporary-strategies";
import type { SweptTemporary } from "./render";

export interface SweepOptions {
  /** This review's run id: its own temporary strategies are never swept here. */
  runId: string;
  /** When this review started (ms): a leftover was created before it. */
  startedAt: number;
}

interface Listed {
  id: string;
  name: string;
  isActive: boolean;
  createdAt?: string | undefined;
}

/** The strategies of the list that are leftovers of another review run. */
export function leftoversOf(strategies: readonly Listed[], options: SweepOptions): Listed[] {
  return strategies.filter((s) => {
    const mark = parseTemporaryStrategyName(s.name);
    if (mark?.tool !== "review" || mark.runId === options.runId) return false;
    // An active one is no temporary copy any more: someone turned it on, so it is left alone.
    if (s.isActive) return false;
    const created = Date.parse(s.createdAt ?? "");
    return Number.isFinite(created) && created < options.startedAt;
  });
}

/** Deletes every leftover; one that cannot be deleted is reported as such. */
export async function sweepLeftovers(client: ApiClient, options: SweepOptions): Promise<SweptTemporary[]> {
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
  return swept;
}
