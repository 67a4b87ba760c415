import type { Clock } from "../clock";
import { stableId } from "../ids";
import type { StrategyRecord } from "../store/records";
import type { Store } from "../store/store";
import { newStrategy, validate } from "../strategies/input";

/** Owner of official (isGlobal) strategies: no API key, so nobody can read them as their own. */
const OFFICIAL_OWNER_ID = stableId("official-strategies-owner");

/** Seeded when POST /_emulator/official names no strategies (fixed ids, created once). */
const DEFAULT_OFFICIAL_STRATEGIES: Record<string, unknown>[] = [
  {
    name: "Official: Clean Launches",
    description: "Fresh launches without honeypot or rug flags and with real liquidity",
    triggers: ["new_token_created"],
    rules: [
      { rule: "is_honeypot", dealbreaker: true },
      { rule: "rugged", dealbreaker: true },
      { rule: "liquidity_usd", dealbreaker: false, min: 5000 },
      { rule: "risk_level", dealbreaker: false, value: "MEDIUM" },
    ],
    isActive: true,
  },
  {
    name: "Official: KOL Mentions",
    description: "Tokens mentioned by tracked microblog handles and bought by KOLs",
    triggers: ["microblog_mention_direct"],
    triggerConfigs: { microblog_mention_direct: { tagId: "all" } },
    rules: [
      { rule: "is_honeypot", dealbreaker: true },
      { rule: "kols", dealbreaker: false, min: 1 },
    ],
    isActive: true,
  },
];

/**
 * Builds an official strategy from a create body (validated by the shared model exactly as
 * POST /strategies does, 400 naming the field otherwise). Official strategies are active by
 * default; their triggers may not reference a user's developers or tags (they have no user),
 * so microblog tag ids must be "all" or platform tags and followed-developer triggers never fire.
 */
function officialStrategy(body: unknown, id: string, now: string): StrategyRecord {
  const input = validate({ isActive: true, ...(body as object) }, "create");
  return newStrategy(input, { id, userId: OFFICIAL_OWNER_ID, isGlobal: true, now });
}

/**
 * POST /_emulator/official: creates the given official strategies (or, when none are given,
 * the default set once, with fixed ids) and subscribes the user to every official strategy
 * created by this call — or, with no strategies given, to all official strategies.
 */
export function seedOfficial(
  store: Store,
  clock: Clock,
  userId: string,
  strategies: unknown[] | undefined,
): { strategies: { id: string; name: string; isActive: boolean }[]; subscribed: string[] } {
  return store.transaction(() => {
    const now = clock.iso();
    const created: StrategyRecord[] = [];
    if (strategies && strategies.length > 0) {
      for (const body of strategies) {
        const s = officialStrategy(body, stableId("official", now, String(store.nextSeq())), now);
        store.putStrategy(s);
        created.push(s);
      }
    } else {
      for (const body of DEFAULT_OFFICIAL_STRATEGIES) {
        const id = stableId("official-default", body.name as string);
        if (!store.getStrategy(id)) store.putStrategy(officialStrategy(body, id, now));
      }
    }
    const targets =
      created.length > 0 ? created : store.listStrategies(OFFICIAL_OWNER_ID).filter((s) => s.isGlobal);
    const already = new Set(store.listSubscriptions(userId).map((s) => s.strategyId));
    for (const s of targets) {
      if (!already.has(s.id)) store.putSubscription({ userId, strategyId: s.id, subscribedAt: now });
    }
    return {
      strategies: targets.map((s) => ({ id: s.id, name: s.name, isActive: s.isActive })),
      subscribed: store.listSubscriptions(userId).map((s) => s.strategyId),
    };
  });
}
