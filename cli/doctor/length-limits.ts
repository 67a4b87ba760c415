/**
 * The length limits the spec does not show (name, description, rules and triggers per strategy),
 * found by PATCHing the probe strategy: the emulator's limit and one above it first, then a
 * binary search, so a service that agrees costs two requests per limit.
 */
import { NUMERIC_RULE_IDS } from "../../provider/model/rule-catalog";
import { STRATEGY_LIMITS } from "../../provider/model/strategy-limits";
import { temporaryStrategyName } from "../../provider/model/temporary-strategies";
import { EVENT_TYPES } from "../../provider/model/triggers";
import { type DoctorContext, differs, same } from "./check";
import { type DoctorResponse, UnexpectedAnswerError } from "./http";
import { writeCheck } from "./probe-strategy";
import { describeBody } from "./text";

type Accepts = (n: number) => Promise<boolean>;

/** The largest accepted n in [lo, hi], trying the emulator's limit first; a few requests. */
export async function findLimit(
  accepts: Accepts,
  guess: number,
  lo: number,
  hi: number,
): Promise<{ max: number; capped: boolean }> {
  let low: number;
  let high: number;
  if (await accepts(guess)) {
    if (guess >= hi) return { max: guess, capped: true };
    if (!(await accepts(guess + 1))) return { max: guess, capped: false };
    if (await accepts(hi)) return { max: hi, capped: true };
    low = guess + 1;
    high = hi - 1;
  } else {
    low = lo;
    high = guess - 1;
  }
  // Binary search: low is accepted (or the floor), everything above high is refused.
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (await accepts(mid)) low = mid;
    else high = mid - 1;
  }
  return { max: low, capped: false };
}

function patchAccepts(ctx: DoctorContext, id: string, body: (n: number) => Record<string, unknown>): Accepts {
  const cache = new Map<number, boolean>();
  return async (n) => {
    const known = cache.get(n);
    if (known !== undefined) return known;
    const res: DoctorResponse = await ctx.http.send("PATCH", `/strategies/${id}`, { body: body(n) });
    if (res.status !== 400 && res.status >= 300)
      throw new UnexpectedAnswerError(
        `PATCH answered ${res.status} while probing lengths: ${describeBody(res)}`,
      );
    cache.set(n, res.status < 300);
    return res.status < 300;
  };
}

function numericRules(n: number): Array<Record<string, unknown>> {
  return Array.from({ length: n }, (_, i) => ({
    rule: NUMERIC_RULE_IDS[i % NUMERIC_RULE_IDS.length],
    dealbreaker: false,
    min: 1 + Math.floor(i / NUMERIC_RULE_IDS.length),
  }));
}

function triggersBody(n: number): Record<string, unknown> {
  const triggers = EVENT_TYPES.slice(0, n);
  const triggerConfigs: Record<string, unknown> = {};
  for (const t of triggers)
    if (t === "microblog_mention_direct" || t === "post_metadata_match") triggerConfigs[t] = { tagId: "all" };
  return { triggers, triggerConfigs };
}

const shown = (r: { max: number; capped: boolean }) => (r.capped ? `≥ ${r.max}` : `≤ ${r.max}`);

export const lengthLimitsCheck = writeCheck({
  item: "length limits",
  spec: "not shown (name, description, rules, triggers)",
  emulatorReading: `name ≤ ${STRATEGY_LIMITS.nameMaxLength}, description ≤ ${STRATEGY_LIMITS.descriptionMaxLength}, rules ≤ ${STRATEGY_LIMITS.maxRules}, triggers ≤ ${STRATEGY_LIMITS.maxTriggers}`,
  async observe(ctx, probe) {
    const mark = `${temporaryStrategyName("doctor", ctx.options.runId, "")}`;
    const nameOf = (n: number) =>
      (mark + "n".repeat(Math.max(0, n - mark.length))).slice(0, Math.max(n, mark.length));
    const name = await findLimit(
      patchAccepts(ctx, probe.id, (n) => ({ name: nameOf(n) })),
      STRATEGY_LIMITS.nameMaxLength,
      mark.length,
      1000,
    );
    const description = await findLimit(
      patchAccepts(ctx, probe.id, (n) => ({ description: "d".repeat(n) })),
      STRATEGY_LIMITS.descriptionMaxLength,
      1,
      10_000,
    );
    const rules = await findLimit(
      patchAccepts(ctx, probe.id, (n) => ({ rules: numericRules(n) })),
      STRATEGY_LIMITS.maxRules,
      1,
      200,
    );
    const triggers = await findLimit(
      patchAccepts(ctx, probe.id, triggersBody),
      STRATEGY_LIMITS.maxTriggers,
      1,
      EVENT_TYPES.length,
    );
    const triggerText =
      triggers.max === EVENT_TYPES.length ? `≤ ${triggers.max} (every event type)` : shown(triggers);
    const observed = `name ${shown(name)}, description ${shown(description)}, rules ${shown(rules)}, triggers ${triggerText}`;
    const equal =
      name.max === STRATEGY_LIMITS.nameMaxLength &&
      description.max === STRATEGY_LIMITS.descriptionMaxLength &&
      rules.max === STRATEGY_LIMITS.maxRules &&
      triggers.max === STRATEGY_LIMITS.maxTriggers &&
      !name.capped &&
      !description.capped &&
      !rules.capped;
    // Lower limits make the service refuse what the provider's preview accepted: the provider
    // reports the service's own 400 then, so they differ without breaking it.
    return equal ? same(observed) : differs(observed);
  },
});
