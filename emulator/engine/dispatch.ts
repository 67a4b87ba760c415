import type { Clock } from "../clock";
import { deliver, makeEnvelope } from "../delivery";
import { newId } from "../ids";
import type { DeliveryRecord, NotificationRecord } from "../store/records";
import type { Store } from "../store/store";
import type { TimedObservation } from "./history";
import { numberOr0, textOrEmpty } from "./missing-values";

const NOTIFICATION_EVENT = "notification.dispatched";

/**
 * Tracks webhook deliveries in flight, so the control plane can wait for them
 * (GET /_emulator/deliveries?wait=true) and shutdown does not cut them off mid-way.
 */
export class DeliveryTracker {
  private readonly inFlight = new Set<Promise<void>>();

  track(p: Promise<void>): void {
    this.inFlight.add(p);
    void p.finally(() => this.inFlight.delete(p));
  }

  async settle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }
}

/**
 * The `data` of notification.dispatched (service-api.md#webhook-deliveries); a value the token lacks is 0
 * or "" (missing-values.ts).
 */
function dispatchedData(n: NotificationRecord, token: TimedObservation) {
  return {
    notification_id: n.id,
    strategy: { id: n.strategyId, name: n.strategyName },
    trigger: {
      event_type: n.triggerEventType,
      correlation_id: n.triggerContext.correlationId,
      timestamp: n.createdAt,
    },
    token: {
      address: token.address,
      name: textOrEmpty(token.name),
      symbol: textOrEmpty(token.symbol),
      chain_id: numberOr0(token.chainId),
      price_usd: numberOr0(token.priceUsd),
      market_cap_usd: numberOr0(token.marketCap),
      liquidity_usd: numberOr0(token.liquidityUsd),
    },
  };
}

/**
 * Queues the webhook delivery of a notification, fire and forget (service-api.md#webhook-deliveries: best effort,
 * never blocks processing): the record is stored as pending at once and completed with the
 * outcome (HTTP status or error) when the POST ends. Only called for an enabled and verified
 * webhook. Returns the pending record.
 */
export function dispatchNotification(
  deps: { store: Store; clock: Clock; tracker: DeliveryTracker; timeoutMs: number },
  n: NotificationRecord,
  token: TimedObservation,
  target: { url: string; secret: string; webhookId: string },
): DeliveryRecord {
  const envelope = makeEnvelope(NOTIFICATION_EVENT, dispatchedData(n, token), deps.clock.now());
  const record: DeliveryRecord = {
    id: newId(),
    seq: deps.store.nextSeq(),
    userId: n.userId,
    notificationId: n.id,
    eventId: envelope.id,
    eventType: envelope.type,
    url: target.url,
    webhookId: target.webhookId,
    status: "pending",
    httpStatus: null,
    error: null,
    durationMs: null,
    createdAt: deps.clock.iso(),
    completedAt: null,
  };
  deps.store.putDelivery(record);
  const run = (async () => {
    const result = await deliver(target, envelope, { timeoutMs: deps.timeoutMs });
    try {
      deps.store.putDelivery({
        ...record,
        status: result.ok ? "delivered" : "failed",
        httpStatus: result.status,
        error: result.error,
        durationMs: result.durationMs,
        completedAt: deps.clock.iso(),
      });
    } catch {
      // The store was closed (emulator shutting down): the outcome has nowhere to go.
    }
  })();
  deps.tracker.track(run);
  return record;
}
