/**
 * The review's backtest run against an emulator in this process: which temporary strategies
 * its start-up sweep deletes (those of runs that have ended) and which it leaves to reviews
 * that may still be running, a second review during the first, and a stop that sends nothing
 * new.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../../emulator/server";
import { createClient } from "../../../provider/api/client";
import { runBacktests } from "../../../provider/review/backtest-run";
import { backtestTargets } from "../../../provider/review/backtest-targets";
import { parsePreview } from "../../../provider/review/preview-json";
import { REVIEW_TIME_LIMIT_MS, ReviewRun } from "../../../provider/review/review-run";
import type { ReviewSessionOptions } from "../../../provider/review/session";
import { TemporaryStrategies } from "../../../provider/review/temporaries";
import { control, controlOk, startTestEmulator } from "../../support/emulator";
import { digest } from "../../support/preview-fixtures";
import { addr, token } from "../../support/tokens";

const DAY = "2026-09-10";
const NOW = `${DAY}T12:30:00.000Z`;
/** This machine's clock in these tests: the emulator's, a minute on. */
const LOCAL_NOW = Date.parse(NOW) + 60_000;

const liquid = (min: number) => ({
  name: "Liquid",
  triggers: ["new_token_created"],
  rules: [
    { rule: "is_honeypot", dealbreaker: true },
    { rule: "liquidity_usd", dealbreaker: false, min },
  ],
});
const fresh = {
  name: "Fresh",
  triggers: ["new_token_created"],
  rules: [{ rule: "rugged", dealbreaker: true }],
};

/** Tokens of the day's first hours, some liquid, some not. */
const TOKENS = [5_000, 8_000, 12_000, 20_000, 40_000].flatMap((liquidityUsd, i) =>
  [1, 2, 3].map((factor, h) =>
    token(addr(`Tok${i}`), {
      liquidityUsd,
      marketCap: 100_000 * factor,
      priceUsd: (100_000 * factor) / 1e9,
      observedAt: `${DAY}T0${h + i}:10:00.000Z`,
    }),
  ),
);

let em: RunningEmulator;

beforeAll(async () => {
  em = await startTestEmulator({ history: false });
  await controlOk(em, "POST", "/clock", { now: NOW });
  await controlOk(em, "POST", "/tokens", { tokens: TOKENS });
});
afterAll(() => em.close());

async function account() {
  const user = await controlOk<{ userId: string; apiKey: string }>(em, "POST", "/users", {
    plan: "PRO",
    limits: { requestsPerMinute: 10_000 },
  });
  const stop = new AbortController();
  const client = createClient({ apiKey: user.apiKey, baseUrl: em.baseUrl, stopWrites: stop.signal });
  const current = await client.strategies.create({ ...liquid(5_000), isActive: false } as never);
  const preview = digest([
    {
      op: "update",
      kind: "Strategy",
      name: "liquid",
      id: current.id,
      old: liquid(5_000),
      new: liquid(15_000),
    },
    { op: "create", kind: "Strategy", name: "fresh", new: fresh },
  ]);
  return { ...user, client, stop, preview };
}

function backtestOptions(extra: Partial<NonNullable<ReviewSessionOptions["backtest"]>> = {}) {
  return {
    windowDays: 2,
    until: "2026-09-11",
    threshold: 2,
    pollIntervalMs: 1,
    sleep: async () => {
      await controlOk(em, "POST", "/jobs/run", {});
    },
    ...extra,
  };
}

describe("the review's time limit", () => {
  it("makes no temporary strategy and queues no job once it has run out, and says why", async () => {
    const { client, userId, preview } = await account();
    // The run starts, then its clock is past the limit by the time it would queue.
    let clock = LOCAL_NOW;
    const run = new ReviewRun({ clock: () => clock });
    clock += REVIEW_TIME_LIMIT_MS;
    await controlOk(em, "DELETE", "/requests");
    const report = await runBacktests(
      backtestTargets(parsePreview(preview).steps),
      new TemporaryStrategies(client, run),
      {
        client,
        plan: "PRO",
        ...backtestOptions(),
      },
    );
    expect(report.strategies.map((s) => s.status)).toEqual(["unmeasured", "unmeasured"]);
    expect(report.strategies[0]?.reason).toMatch(
      /time limit \(45 minutes from its start.*ran out before its jobs were queued/,
    );
    const calls = (await control(em, "GET", "/requests")).body.requests
      .filter((r: { userId: string }) => r.userId === userId)
      .map((r: { method: string }) => r.method);
    expect(calls.filter((m: string) => m !== "GET")).toEqual([]);
    expect(report.temporaryStrategies).toEqual([]);
  });
});
