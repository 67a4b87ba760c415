/**
 * Evaluators of the object rules (service-api.md#object-rule-configs). Config thresholds are inclusive,
 * because their names say so: a `min…` is "at least", a `max…` is "at most", a window
 * threshold of volume_24h is the least volume, and a buyPressure / volumeSpike level is the
 * least level. A level of "off" switches the rule off (skipped). An empty wallet or cluster
 * list is data ("none"), a missing one is "no data".
 */
import { BUY_PRESSURE_SCALE, CLUSTER_RISK_SCALE, rankOn, VOLUME_SPIKE_SCALE } from "./levels";
import { RULE_FIELDS } from "./rule-fields";
import { CLUSTER_RISKS, type ObjectRuleItem, VOLUME_WINDOWS, WALLET_TYPES } from "./rule-items";
import { combine, fail, noData, type Outcome, pass, skip } from "./rule-outcome";
import type { TokenObservation } from "./token";
import { readBag, readMember, readNumber, readObjects } from "./token-read";

type ItemOf<R extends ObjectRuleItem["rule"]> = ObjectRuleItem & { rule: R };

export function evaluateVolumeWindows(item: ItemOf<"volume_24h">, token: TokenObservation): Outcome {
  const field = RULE_FIELDS.volume_24h[0];
  const volumes = readBag(token, field);
  const actual: Record<string, number | undefined> = {};
  const checks = VOLUME_WINDOWS.filter((w) => item.config.windows[w] !== undefined).map((w) => {
    const least = item.config.windows[w]!;
    const volume = readNumber(volumes, w);
    actual[w] = volume;
    if (volume === undefined) return noData(`${field}.${w}`);
    return volume >= least
      ? pass(`${field}.${w} ${volume} is at least ${least}`)
      : fail(`${field}.${w} ${volume} is below ${least}`);
  });
  return combine(checks, actual);
}

export function evaluateBuyPressure(item: ItemOf<"buy_sell_ratio_window">, token: TokenObservation): Outcome {
  const { window, buyPressure } = item.config;
  return atLeastLevel(RULE_FIELDS.buy_sell_ratio_window[0], window, buyPressure, BUY_PRESSURE_SCALE, token);
}

export function evaluateVolumeSpike(
  item: ItemOf<"validated_volume_spike">,
  token: TokenObservation,
): Outcome {
  const { window, volumeSpike } = item.config;
  return atLeastLevel(RULE_FIELDS.validated_volume_spike[0], window, volumeSpike, VOLUME_SPIKE_SCALE, token);
}

function atLeastLevel(
  field: string,
  window: string,
  least: string,
  scale: readonly string[],
  token: TokenObservation,
): Outcome {
  if (least === "off") return skip(`${field} level is off`);
  const level = readMember(readBag(token, field), window, scale);
  if (level === undefined) return noData(`${field}.${window}`);
  return rankOn(scale, level) >= rankOn(scale, least)
    ? pass(`${field}.${window} ${level} is at least ${least}`, level)
    : fail(`${field}.${window} ${level} is below ${least}`, level);
}

type Wallet = { type: string; winratePct: number | undefined; buyValueUsd: number | undefined };

/** The quality wallets of the given types, or undefined when the token has no wallet data. */
function walletsOfTypes(token: TokenObservation, types: readonly string[]): Wallet[] | undefined {
  const entries = readObjects(token, RULE_FIELDS.quality_wallet_count[0]);
  if (entries === undefined) return undefined;
  return entries
    .map((w) => ({
      type: readMember(w, "type", WALLET_TYPES) ?? "",
      winratePct: readNumber(w, "winratePct"),
      buyValueUsd: readNumber(w, "buyValueUsd"),
    }))
    .filter((w) => types.includes(w.type));
}

const typesText = (types: readonly string[]) => types.join("/");

export function evaluateWalletCount(item: ItemOf<"quality_wallet_count">, token: TokenObservation): Outcome {
  const { minWallets, walletTypes } = item.config;
  const wallets = walletsOfTypes(token, walletTypes);
  if (wallets === undefined) return noData(RULE_FIELDS.quality_wallet_count[0]);
  const n = wallets.length;
  return n >= minWallets
    ? pass(`${n} ${typesText(walletTypes)} wallets, at least ${minWallets}`, n)
    : fail(`${n} ${typesText(walletTypes)} wallets, fewer than ${minWallets}`, n);
}

