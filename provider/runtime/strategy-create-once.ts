/**
 * Creating a strategy exactly once, although POST /strategies is not safe to repeat: a strategy
 * an interrupted run left unrecorded is taken over, and a create whose answer was lost is found
 * again before it is sent a second time.
 */
import { AmbiguousWriteError } from "../api/errors";
import { canonicalRules, canonicalStrategyInput, stableStringify } from "../model/canonical";
import { storedToRules } from "../model/rule-mapping";
import type { Strategy, StrategyInput } from "../model/strategy";
import type { RuntimeContext } from "./context";
import { ServiceStateError } from "./errors";
import { adopt } from "./strategy-adoption";

/** A strategy the service made at or after our request's send time, allowing for clock skew. */
const CLOCK_SKEW_MS = 5 * 60_000;
/** How often one create is sent when its outcome stays unknown (each one reconciled first). */
const CREATE_ATTEMPTS = 3;
/** How far back a strategy left unrecorded by an interrupted run is taken over on create. */
const ORPHAN_WINDOW_MS = 24 * 3_600_000;

/**
 * POST /strategies is not safe to repeat. When its outcome is unknown, find what it created:
 * same name and content, created since the first request was sent, held by no resource of this
 * stack. Exactly one → that is ours; none → it was not applied, send again (each further unknown
 * outcome is reconciled the same way, up to CREATE_ATTEMPTS); several → ask.
 *
 * Before the first request, a strategy that an interrupted earlier run created but never
 * recorded (its `up` was killed, or its last attempt's answer was lost) is taken over rather
 * than duplicated: same name and content, created within ORPHAN_WINDOW_MS, held by no resource.
 */
export async function createOnce(ctx: RuntimeContext, body: StrategyInput): Promise<Strategy> {
  const client = ctx.client();
  // The run's one cached listing: an earlier run's orphan is in it, no extra request needed.
  const known = [...(await ctx.run.strategies()).values()];
  const orphan = await unclaimedTwin(ctx, known, body, Date.now() - ORPHAN_WINDOW_MS);
  // Bring it to the declared state: the fields the match does not compare (matching, configs).
  if (orphan) return adopt(ctx, orphan.id, body);
  let since: number | undefined;
  for (let attempt = 1; ; attempt++) {
    try {
      return await client.strategies.create(body);
    } catch (err) {
      if (!(err instanceof AmbiguousWriteError) || attempt >= CREATE_ATTEMPTS) throw err;
      since ??= Date.parse(err.requestSentAt) - CLOCK_SKEW_MS;
      const ours = await unclaimedTwin(ctx, (await client.strategies.list()).strategies, body, since);
      if (ours) return ours;
    }
  }
}

/** The one unclaimed strategy of `strategies` with this name and content created since `sinceMs`. */
async function unclaimedTwin(
  ctx: RuntimeContext,
  strategies: Strategy[],
  body: StrategyInput,
  sinceMs: number,
): Promise<Strategy | undefined> {
  const client = ctx.client();
  const matches = strategies.filter(
    (s) =>
      !ctx.run.claimedStrategyIds.has(s.id) &&
      s.isGlobal !== true &&
      Date.parse(s.createdAt) >= sinceMs &&
      sameContent(s, body),
  );
  if (matches.length > 1) {
    throw new ServiceStateError(
      `${matches.length} identical strategies named "${body.name}" exist that no resource of this stack holds ` +
        `(${matches.map((s) => s.id).join(", ")}): an earlier create's answer was lost; adopt the right one with adopt: "<id>" and delete the others.`,
    );
  }
  return matches.length === 1 ? client.strategies.get(matches[0]!.id) : undefined;
}

/** Name and canonical content equal; never the name alone (the app may hold a namesake). */
export function sameContent(live: Strategy, body: StrategyInput): boolean {
  const declared = canonicalStrategyInput(body);
  return (
    live.name === declared.name &&
    (live.description ?? null) === (declared.description ?? null) &&
    stableStringify(canonicalRules(storedToRules(live))) === stableStringify(declared.rules) &&
    stableStringify([...new Set(live.triggers.map((t) => t.eventType))].sort()) ===
      stableStringify(declared.triggers) &&
    live.strict === (declared.strict ?? live.strict) &&
    live.alertCooldownMins === (declared.alertCooldownMins ?? live.alertCooldownMins)
  );
}
