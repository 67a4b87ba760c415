import { describe, expect, it } from "vitest";
import type { ApiClient } from "../../../provider/api/client";
import { NotFoundError } from "../../../provider/api/errors";
import { temporaryStrategyName } from "../../../provider/model/temporary-strategies";
import { leftoversOf, sweepLeftovers } from "../../../provider/review/leftovers";

const started = Date.parse("2030-01-10T12:00:00.000Z");
const before = "2030-01-10T11:00:00.000Z";
const after = "2030-01-10T12:00:01.000Z";
const strategy = (id: string, name: string, createdAt: string, isActive = false) => ({
  id,
  name,
  isActive,
  createdAt,
});

const list = [
  strategy("old-run", temporaryStrategyName("review", "aaaaaa", "Safety first"), before),
  strategy("own-run", temporaryStrategyName("review", "bbbbbb", "Safety first"), before),
  strategy("newer", temporaryStrategyName("review", "cccccc", "Momentum"), after),
  strategy("doctor", temporaryStrategyName("doctor", "dddddd", "probe"), before),
  strategy("turned-on", temporaryStrategyName("review", "eeeeee", "Kept"), before, true),
  strategy("user", "Review tmp notes", before),
  strategy("look-alike", "[review-tmp] not a run", before),
];

describe("leftovers of interrupted reviews", () => {
  it("are the inactive strategies with the review's mark, of another run, created before this one started", () => {
    expect(leftoversOf(list, { runId: "bbbbbb", startedAt: started }).map((s) => s.id)).toEqual(["old-run"]);
  });

  it("are deleted, and one that cannot be is reported as kept", async () => {
    const deleted: string[] = [];
    const client = {
      strategies: {
        list: async () => ({
          strategies: [
            ...list,
            strategy("gone", temporaryStrategyName("review", "ffffff", "x"), before),
            strategy("stuck", temporaryStrategyName("review", "999999", "y"), before),
          ],
        }),
        delete: async (id: string) => {
          // Deleted meanwhile by someone else: gone is what the sweep wanted.
          if (id === "gone") throw Object.create(NotFoundError.prototype);
          if (id === "old-run") {
            deleted.push(id);
            return { success: true };
          }
          throw new Error("503");
        },
      },
    } as unknown as ApiClient;
    const swept = await sweepLeftovers(client, { runId: "bbbbbb", startedAt: started });
    expect(deleted).toEqual(["old-run"]);
    expect(swept).toEqual([
      { name: "[review-tmp aaaaaa] Safety first", deleted: true },
      { name: "[review-tmp ffffff] x", deleted: true },
      { name: "[review-tmp 999999] y", deleted: false },
    ]);
  });
});
