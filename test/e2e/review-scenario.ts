/**
 * The review's scenario, shared by its e2e test and `npm run sample-report`: a seeded token
 * history for backtests and the metrics it must give, computed here from the table alone (not
 * through the emulator's replay): every field a rule reads is constant over a token's hours, so
 * a strategy matches at the first hour or never, and the token's multiple is its highest market
 * cap divided by its first. Then a portfolio applied and the change reviewed.
 */
import { join } from "node:path";
import type { ApiClient } from "../../provider/api/client";
import { runProcess } from "../support/process";
import { stackConfig, TestEmulator } from "./emulator-fixture";
import { BUILT_CLI, PulumiProject, REPO_ROOT } from "./harness";

/** The emulator's clock during the scenario, and the review window (6 days before the 10th). */
const SCENARIO_NOW = "2030-01-10T12:00:00.000Z";
export const SCENARIO_UNTIL = "2030-01-10";
const FIRST_HOUR = Date.parse("2030-01-05T00:00:00.000Z");
export const THRESHOLD = 2;

export interface SeededToken {
  address: string;
  liquidityUsd: number;
  /** Market cap at the first hour; later hours multiply it by `shape`. */
  marketCap: number;
  shape: number[];
}

const t = (n: number, liquidityUsd: number, marketCap: number, shape: number[]): SeededToken => ({
  address: `Rev${String(n).padStart(2, "0")}${"x".repeat(36)}pump`,
  liquidityUsd,
  marketCap,
  shape,
});

export const TOKENS: SeededToken[] = [
  t(1, 20_000, 40_000, [1, 1.5, 3, 2.2]), // deep liquidity, winner
  t(2, 15_000, 30_000, [1, 1.1, 1.2, 0.9]),
  t(3, 7_000, 25_000, [1, 1.8, 2.5, 1.4]), // thin liquidity, winner
  t(4, 7_500, 50_000, [1, 1.05, 1.1, 0.7]),
  t(5, 6_000, 45_000, [1, 0.9, 0.8, 0.5]),
  t(6, 3_000, 20_000, [1, 2, 4, 3]), // too thin for either version, winner
  t(7, 12_000, 35_000, [1, 1.7, 2.2, 2]), // winner
  t(8, 8_000, 55_000, [1, 1.3, 1.5, 1.2]),
  t(9, 9_000, 28_000, [1, 1.2, 2.1, 1.9]), // thin liquidity, winner
  t(10, 30_000, 90_000, [1, 0.8, 0.6, 0.4]),
  t(11, 4_000, 22_000, [1, 1, 1.1, 1]),
  t(12, 9_500, 70_000, [1, 1.2, 1.3, 1.1]),
];

const multipleOf = (token: SeededToken) => Math.max(...token.shape) / token.shape[0]!;

/** Metrics of "liquidity_usd greater than min" (and not a honeypot, which none is) over TOKENS. */
export function expectedMetrics(minLiquidity: number) {
  const matched = TOKENS.filter((x) => x.liquidityUsd > minLiquidity);
  const winners = TOKENS.filter((x) => multipleOf(x) >= THRESHOLD);
  const hits = matched.filter((x) => multipleOf(x) >= THRESHOLD).length;
  const precision = matched.length === 0 ? 0 : hits / matched.length;
  const recall = winners.length === 0 ? 0 : hits / winners.length;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return {
    tested: TOKENS.length,
    positives: matched.length,
    precision,
    recall,
    f1,
    matched: matched.map((x) => x.address),
  };
}

/** One observation per token and hour, the first token's first hour starting at `firstHour`. */
export function scenarioObservations(firstHour: number) {
  return TOKENS.flatMap((token, i) =>
    token.shape.map((factor, h) => ({
      address: token.address,
      name: `Review token ${i + 1}`,
      symbol: `RV${i + 1}`,
      observedAt: new Date(firstHour + (i + h) * 3_600_000 + 30 * 60_000).toISOString(),
      isHoneypot: false,
      rugged: false,
      liquidityUsd: token.liquidityUsd,
      marketCap: token.marketCap * factor,
      priceUsd: (token.marketCap * factor) / 1e9,
      holderCount: 150,
    })),
  );
}

/** The two strategies the review tests create through the API: one with a threshold to move. */
export const safetyBody = (min: number) => ({
  name: "Safety first",
  triggers: ["new_token_created"],
  rules: [
    { rule: "is_honeypot", dealbreaker: true },
    { rule: "liquidity_usd", dealbreaker: false, min },
  ],
});
export const freshBody = {
  name: "Fresh",
  triggers: ["new_token_created"],
  rules: [{ rule: "rugged", dealbreaker: true }],
};

/** Pins the clock and upserts one observation per token and hour. */
export async function seedScenario(emulator: TestEmulator): Promise<void> {
  await emulator.control("POST", "/clock", { now: SCENARIO_NOW });
  await emulator.control("POST", "/tokens", { tokens: scenarioObservations(FIRST_HOUR) });
}

