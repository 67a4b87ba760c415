/**
 * A whole review session against an emulator in this process: which temporary strategies its
 * start-up sweep deletes (those of runs that have ended) and which it leaves to reviews that may
 * still be running, a second review during the first, and a stop that sends nothing new.
 */
import { describe, expect, it } from "vitest";
import { type ApiClient, createClient } from "../../../provider/api/client";
import { WriteStoppedError } from "../../../provider/api/errors";
import { temporaryStrategyName } from "../../../provider/model/temporary-strategies";
import { ReviewInterruptedError } from "../../../provider/review/errors";
import { CREATED_SWEEP_AFTER_MS, SWEEP_AFTER_MS } from "../../../provider/review/review-run";
import { reviewWithAccount } from "../../../provider/review/session";
import { provenDescription } from "../../../provider/review/temporary-proof";
import { control, controlOk } from "../../support/emulator";
import { fresh, LOCAL_NOW, liquid, NOW, strategyNames, temporaries, useReviewEmulator } from "./fixtures";

const MINUTE = 60_000;
const DAY_MS = 86_400_000;

const { em, account, backtestOptions } = useReviewEmulator();

/** Made as a review makes its temporary copy: created, then proven by the digest of its id. */
async function madeByReview(client: ApiClient, name: string): Promise<void> {
  const made = await client.strategies.create({ ...liquid(1), name, isActive: false } as never);
  await client.strategies.update(made.id, {
    description: provenDescription("Temporary copy.", made.id, name),
  });
}

/** A temporary strategy as a review that started `ago` ms before LOCAL_NOW names it. */
async function leftBy(client: ApiClient, runId: string, ago: number): Promise<string> {
  const name = temporaryStrategyName("review", runId, "Liquid", LOCAL_NOW - ago);
  await madeByReview(client, name);
  return name;
}

/** A proven temporary strategy named `name`, created `ago` ms before NOW by the service's clock. */
async function createdAgo(client: ApiClient, name: string, ago: number): Promise<string> {
  await controlOk(em, "POST", "/clock", { now: new Date(Date.parse(NOW) - ago).toISOString() });
  try {
    await madeByReview(client, name);
  } finally {
    await controlOk(em, "POST", "/clock", { now: NOW });
  }
  return name;
}

/** A temporary strategy of the earlier format (no start time), created `ago` ms before NOW by the service's clock. */
const undatedLeftBy = (client: ApiClient, runId: string, ago: number) =>
  createdAgo(client, `[review-tmp ${runId}] Liquid`, ago);

