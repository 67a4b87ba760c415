import { evaluateStrategy, type PreparedStrategy, prepareStrategy } from "../../provider/model/evaluate";
import type { RuleItem } from "../model";
import type { BacktestMetrics, BacktestRowRecord, StrategyRecord } from "../store/records";
import { runModel } from "./evaluate";
import type { HourlySnapshot, TimedObservation } from "./history";

export interface ReplayInput {
  strategy: Pick<StrategyRecord, "id" | "name" | "rules" | "strict" | "matching">;
  /** Hourly snapshots of every token, each list in time order (read lazily, one token at a time). */
  timelines: Iterable<{ address: string; snapshots: HourlySnapshot[] }>;
  fromMs: number;
  toMs: number;
  threshold: number;
  strictOverride?: boolean | undefined;
  /** Token filter standing for options.eventType (whether that trigger would fire for the token). */
  accepts?: ((first: TimedObservation) => boolean) | undefined;
}

/** A stored backtest row before it gets its id and job. */
type ReplayRow = Omit<BacktestRowRecord, "id" | "jobId">;

export interface ReplayOutput {
  metrics: BacktestMetrics;
  /** Matched tokens and missed winners only (service-api.md#backtest-results). */
  rows: ReplayRow[];
}

/**
 * The backtest replay (service-api.md#backtests), decisions in docs/spec-decisions.md:
 *  - one timeline per token with at least one hourly snapshot inside [from, to] (hour starts,
 *    both ends included); `tested` counts them;
 *  - the strategy is evaluated on the token's snapshots in time order until one matches: that
 *    snapshot is the evaluation point (matched); when none matches, the first snapshot is
 *    (not matched);
 *  - currentMultiple = highest market cap from the evaluation point to the end of the window
 *    divided by the market cap at the evaluation point (≥ 1; 0 when the token has no market
 *    cap there); a winner reaches labelDefinition.threshold;
 *  - positives = matched tokens; winnersNow = winners; precision = matched winners / positives,
 *    recall = matched winners / winners, f1 their harmonic mean (each 0 when undefined);
 *  - multiples and mcaps are keyed by hours since the evaluation point ("0" is the point itself),
 *    one key per snapshot up to the end of the window.
 */
export function replay(input: ReplayInput): ReplayOutput {
  const steps = replaySteps(input);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * The replay one token at a time: it yields after each token, so a caller can spread a long
 * replay over many turns of the event loop (engine/backtest-runner.ts) instead of holding it.
 */
export function* replaySteps(input: ReplayInput): Generator<void, ReplayOutput> {
  const evaluate = modelOf(input.strategy, input.strictOverride);
  let tested = 0;
  let positives = 0;
  let winners = 0;
  let matchedWinners = 0;
  const rows: ReplayRow[] = [];

  for (const { address, snapshots } of input.timelines) {
    yield;
    const inWindow = snapshots.filter((s) => s.hourMs >= input.fromMs && s.hourMs <= input.toMs);
    if (inWindow.length === 0) continue;
    if (input.accepts && !input.accepts(inWindow[0]!.observation)) continue;
    tested++;

    let pointIndex = 0;
    let outcome = evaluate(inWindow[0]!.observation);
    if (!outcome.result?.matched) {
      for (let i = 1; i < inWindow.length; i++) {
        const next = evaluate(inWindow[i]!.observation);
        if (next.result?.matched) {
          pointIndex = i;
          outcome = next;
          break;
        }
      }
    }
    const matched = outcome.result?.matched ?? false;
    const point = inWindow[pointIndex]!;
    const baseMcap = point.observation.marketCap ?? 0;
    const multiples: Record<string, number> = {};
    const mcaps: Record<string, number> = {};
    let peak = 0;
    for (const s of inWindow.slice(pointIndex)) {
      const mcap = s.observation.marketCap;
      if (mcap === undefined) continue;
      const key = String(Math.round((s.hourMs - point.hourMs) / 3_600_000));
      mcaps[key] = mcap;
      multiples[key] = baseMcap > 0 ? mcap / baseMcap : 0;
      peak = Math.max(peak, mcap);
    }
    const currentMultiple = baseMcap > 0 ? peak / baseMcap : 0;
    const winner = currentMultiple >= input.threshold;
    if (matched) positives++;
    if (winner) winners++;
    if (matched && winner) matchedWinners++;
    if (!matched && !winner) continue;

    const at = new Date(point.hourMs).toISOString();
    rows.push({
      tokenAddress: address,
      evaluationTimestamp: at,
      matched,
      currentMultiple,
      multiples,
      mcaps,
      matchDetails: {
        matchedGroups: outcome.result?.matchedGroups ?? [],
        failedGroupIds: outcome.result?.failedGroupIds ?? [],
        dealbreakerFailed: outcome.result?.dealbreakerFailed ?? false,
        winner,
        hoursReplayed: inWindow.length,
      },
      snapshot: {
        createdAt: at,
        strategyId: input.strategy.id,
        strategyName: input.strategy.name,
        matched,
        failureReason: outcome.error ?? outcome.result?.failureReason ?? null,
      },
    });
  }

  const precision = positives === 0 ? 0 : matchedWinners / positives;
  const recall = winners === 0 ? 0 : matchedWinners / winners;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { metrics: { tested, positives, winnersNow: winners, precision, recall, f1 }, rows };
}

type Outcome = Pick<ReturnType<typeof runModel>, "result" | "error">;

/**
 * The strategy's evaluation of one snapshot, its rules parsed and grouped once for the whole
 * replay (a replay evaluates thousands of snapshots; parsing them each time was most of its
 * cost). Rules that cannot be prepared fall back to `runModel`, which names the error per token.
 */
function modelOf(
  strategy: ReplayInput["strategy"],
  strictOverride: boolean | undefined,
): (observation: TimedObservation) => Outcome {
  let prepared: PreparedStrategy;
  try {
    prepared = prepareStrategy({
      rules: strategy.rules as RuleItem[],
      strict: strategy.strict,
      matching: strategy.matching,
    });
  } catch {
    return (observation) => runModel(strategy, observation, strictOverride);
  }
  const options = strictOverride === undefined ? {} : { strictOverride };
  return (observation) => {
    try {
      return { result: evaluateStrategy(prepared, observation, options), error: null };
    } catch (e) {
      return { result: null, error: (e as Error).message };
    }
  };
}
