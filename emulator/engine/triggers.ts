import type { StrategyRecord } from "../store/records";
import type { Store } from "../store/store";
import type { TimedObservation } from "./history";

/** A trigger event as the control plane (or the token stream) raises it. */
export interface TriggerEvent {
  eventType: string;
  tokenAddress: string;
  /** Microblog tag whose handle mentioned the token (microblog triggers). */
  tagId?: string | undefined;
  /** Developer who launched the token (followed-developer trigger). */
  developerAddress?: string | undefined;
  /** Shared by everything one event produces; generated when not given. */
  correlationId: string;
  /** Where the event came from: "control_plane" or "stream". */
  origin: string;
}

const MICROBLOG_TRIGGERS = new Set(["microblog_mention_direct", "post_metadata_match"]);

/**
 * Whether the event fires this strategy (service-api.md#triggers): the strategy has an enabled trigger of the
 * event's type, and its config accepts the event —
 *  - microblog triggers: tagId "all", or the event's tag (or one of the token's mention tags)
 *    equals the configured tag;
 *  - followed_dev_new_token_created: the launching developer is one the strategy's owner
 *    follows AND is active; scope all (also when no config), tag (the developer carries the
 *    tag) or wallet (the developer is the configured address).
 * Other event types have no config: the trigger alone decides.
 */
export function triggerFires(
  store: Store,
  strategy: StrategyRecord,
  event: TriggerEvent,
  token: TimedObservation,
): boolean {
  if (!strategy.triggers.some((t) => t.enabled && t.eventType === event.eventType)) return false;
  const configs: Readonly<Record<string, unknown>> | null = strategy.triggerConfigs;
  const config = configs?.[event.eventType] as Record<string, unknown> | undefined;

  if (MICROBLOG_TRIGGERS.has(event.eventType)) {
    const tagId = config?.tagId;
    if (tagId === undefined || tagId === "all") return true;
    const tags = event.tagId !== undefined ? [event.tagId] : (token.microblogTagIds ?? []);
    return tags.includes(tagId as string);
  }

  if (event.eventType === "followed_dev_new_token_created") {
    const address = event.developerAddress ?? token.developerAddress;
    if (address === undefined) return false;
    const dev = store.getDeveloper(strategy.userId, address);
    if (!dev?.isActive) return false;
    switch (config?.scope ?? "all") {
      case "tag":
        return dev.tagIds.includes(config?.tagId as string);
      case "wallet":
        return dev.address === config?.developerAddress;
      default:
        return true;
    }
  }
  return true;
}

/** The product-level origin of an event type, reported as sourceContext.source. */
export function sourceOf(eventType: string): string {
  if (MICROBLOG_TRIGGERS.has(eventType)) return "microblog";
  if (eventType === "followed_dev_new_token_created") return "followed_developer";
  return "launch_platform";
}
