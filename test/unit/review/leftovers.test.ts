import { describe, expect, it } from "vitest";
import type { ApiClient } from "../../../provider/api/client";
import { NotFoundError } from "../../../provider/api/errors";
import { temporaryStrategyName } from "../../../provider/model/temporary-strategies";
import { leftoversOf, sweepLeftovers, sweepVerdict } from "../../../provider/review/leftovers";
import { CREATED_SWEEP_AFTER_MS, SWEEP_AFTER_MS } from "../../../provider/review/review-run";
import { provenDescription } from "../../../provider/review/temporary-proof";

const started = Date.parse("2030-01-10T12:00:00.000Z");
const MINUTE = 60_000;
/** A review's temporary name of a run that started `ago` ms before this one. */
const dated = (runId: string, name: string, ago: number) =>
  temporaryStrategyName("review", runId, name, started - ago);
/** A name of the earlier format, without the run's start. */
const undated = (runId: string, name: string) => `[review-tmp ${runId}] ${name}`;
const iso = (ago: number) => new Date(started - ago).toISOString();
/** A strategy as the list answers it; a review's temporary copy carries the proof a review writes. */
const strategy = (id: string, name: string, createdAt: string, isActive = false, proven = true) => ({
  id,
  name,
  isActive,
  createdAt,
  description: proven ? provenDescription("Temporary copy.", id, name) : "Temporary copy.",
});

const list = [
  strategy("ended-run", dated("aaaaaa", "Safety first", SWEEP_AFTER_MS + MINUTE), iso(SWEEP_AFTER_MS)),
  strategy("own-run", dated("bbbbbb", "Safety first", 0), iso(0)),
  // Another review that started 2.5 s ago, or 50 minutes ago, may still be using its copies.
  strategy("running", dated("cccccc", "Momentum", 2_500), iso(2_000)),
  strategy("maybe-running", dated("c0c0c0", "Momentum", SWEEP_AFTER_MS - MINUTE), iso(SWEEP_AFTER_MS)),
  // A clock ahead of ours: judged by the service's createdAt, swept once that is a day old.
  strategy("future", dated("c1c1c1", "Momentum", -10 * MINUTE), iso(0)),
  strategy(
    "future-old",
    dated("c2c2c2", "Momentum", -30 * 24 * 60 * MINUTE),
    iso(CREATED_SWEEP_AFTER_MS + MINUTE),
  ),
  // A user's own strategy named like an ended run's temporary: no proof, never deleted.
  strategy(
    "forged",
    "[review-tmp 0a0a0a 20260101T000000Z] My real strategy",
    iso(2 * CREATED_SWEEP_AFTER_MS),
    false,
    false,
  ),
  strategy("doctor", temporaryStrategyName("doctor", "dddddd", "probe"), iso(2 * CREATED_SWEEP_AFTER_MS)),
  strategy("turned-on", dated("eeeeee", "Kept", 2 * SWEEP_AFTER_MS), iso(2 * SWEEP_AFTER_MS), true),
  strategy("undated-old", undated("f0f0f0", "Old"), iso(CREATED_SWEEP_AFTER_MS + MINUTE)),
  strategy("undated-recent", undated("f1f1f1", "Old"), iso(CREATED_SWEEP_AFTER_MS - MINUTE)),
  strategy("user", "Review tmp notes", iso(2 * CREATED_SWEEP_AFTER_MS)),
  strategy("look-alike", "[review-tmp] not a run", iso(2 * CREATED_SWEEP_AFTER_MS)),
];