export function evaluateWalletValue(
  item: ItemOf<"quality_wallet_total_value">,
  token: TokenObservation,
): Outcome {
  const { minTotalValueUsd, walletTypes } = item.config;
  const wallets = walletsOfTypes(token, walletTypes);
  if (wallets === undefined) return noData(RULE_FIELDS.quality_wallet_total_value[0]);
  const total = wallets.reduce((sum, w) => sum + (w.buyValueUsd ?? 0), 0);
  return total >= minTotalValueUsd
    ? pass(`${typesText(walletTypes)} wallets bought ${total} USD, at least ${minTotalValueUsd}`, total)
    : fail(`${typesText(walletTypes)} wallets bought ${total} USD, less than ${minTotalValueUsd}`, total);
}

export function evaluateWalletWinrate(
  item: ItemOf<"quality_wallet_min_winrate">,
  token: TokenObservation,
): Outcome {
  const { minWinratePct, minWalletsAboveThreshold, walletTypes } = item.config;
  const wallets = walletsOfTypes(token, walletTypes);
  if (wallets === undefined) return noData(RULE_FIELDS.quality_wallet_min_winrate[0]);
  const n = wallets.filter((w) => w.winratePct !== undefined && w.winratePct >= minWinratePct).length;
  const what = `${n} ${typesText(walletTypes)} wallets with a winrate of at least ${minWinratePct}%`;
  return n >= minWalletsAboveThreshold
    ? pass(`${what}, at least ${minWalletsAboveThreshold}`, n)
    : fail(`${what}, fewer than ${minWalletsAboveThreshold}`, n);
}

export function evaluateClusters(
  item: ItemOf<"coordinated_wallet_cluster">,
  token: TokenObservation,
): Outcome {
  const field = RULE_FIELDS.coordinated_wallet_cluster[0];
  const entries = readObjects(token, field);
  if (entries === undefined) return noData(field);
  const { maxTotalHeldPct, maxSingleClusterPct, maxClusterRisk } = item.clusterConfig;
  const held = entries.map((c) => readNumber(c, "heldPct") ?? 0);
  // A cluster whose risk is unreadable counts as the worst risk: unknown is not safe.
  const risks = entries.map((c) => readMember(c, "risk", CLUSTER_RISKS) ?? "very_high");
  // Rounded so that 10.1 + 20.2 is 30.3 and meets a limit of 30.3.
  const total = Math.round(held.reduce((a, b) => a + b, 0) * 1e6) / 1e6;
  const largest = held.length === 0 ? 0 : Math.max(...held);
  const worst = risks.reduce(
    (w, r) => (rankOn(CLUSTER_RISK_SCALE, r) > rankOn(CLUSTER_RISK_SCALE, w) ? r : w),
    "low",
  );
  const actual = {
    clusters: entries.length,
    totalHeldPct: total,
    largestHeldPct: largest,
    worstRisk: risks.length === 0 ? null : worst,
  };
  return combine(
    [
      total <= maxTotalHeldPct
        ? pass(`clusters hold ${total}% in total, at most ${maxTotalHeldPct}%`)
        : fail(`clusters hold ${total}% in total, more than ${maxTotalHeldPct}%`),
      largest <= maxSingleClusterPct
        ? pass(`largest cluster holds ${largest}%, at most ${maxSingleClusterPct}%`)
        : fail(`a cluster holds ${largest}%, more than ${maxSingleClusterPct}%`),
      risks.length === 0 || rankOn(CLUSTER_RISK_SCALE, worst) <= rankOn(CLUSTER_RISK_SCALE, maxClusterRisk)
        ? pass(`cluster risk ${risks.length === 0 ? "none" : worst} is at most ${maxClusterRisk}`)
        : fail(`cluster risk ${worst} is above ${maxClusterRisk}`),
    ],
    actual,
  );
}
