/**
 * (k) A review in seconds (issue 44, item 5): `review --backtest --html` of a change to 10
 * strategies against the emulator on this machine, end to end through the review's session (the
 * account reads, the start-up sweep, 10 temporary strategies, 20 jobs waited for with the
 * client's polling, results, live records, charts, the HTML page, the cleanup). The account is on
 * DEGEN (300 requests a minute): a review of 10 changes sends about 90 requests, and PRO's 60 a
 * minute would hold the requests past the 60th until the first leaves its minute (`proFloorS`).
 * Measured in this process; the CLI adds its start-up (bench (f)). Target: ≤ 30 s.
 */
import { type RunningEmulator, startEmulator } from "../emulator/server";
import { createClient } from "../provider/api/client";
import { reviewWithAccount } from "../provider/review/session";
import { controlOk } from "../test/support/emulator";
import { digest, type StepSpec } from "../test/support/preview-fixtures";

const STRATEGIES = 10;
const TARGET_MS = 30_000;
/** PRO's requests per minute: the floor of a review that needs more than a minute's budget. */
const PRO_RATE = 60;

const version = (i: number, min: number) => ({
  name: `Review bench ${i}`,
  triggers: ["new_token_created"],
  rules: [
    { rule: "is_honeypot", dealbreaker: true },
    { rule: "liquidity_usd", dealbreaker: false, min },
    { rule: "holder_count", dealbreaker: false, min: 10 + i },
  ],
});

interface ReviewRunStats {
  wallMs: number;
  requests: number;
  polls: number;
  jobs: number;
  measured: number;
}

/** One review of a fresh account: its 10 strategies' rules change (liquidity min 5,000 → 10,000). */
async function oneReview(em: RunningEmulator): Promise<ReviewRunStats> {
  const user = await controlOk<{ userId: string; apiKey: string }>(em, "POST", "/users", { plan: "DEGEN" });
  const client = createClient({ apiKey: user.apiKey, baseUrl: em.baseUrl });
  try {
    const steps: StepSpec[] = [];
    for (let i = 0; i < STRATEGIES; i++) {
      const current = await client.strategies.create({ ...version(i, 5_000), isActive: false } as never);
      steps.push({
        op: "update",
        kind: "Strategy",
        name: `s${i}`,
        id: current.id,
        old: version(i, 5_000),
        new: version(i, 10_000),
      });
    }
    await controlOk(em, "DELETE", "/requests");
    const started = performance.now();
    const result = await reviewWithAccount(digest(steps), {
      client,
      backtest: { windowDays: 6, threshold: 2 },
      html: true,
    });
    const wallMs = performance.now() - started;
    const journal = (
      await controlOk<{ requests: { userId?: string; method: string; route: string }[] }>(
        em,
        "GET",
        "/requests",
      )
    ).requests.filter((r) => r.userId === user.userId);
    const measured = (result.markdown.match(/ \| \d+ \| \d+ → \d+ \|/g) ?? []).length;
    if (measured !== STRATEGIES || !result.html)
      throw new Error(`the review measured ${measured} of ${STRATEGIES} strategies`);
    return {
      wallMs: Math.round(wallMs),
      requests: journal.length,
      polls: journal.filter((r) => r.method === "GET" && r.route === "/backtests").length,
      jobs: journal.filter((r) => r.method === "POST" && r.route === "/backtests").length,
      measured,
    };
  } finally {
    await client.close();
  }
}

/** Runs the review `rounds` times on one emulator (default history) and reports each and the median. */
export async function reviewBenchmark(log: (line: string) => void, quick: boolean) {
  log(`(k) review --backtest --html of ${STRATEGIES} changed strategies against the emulator …`);
  const em = await startEmulator({ port: 0, host: "127.0.0.1" });
  const runs: ReviewRunStats[] = [];
  try {
    for (let i = 0; i < (quick ? 1 : 3); i++) runs.push(await oneReview(em));
  } finally {
    await em.close();
  }
  const sorted = [...runs].sort((a, b) => a.wallMs - b.wallMs);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  // In a sliding minute of PRO_RATE requests, request n leaves no earlier than minute ⌊(n − 1) / rate⌋.
  const proFloorS = 60 * Math.floor(Math.max(0, median.requests - 1) / PRO_RATE);
  log(
    `review of ${STRATEGIES} strategies: median ${(median.wallMs / 1000).toFixed(1)} s ` +
      `(target ≤ ${TARGET_MS / 1000} s: ${median.wallMs <= TARGET_MS ? "met" : "MISSED"}); ` +
      `${median.requests} requests, ${median.jobs} jobs, ${median.polls} polls; on PRO's ${PRO_RATE}/min the rate alone needs ≥ ${proFloorS} s`,
  );
  return {
    strategies: STRATEGIES,
    plan: "DEGEN",
    targetMs: TARGET_MS,
    medianMs: median.wallMs,
    proFloorS,
    runs,
  };
}