describe("the review's start-up sweep", () => {
  it("deletes the temporaries of runs that have ended and leaves those of reviews that may be running", async () => {
    const { client, preview } = await account();
    const ended = await leftBy(client, "a0a0a0", SWEEP_AFTER_MS + MINUTE);
    const running = await leftBy(client, "b0b0b0", 2_500);
    const late = await leftBy(client, "b1b1b1", SWEEP_AFTER_MS - MINUTE);
    const undatedOld = await undatedLeftBy(client, "c0c0c0", CREATED_SWEEP_AFTER_MS + MINUTE);
    const undatedRecent = await undatedLeftBy(client, "c1c1c1", CREATED_SWEEP_AFTER_MS - 2 * MINUTE);
    // Made by a machine whose clock was a week ahead: swept once the service made it a day ago.
    const aheadName = (runId: string) =>
      temporaryStrategyName("review", runId, "Liquid", LOCAL_NOW + 7 * DAY_MS);
    const aheadOld = await createdAgo(client, aheadName("d0d0d0"), CREATED_SWEEP_AFTER_MS + MINUTE);
    const aheadRecent = await createdAgo(client, aheadName("d1d1d1"), 30 * MINUTE);
    // A user's own strategy, named like an ended run's temporary in the app: never deleted.
    const forged = "[review-tmp 0a0a0a 20260101T000000Z] My real strategy";
    await client.strategies.create({ ...liquid(1), name: forged, isActive: false } as never);
    const log: string[] = [];

    const result = await reviewWithAccount(preview, {
      client,
      now: () => LOCAL_NOW,
      log: (line) => log.push(line),
      backtest: backtestOptions(),
    });

    expect((await temporaries(client)).sort()).toEqual(
      [late, running, undatedRecent, aheadRecent, forged].sort(),
    );
    expect(result.markdown).toContain(
      "Deleted 3 temporary strategies that an earlier, interrupted review left behind",
    );
    const escaped = (n: string) => n.replace(/[[\]]/g, "\\$&");
    for (const swept of [ended, undatedOld, aheadOld]) expect(result.markdown).toContain(escaped(swept));
    for (const kept of [running, late, undatedRecent, aheadRecent, forged])
      expect(result.markdown).not.toContain(escaped(kept));
    expect(log.join("\n")).toContain("left 4 temporary strategies of other reviews alone");
    expect(log.join("\n")).toContain(
      "left 1 inactive strategy named like a review's temporary strategy alone: nothing proves a review made it",
    );
    expect(result.markdown).not.toContain("not measured");
  });

  it("of a second review during the first leaves the first's temporaries, and both measure everything", async () => {
    const { client, apiKey, preview } = await account();
    let second: Awaited<ReturnType<typeof reviewWithAccount>> | undefined;
    let firstsDuringSecond: string[] = [];
    const first = await reviewWithAccount(preview, {
      client,
      backtest: backtestOptions({
        // The first review's copies exist and its jobs are queued: the second review runs now.
        sleep: async () => {
          if (!second) {
            firstsDuringSecond = await temporaries(client);
            second = await reviewWithAccount(preview, {
              client: createClient({ apiKey, baseUrl: em.baseUrl }),
              backtest: backtestOptions(),
            });
          }
          await controlOk(em, "POST", "/jobs/run", {});
        },
      }),
    });
    expect(firstsDuringSecond).toHaveLength(2);
    for (const report of [first.markdown, second!.markdown]) {
      expect(report).not.toContain("not measured");
      expect(report).not.toContain("left behind");
      expect(report).toMatch(/\| “Liquid” \| \d+ \|/);
      expect(report).toMatch(/\| “Fresh” \(new\) \| \d+ \|/);
    }
    expect(await temporaries(client)).toEqual([]);
  });
});

describe("a stopped review", () => {
  it("sends no create or backtest after the stop, deletes the temporary in flight and says it was stopped", async () => {
    const { client, userId, stop, preview } = await account();
    await controlOk(em, "DELETE", "/requests");
    await controlOk(em, "POST", "/faults", { method: "POST", path: "/strategies", latencyMs: 1_500 });
    try {
      const review = reviewWithAccount(preview, {
        client,
        signal: stop.signal,
        backtest: backtestOptions(),
        log: (line) => {
          // The first temporary create is on its way (held 1.5 s by the fault): stop now.
          if (line.startsWith("backtests: creating temporary strategy 1 of"))
            setTimeout(() => stop.abort("SIGTERM"), 300);
        },
      });
      await expect(review).rejects.toThrow(ReviewInterruptedError);
      await expect(review).rejects.toThrow(/stopped \(SIGTERM\)/);
    } finally {
      await controlOk(em, "DELETE", "/faults");
    }
    const journal = (await control(em, "GET", "/requests")).body.requests.filter(
      (r: { userId: string }) => r.userId === userId,
    );
    const calls = journal.map((r: { method: string; route: string }) => `${r.method} ${r.route}`);
    expect(calls.filter((c: string) => c === "POST /strategies")).toHaveLength(1);
    expect(calls).not.toContain("POST /backtests");
    expect(calls.at(-1)).toBe("DELETE /strategies/:id");
    expect(await temporaries(client)).toEqual([]);
  });

  it("has a client that refuses every new write but still reads and deletes", async () => {
    const { client, stop } = await account();
    const made = await client.strategies.create({ ...fresh, isActive: false } as never);
    stop.abort("SIGINT");
    await expect(
      client.strategies.create({ ...fresh, name: "Later", isActive: false } as never),
    ).rejects.toThrow(WriteStoppedError);
    await expect(client.strategies.update(made.id, { name: "Renamed" } as never)).rejects.toThrow(
      "PATCH /strategies/:id was not sent",
    );
    expect(await strategyNames(client)).toContain("Fresh");
    await client.strategies.delete(made.id);
    expect(await strategyNames(client)).not.toContain("Fresh");
  });
});
