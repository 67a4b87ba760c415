/**
 * A seeded token history for review backtests, and the metrics it must give, computed here
 * from the table alone (not through the emulator's replay): every field a rule reads is
 * constant over a token's hours, so a strategy matches at the first hour or never, and the
 * token's multiple is its highest market cap divided by its first.
 */
import type { TestEmulator } from "./emulator-fixture";

/** The emulator's clock during the scenario, and the review window (6 days before the 10th). */
export const SCENARIO_NOW = "2030-01-10T12:00:00.000Z";
export const SCENARIO_UNTIL = "2030-01-10";
export const FIRST_HOUR = Date.parse("2030-01-05T00:00:00.000Z");
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

export const multipleOf = (token: SeededToken) => Math.max(...token.shape) / token.shape[0]!;

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

/** Pins the clock and upserts one observation per token and hour. */
export async function seedScenario(emulator: TestEmulator): Promise<void> {
  await emulator.control("POST", "/clock", { now: SCENARIO_NOW });
  const observations = TOKENS.flatMap((token, i) =>
    token.shape.map((factor, h) => ({
      address: token.address,
      name: `Review token ${i + 1}`,
      symbol: `RV${i + 1}`,
      observedAt: new Date(FIRST_HOUR + (i + h) * 3_600_000 + 30 * 60_000).toISOString(),
      isHoneypot: false,
      rugged: false,
      liquidityUsd: token.liquidityUsd,
      marketCap: token.marketCap * factor,
      priceUsd: (token.marketCap * factor) / 1e9,
      holderCount: 150,
    })),
  );
  await emulator.control("POST", "/tokens", { tokens: observations });
}
