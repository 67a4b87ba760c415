/**
 * The review's integration suites share one scene: an emulator in this process at a fixed time
 * of one day, holding that day's tokens (some liquid, some not), and per test a fresh PRO account
 * with one strategy whose change (a raised liquidity minimum) and a new strategy make its preview.
 * A suite calls `useReviewEmulator()` once at its top level and reads as its scenario.
 */
import type { RunningEmulator } from "../../../emulator/server";
import { type ApiClient, createClient } from "../../../provider/api/client";
import type { ReviewSessionOptions } from "../../../provider/review/session";
import { TEMPORARY_MARK } from "../../../provider/review/temporaries";
import { controlOk } from "../../support/emulator";
import { digest } from "../../support/preview-fixtures";
import { addr, token } from "../../support/tokens";
import { useEmulator } from "../../support/use-emulator";

const DAY = "2026-09-10";
/** The emulator's clock in these suites. */
export const NOW = `${DAY}T12:30:00.000Z`;
/** This machine's clock in these suites: the emulator's, a minute on. */
export const LOCAL_NOW = Date.parse(NOW) + 60_000;

/** The account's strategy: its change raises `min` from 5,000 to 15,000. */
export const liquid = (min: number) => ({
  name: "Liquid",
  triggers: ["new_token_created"],
  rules: [
    { rule: "is_honeypot", dealbreaker: true },
    { rule: "liquidity_usd", dealbreaker: false, min },
  ],
});

/** The strategy the change creates. */
export const fresh = {
  name: "Fresh",
  triggers: ["new_token_created"],
  rules: [{ rule: "rugged", dealbreaker: true }],
};

/** Tokens of the day's first hours, some liquid, some not. */
export const TOKENS = [5_000, 8_000, 12_000, 20_000, 40_000].flatMap((liquidityUsd, i) =>
  [1, 2, 3].map((factor, h) =>
    token(addr(`Tok${i}`), {
      liquidityUsd,
      marketCap: 100_000 * factor,
      priceUsd: (100_000 * factor) / 1e9,
      observedAt: `${DAY}T0${h + i}:10:00.000Z`,
    }),
  ),
);

interface ReviewAccount {
  userId: string;
  apiKey: string;
  /** A client whose writes `stop` stops, as a review's signal handler does. */
  client: ApiClient;
  stop: AbortController;
  /** The change's preview: the strategy's raised minimum and the new strategy. */
  preview: string;
}

type BacktestOptions = NonNullable<ReviewSessionOptions["backtest"]>;

export interface ReviewEmulator {
  /** The running emulator, read from the suite's `beforeAll` on (`useEmulator`). */
  readonly em: RunningEmulator;
  /** A fresh account holding the strategy the change updates, with the change's preview. */
  account(): Promise<ReviewAccount>;
  /** Backtests over the two days before the 11th, whose every wait runs the emulator's jobs. */
  backtestOptions(extra?: Partial<BacktestOptions>): BacktestOptions;
}

/** Starts the suite's emulator before its tests and closes it after them. */
export function useReviewEmulator(): ReviewEmulator {
  const em = useEmulator({ history: false }, async (started) => {
    await controlOk(started, "POST", "/clock", { now: NOW });
    await controlOk(started, "POST", "/tokens", { tokens: TOKENS });
  });
  return {
    em,
    account: () => account(em),
    backtestOptions: (extra = {}) => ({
      windowDays: 2,
      until: "2026-09-11",
      threshold: 2,
      pollIntervalMs: 1,
      sleep: async () => {
        await controlOk(em, "POST", "/jobs/run", {});
      },
      ...extra,
    }),
  };
}

async function account(em: RunningEmulator): Promise<ReviewAccount> {
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

/** The names of the account's strategies. */
export const strategyNames = async (client: ApiClient) =>
  (await client.strategies.list()).strategies.map((s) => s.name);

/** The names of the account's strategies that are a review's temporary copies. */
export const temporaries = async (client: ApiClient) =>
  (await strategyNames(client)).filter((n) => n.startsWith(TEMPORARY_MARK));
