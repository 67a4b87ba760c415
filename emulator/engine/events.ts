import type { Clock } from "../clock";
import type { DeliveryRecord, EvaluationView, NotificationRecord } from "../store/records";
import type { Store } from "../store/store";
import { type DeliveryTracker, dispatchNotification } from "./dispatch";
import { buildEvaluation } from "./evaluate";
import type { TimedObservation } from "./history";
import { buildNotification, cooldownUntil, notificationView } from "./notifications";
import { type TriggerEvent, triggerFires } from "./triggers";

export interface EngineDeps {
  store: Store;
  clock: Clock;
  deliveries: DeliveryTracker;
  webhookTimeoutMs: number;
}

export interface EventOutcome {
  correlationId: string;
  evaluations: EvaluationView[];
  notifications: ReturnType<typeof notificationView>[];
  /** Deliveries queued by this event; their outcome is recorded later (GET /_emulator/deliveries). */
  deliveries: DeliveryRecord[];
}

/**
 * Runs one trigger event against every active strategy of every user (and every active
 * official strategy) whose triggers and trigger configs accept it, in creation order:
 * stores an evaluation per strategy, an alert per match outside the cooldown, and queues the
 * webhook delivery of each personal alert whose owner has an enabled, verified webhook.
 * Stored evaluations and alerts are committed before the deliveries start, and deliveries
 * never delay the answer.
 */
export function processEvent(deps: EngineDeps, event: TriggerEvent, token: TimedObservation): EventOutcome {
  const { store, clock } = deps;
  const now = clock.iso();
  const nowMs = clock.nowMs();
  const outcome: EventOutcome = {
    correlationId: event.correlationId,
    evaluations: [],
    notifications: [],
    deliveries: [],
  };
  const toDeliver: {
    notification: NotificationRecord;
    target: { url: string; secret: string; webhookId: string };
  }[] = [];

  store.transaction(() => {
    for (const strategy of store.listAllStrategies()) {
      if (!strategy.isActive || !triggerFires(store, strategy, event, token)) continue;
      const owner = store.getUser(strategy.userId);
      if (!strategy.isGlobal && !owner?.subscriptionActive) continue;

      const evaluation = buildEvaluation(strategy, token, event, store.nextSeq(), now);
      if (evaluation.view.matched) {
        const until = cooldownUntil(store, strategy, token.address, nowMs);
        if (until !== null) evaluation.view.matchDetails.cooldown = { suppressed: true, until };
      }
      store.putEvaluation(evaluation);
      outcome.evaluations.push(evaluation.view);
      if (!evaluation.view.matched || evaluation.view.matchDetails.cooldown) continue;

      const webhook = strategy.isGlobal ? undefined : store.getWebhook(strategy.userId);
      const deliverable =
        webhook?.enabled && webhook.verifiedAt && webhook.url && webhook.secret ? webhook : undefined;
      const notification = buildNotification(
        strategy,
        evaluation,
        token,
        event,
        deliverable ? "webhook" : "in_app",
        store.nextSeq(),
        now,
      );
      store.putNotification(notification);
      outcome.notifications.push(notificationView(notification));
      if (deliverable) {
        toDeliver.push({
          notification,
          target: { url: deliverable.url!, secret: deliverable.secret!, webhookId: deliverable.webhookId },
        });
      }
    }
  });

  for (const { notification, target } of toDeliver) {
    outcome.deliveries.push(
      dispatchNotification(
        { store, clock, tracker: deps.deliveries, timeoutMs: deps.webhookTimeoutMs },
        notification,
        token,
        target,
      ),
    );
  }
  return outcome;
}