describe("leftovers of interrupted reviews", () => {
  it("are inactive review copies of runs that started longer ago than the time limit plus its margin", () => {
    expect(leftoversOf(list, { runId: "bbbbbb", startedAt: started }).map((s) => s.id)).toEqual([
      "ended-run",
      "future-old",
      "undated-old",
    ]);
  });

  it("leave the copies of reviews that may still be running to them", () => {
    const verdicts = Object.fromEntries(
      list.map((s) => [s.id, sweepVerdict(s, { runId: "bbbbbb", startedAt: started })]),
    );
    expect(verdicts).toEqual({
      "ended-run": "leftover",
      "own-run": "not-a-leftover",
      running: "maybe-running",
      "maybe-running": "maybe-running",
      future: "maybe-running",
      "future-old": "leftover",
      forged: "unproven",
      doctor: "not-a-leftover",
      "turned-on": "not-a-leftover",
      "undated-old": "leftover",
      "undated-recent": "maybe-running",
      user: "not-a-leftover",
      "look-alike": "not-a-leftover",
    });
  });

  it("are deleted, and one that cannot be is reported as kept", async () => {
    const deleted: string[] = [];
    const old = SWEEP_AFTER_MS + MINUTE;
    const client = {
      strategies: {
        list: async () => ({
          strategies: [
            ...list,
            strategy("gone", dated("ffffff", "x", old), iso(old)),
            strategy("stuck", dated("999999", "y", old), iso(old)),
          ],
        }),
        delete: async (id: string) => {
          // Deleted meanwhile by someone else: gone is what the sweep wanted.
          if (id === "gone") throw Object.create(NotFoundError.prototype);
          if (id === "ended-run" || id === "future-old" || id === "undated-old") {
            deleted.push(id);
            return { success: true };
          }
          throw new Error("503");
        },
      },
    } as unknown as ApiClient;
    const { swept, leftAlone, unproven } = await sweepLeftovers(client, {
      runId: "bbbbbb",
      startedAt: started,
    });
    expect(deleted).toEqual(["ended-run", "future-old", "undated-old"]);
    expect(swept).toEqual([
      { name: dated("aaaaaa", "Safety first", SWEEP_AFTER_MS + MINUTE), deleted: true },
      { name: dated("c2c2c2", "Momentum", -30 * 24 * 60 * MINUTE), deleted: true },
      { name: "[review-tmp f0f0f0] Old", deleted: true },
      { name: dated("ffffff", "x", old), deleted: true },
      { name: dated("999999", "y", old), deleted: false },
    ]);
    expect(leftAlone).toHaveLength(4);
    expect(unproven).toEqual(["[review-tmp 0a0a0a 20260101T000000Z] My real strategy"]);
  });
});

describe("what the sweep can prove is a review's", () => {
  const ended = SWEEP_AFTER_MS + MINUTE;
  const options = { runId: "bbbbbb", startedAt: started };

  it("is never a user's strategy named like an ended run's temporary, however old", () => {
    const name = "[review-tmp 0a0a0a 20260101T000000Z] My real strategy";
    const user = { id: "u1", name, isActive: false, createdAt: iso(365 * CREATED_SWEEP_AFTER_MS) };
    expect(sweepVerdict(user, options)).toBe("unproven");
    expect(sweepVerdict({ ...user, description: null }, options)).toBe("unproven");
    // A proof written for that name by hand, without the digest, or copied from another strategy.
    expect(
      sweepVerdict({ ...user, description: "review-proof 0123456789abcdef0123456789abcdef" }, options),
    ).toBe("unproven");
    const genuine = strategy("t1", dated("aaaaaa", "Momentum", ended), iso(ended));
    expect(sweepVerdict(genuine, options)).toBe("leftover");
    expect(sweepVerdict({ ...user, description: genuine.description }, options)).toBe("unproven");
    // The same name and description on another strategy (a copy made in the app).
    expect(sweepVerdict({ ...genuine, id: "t2" }, options)).toBe("unproven");
  });

  it("is no longer a temporary someone renamed", () => {
    const genuine = strategy("t1", dated("aaaaaa", "Momentum", ended), iso(ended));
    expect(sweepVerdict({ ...genuine, name: `${genuine.name} (mine now)` }, options)).toBe("unproven");
  });

  it("includes a genuine leftover dated in the future, once the service created it a day ago", () => {
    // Its machine's clock was a day, or a year, ahead of ours.
    for (const ahead of [24 * 60 * MINUTE, 365 * 24 * 60 * MINUTE]) {
      const name = dated("a1a1a1", "Momentum", -ahead);
      expect(sweepVerdict(strategy("f1", name, iso(CREATED_SWEEP_AFTER_MS + MINUTE)), options)).toBe(
        "leftover",
      );
      // Made within the last day by the service's clock: its review may be running still.
      expect(sweepVerdict(strategy("f2", name, iso(CREATED_SWEEP_AFTER_MS - MINUTE)), options)).toBe(
        "maybe-running",
      );
    }
  });
});
