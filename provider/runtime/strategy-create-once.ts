/**
 * Creating a strategy exactly once, although POST /strategies is not safe to repeat: a create
 * whose answer was lost is found again before it is sent a second time.
 *
 * Only what this operation itself sent is ever taken: a strategy that an earlier, killed run
 * created is settled through the stack's pending creates (`strategy-alerts recover`), never by
 * a create, because a provider cannot know which strategies another stack of the same account
 * holds.
 */
import { AmbiguousWriteError } from "../api/errors";
import { serviceTimeAt } from "../api/service-clock";
import { canonicalStrategyInput, stableStringify } from "../model/canonical";
import { echoedInputs, kindOf } from "../model/kinds";
import { quotedText } from "../model/quoted-text";
import type { Strategy, StrategyInput } from "../model/strategy";
import type { RuntimeContext } from "./context";
import { ServiceStateError } from "./errors";
import { liveValue } from "./strategy-live-inputs";

/**
 * How far behind ours the service's clock may run, for bounds read without a calibration (a
 * service answering without a `Date` header, an old state's local-clock bound): such a bound only
 * widens what is listed for a person to decide, it never proves a strategy ours.
 */
export const SERVICE_CLOCK_ALLOWANCE_MS = 60_000;
/** How often one create is sent when its outcome stays unknown (each one reconciled first). */
const CREATE_ATTEMPTS = 3;

/** Since when, on the service's clock, a strategy may be the one a request sent at `sentAt` made. */
interface CreateBound {
  sinceMs: number;
  /** Read from the service's own clock: a single match is proof; otherwise only a lead. */
  calibrated: boolean;
}

/**
 * The service's clock at the first request's send, from the latest answer's `Date` header (the
 * clock `createdAt` is measured on); without one, this machine's clock less the allowance, which
 * proves nothing.
 */
function boundOf(ctx: RuntimeContext, requestSentAt: string): CreateBound {
  const sentAtMs = Date.parse(requestSentAt);
  const sample = ctx.client().serviceDate;
  if (sample) return { sinceMs: serviceTimeAt(sample, sentAtMs).earliestMs, calibrated: true };
  return { sinceMs: sentAtMs - SERVICE_CLOCK_ALLOWANCE_MS, calibrated: false };
}

/**
 * POST /strategies is not safe to repeat. When its outcome is unknown, find what it created:
 * same name and content, created on the service's clock since the first request was sent, held
 * by no resource of this run. Exactly one → that is ours; none → it was not applied, send again
 * (each further unknown outcome is reconciled the same way, up to CREATE_ATTEMPTS); several, or
 * one that no calibrated clock places after the request → ask.
 */
export async function createOnce(ctx: RuntimeContext, body: StrategyInput): Promise<Strategy> {
  const client = ctx.client();
  let bound: CreateBound | undefined;
  for (let attempt = 1; ; attempt++) {
    try {
      return await client.strategies.create(body);
    } catch (err) {
      if (!(err instanceof AmbiguousWriteError) || attempt >= CREATE_ATTEMPTS) throw err;
      const listed = (await client.strategies.list()).strategies;
      // Calibrated by the listing's own answer: the freshest reading of the service's clock.
      bound ??= boundOf(ctx, err.requestSentAt);
      const ours = await sentByUs(ctx, listed, body, bound);
      if (ours) return ours;
    }
  }
}

/** The one strategy of `strategies` with this name and content created since the bound that no resource holds. */
async function sentByUs(
  ctx: RuntimeContext,
  strategies: Strategy[],
  body: StrategyInput,
  { sinceMs, calibrated }: CreateBound,
): Promise<Strategy | undefined> {
  const matches = strategies.filter(
    (s) =>
      !ctx.run.claimedStrategyIds.has(s.id) &&
      s.isGlobal !== true &&
      Date.parse(s.createdAt) >= sinceMs &&
      sameContent(s, body),
  );
  if (matches.length > 1) {
    throw new ServiceStateError(
      `${matches.length} identical strategies named ${quotedText(body.name)} were created since this create was sent ` +
        `(${matches.map((s) => s.id).join(", ")}): its answer was lost and another writer made the same strategy; ` +
        `adopt the right one with adopt: "<id>" and delete the others.`,
    );
  }
  if (matches.length === 1 && !calibrated) {
    throw new ServiceStateError(
      `the answer to this create of ${quotedText(body.name)} was lost, and strategy ${matches[0]!.id} has the same name ` +
        "and content, but the service's answers carry no Date header, so nothing places its creation after this " +
        `request: if it is this stack's, declare adopt: "${matches[0]!.id}" and run \`pulumi up\` again; otherwise ` +
        "rename this strategy or delete the twin.",
    );
  }
  return matches.length === 1 ? ctx.client().strategies.get(matches[0]!.id) : undefined;
}

/**
 * Name and canonical content equal; never the name alone (the app may hold a namesake). Every
 * field the service answers is compared (the descriptor's `echo`); one the program leaves out
 * matches whatever the service holds, but a nullable one (a description) only its absence.
 */
export function sameContent(live: Strategy, body: StrategyInput): boolean {
  const declared: Record<string, unknown> = canonicalStrategyInput(body);
  return [...echoedInputs("Strategy", "always"), ...echoedInputs("Strategy", "stored")].every((field) => {
    const held = liveValue(live, field);
    const wanted = declared[field] ?? (kindOf("Strategy").inputs[field]?.default === null ? null : held);
    return stableStringify(held ?? null) === stableStringify(wanted ?? null);
  });
}