export const WEBHOOK_SECRET_QUERY = "s3cr3t-query-token";

/** Where the sample review report lives; `npm run sample-report` rewrites it. */
export const SAMPLE_REPORT = join(REPO_ROOT, "examples/github-actions/sample-report.md");

/** v1: applied; v2: the reviewed change; 3: only a threshold of the active strategy changes. */
export function reviewProgram(v: 1 | 2 | 3): string {
  return `
import * as sa from "pulumi-strategy-alerts";

const safety = new sa.Strategy("safety-first", {
  name: "Safety first",
  description: "New launches with real liquidity and no honeypot.",
  triggers: ["new_token_created"],
  rules: [
    { rule: "is_honeypot", dealbreaker: true, enabled: true },
    { rule: "liquidity_usd", dealbreaker: false, min: ${v === 1 ? "5_000" : v === 2 ? "10_000" : "7_500"} },
  ],
  alertCooldownMins: 30,
});

const momentum = new sa.Strategy("momentum", {
  name: "Momentum",
  triggers: ["token_almost_graduated", "new_token_created"],
  rules: [
    { rule: "rugged", dealbreaker: true, enabled: true },
    ${v === 2 ? '{ rule: "holder_count", dealbreaker: false, min: 100 },' : ""}
  ],
});

new sa.StrategyActivation("active-set", { strategyIds: [${v === 2 ? "momentum" : "safety"}.strategyId] });

new sa.Webhook("alerts", {
  url: "${v === 2 ? `http://127.0.0.1:9/alerts-v2?token=${WEBHOOK_SECRET_QUERY}` : "http://127.0.0.1:9/alerts"}",
  enabled: true,
  requireVerified: false,
});
`;
}

export interface ReviewScenario {
  emulator: TestEmulator;
  project: PulumiProject;
  client: ApiClient;
  apiKey: string;
  /** The review's credentials, as a CI job sets them. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * The seeded emulator, an account with two strategies active outside the stack (they count
 * against the plan too), and the stack with program v1 applied.
 */
export async function startReviewScenario(options: { pulumiBinDir?: string } = {}): Promise<ReviewScenario> {
  const emulator = await TestEmulator.start({ history: false });
  let project: PulumiProject | undefined;
  try {
    await seedScenario(emulator);
    const { client, apiKey } = await emulator.user();
    for (const name of ["Manual scalper", "Manual sniper"]) {
      await client.strategies.create({
        name,
        triggers: ["new_token_created"],
        rules: [{ rule: "is_honeypot", dealbreaker: true, enabled: true }],
        isActive: true,
      });
    }
    project = await PulumiProject.create({
      name: "review-e2e",
      program: reviewProgram(1),
      config: stackConfig(emulator, apiKey),
      pulumiBinDir: options.pulumiBinDir,
    });
    await project.up();
    const env = { STRATEGY_ALERTS_API_KEY: apiKey, STRATEGY_ALERTS_BASE_URL: emulator.baseUrl };
    const opened = project;
    return {
      emulator,
      project: opened,
      client,
      apiKey,
      env,
      close: async () => {
        await opened.cleanup();
        await emulator.close();
      },
    };
  } catch (error) {
    await project?.cleanup();
    await emulator.close();
    throw error;
  }
}

/** `strategy-alerts review -` fed a preview, as CI pipes it, driving the emulator's backtest jobs while it waits. */
export async function runReview(
  scenario: Pick<ReviewScenario, "emulator" | "env">,
  previewJson: string,
  args: string[],
) {
  let running = true;
  const driver = (async () => {
    while (running) {
      await scenario.emulator.control("POST", "/jobs/run", {});
      await new Promise((r) => setTimeout(r, 150));
    }
  })();
  try {
    return await runProcess(join(REPO_ROOT, "node_modules/.bin/node"), [BUILT_CLI, "review", "-", ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...scenario.env },
      input: previewJson,
    });
  } finally {
    running = false;
    await driver;
  }
}

/**
 * The sample's review: the stack at v1 previewed with the change to v2, reviewed with
 * backtests, the HTML page written to `htmlFile`. `sample` is the report with the temporary
 * strategies' random run id fixed.
 */
export async function reviewTheSampleChange(scenario: ReviewScenario, htmlFile: string) {
  await scenario.project.writeProgram(reviewProgram(2));
  const preview = await scenario.project.run([
    "preview",
    "--json",
    "--non-interactive",
    "--stack",
    scenario.project.stack,
  ]);
  const result = await runReview(scenario, preview.stdout, [
    "--backtest",
    "--until",
    SCENARIO_UNTIL,
    "--poll-interval",
    "100",
    "--html",
    htmlFile,
  ]);
  return {
    preview: preview.stdout,
    result,
    sample: result.stdout.replace(
      /review-tmp [0-9a-f]{6} \d{8}T\d{6}Z/g,
      "review-tmp 1a2b3c 20300110T120000Z",
    ),
  };
}
