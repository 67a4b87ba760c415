import { newId } from "../ids";
import type { EvaluationRecord, NotificationRecord, StrategyRecord } from "../store/records";
import type { Store } from "../store/store";
import type { TimedObservation } from "./history";
import { numberOr0, textOrEmpty } from "./missing-values";
import type { TriggerEvent } from "./triggers";

/**
 * Cooldown (alertCooldownMins, service-api.md#strategy-input) is kept per strategy AND token: after an alert for a
 * token, the same strategy does not alert for that token again until the cooldown has passed
 * (measured on the emulator clock, from the previous alert's createdAt; at exactly the end it
 * alerts again). Other tokens are not held back, and 0 means every match alerts. The
 * evaluation is still stored, matched, with matchDetails.cooldown saying why no alert came.
 */
export function cooldownUntil(
  store: Store,
  strategy: StrategyRecord,
  tokenAddress: string,
  nowMs: number,
): string | null {
  if (strategy.alertCooldownMins <= 0) return null;
  let lastMs = Number.NEGATIVE_INFINITY;
  for (const n of store.listNotificationsOfStrategy(strategy.id)) {
    if (n.triggerContext.tokenAddress === tokenAddress) lastMs = Math.max(lastMs, Date.parse(n.createdAt));
  }
  const until = lastMs + strategy.alertCooldownMins * 60_000;
  return nowMs < until ? new Date(until).toISOString() : null;
}

/**
 * The alert of a match (service-api.md#notifications). Personal alerts go to the strategy's owner with channel
 * "webhook" when the owner's webhook is enabled and verified (it is then also POSTed) and
 * "in_app" otherwise; official alerts (isGlobal strategies) are one record per match, seen by
 * every subscriber, channel "in_app", audienceType "subscribers". Status is always "sent".
 */
export function buildNotification(
  strategy: StrategyRecord,
  evaluation: EvaluationRecord,
  token: TimedObservation,
  event: TriggerEvent,
  channel: NotificationRecord["channel"],
  seq: number,
  now: string,
): NotificationRecord {
  return {
    id: newId(),
    seq,
    source: strategy.isGlobal ? "official" : "personal",
    audienceType: strategy.isGlobal ? "subscribers" : "personal",
    userId: strategy.userId,
    strategyId: strategy.id,
    strategyName: strategy.name,
    channel,
    status: "sent",
    triggerEventType: event.eventType,
    triggerContext: {
      tokenAddress: token.address,
      correlationId: event.correlationId,
      evaluationId: evaluation.view.evaluationId,
      tokenData: {
        tokenSymbol: textOrEmpty(token.symbol),
        tokenName: textOrEmpty(token.name),
        market: {
          priceUSD: numberOr0(token.priceUsd),
          mcap: numberOr0(token.marketCap),
          liquidityUSD: numberOr0(token.liquidityUsd),
        },
      },
    },
    baselineAt: token.observedAt,
    sentAt: now,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * service-api.md#notifications body; `strategy {id, name}` only in lists, livePerformance only in single
 * reads.
 */
export function notificationView(n: NotificationRecord) {
  return {
    id: n.id,
    source: n.source,
    audienceType: n.audienceType,
    userId: n.userId,
    strategyId: n.strategyId,
    channel: n.channel,
    status: n.status,
    triggerEventType: n.triggerEventType,
    triggerContext: n.triggerContext,
    sentAt: n.sentAt,
    createdAt: n.createdAt,
    updatedAt: n.updatedAt,
  };
}
