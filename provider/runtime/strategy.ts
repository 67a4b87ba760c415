import { AmbiguousWriteError, NotFoundError } from "../api/errors";
import { canonicalRules, canonicalStrategyInput, stableStringify } from "../model/canonical";
import { storedToRules } from "../model/rule-mapping";
import {
  STRATEGY_FIELDS,
  STRATEGY_OUTPUT_FIELDS,
  type Strategy,
  type StrategyInput,
  type StrategyPatch,
} from "../model/strategy";
import { validateStrategyInput } from "../model/validate-strategy";
import type { RuntimeContext } from "./context";
import { operation, ServiceStateError } from "./errors";
import type { KindHandler } from "./handlers";
import { isUnknown, type PropertyBag, pick, underAny, unknownPaths, withoutProvider } from "./inputs";
import { liveOutputs, outputsAfterPatch, type StrategyLiveOutputs } from "./strategy-patch-result";
import { tokenAgeWarnings } from "./token-age";

const OUTPUT_FIELDS: readonly string[] = STRATEGY_OUTPUT_FIELDS;

/** What a removed optional input resets to, so deleting a line in code is an update. */
const RESET_VALUES: PropertyBag = {
  description: null,
  triggerConfigs: null,
  strict: false,
  alertCooldownMins: 0,
};

/** A strategy the service made at or after our request's send time, allowing for clock skew. */
const CLOCK_SKEW_MS = 5 * 60_000;
/** How often one create is sent when its outcome stays unknown (each one reconciled first). */
const CREATE_ATTEMPTS = 3;
/** How far back a strategy left unrecorded by an interrupted run is taken over on create. */
const ORPHAN_WINDOW_MS = 24 * 3_600_000;

function label(inputs: PropertyBag): string {
  return `Strategy "${typeof inputs.name === "string" ? inputs.name : "?"}"`;
}

export const strategyHandler: KindHandler = {
  async check(ctx, olds, news) {
    const inputs = withoutProvider(news);
    const unknown = unknownPaths(inputs);
    // Strategy never manages activity (StrategyActivation does): validate as a create body.
    const result = validateStrategyInput({ ...pick(inputs, STRATEGY_FIELDS), isActive: false }, "create");
    const failures = result.ok
      ? []
      : result.issues
          .filter((i) => !underAny(i.path, unknown))
          .map((i) => ({ property: i.path || "name", reason: i.message }));
    if (inputs.adopt !== undefined && !isUnknown(inputs.adopt) && typeof inputs.adopt !== "string") {
      failures.push({ property: "adopt", reason: "adopt must be the id of an existing strategy" });
    }
    if (failures.length > 0) return { inputs, failures };
    if (unknown.length > 0) return { inputs };

    // Struct values cannot be undefined: drop absent optionals.
    const canonical = stripUndefined({
      ...canonicalStrategyInput(pick(inputs, STRATEGY_FIELDS) as StrategyInput),
      adopt: inputs.adopt,
    });
    const isNew = Object.keys(withoutProvider(olds)).length === 0;
    if (isNew && canonical.adopt === undefined) {
      const limitFailure = await operation(label(canonical), "preview (plan limits)", () =>
        totalLimitFailure(ctx, canonical),
      );
      if (limitFailure) return { inputs: canonical, failures: [limitFailure] };
    }
    return { inputs: canonical };
  },

  async diff(ctx, id, olds, news) {
    ctx.run.claimedStrategyIds.add(id);
    const changed = changedFields(olds, news);
    return { changes: changed.length > 0, replaces: [] };
  },

  async create(ctx, inputs) {
    const declared = withoutProvider(inputs);
    return operation(label(declared), "create", async () => {
      const body = { ...pick(declared, STRATEGY_FIELDS), isActive: false } as StrategyInput;
      const strategy =
        typeof declared.adopt === "string"
          ? await adopt(ctx, declared.adopt, body)
          : await createOnce(ctx, body);
      await ctx.run.noteStrategy(strategy);
      return { id: strategy.id, outs: outputs(declared, strategy) };
    });
  },

  async read(ctx, id, props) {
    const previous = withoutProvider(props);
    ctx.run.claimedStrategyIds.add(id);
    return operation(`Strategy ${id}`, "refresh", async () => {
      // One list read serves the refresh of every strategy of the stack.
      const live = (await ctx.run.strategies()).get(id);
      if (!live) return {};
      // With no state of ours (`Strategy.get`, `pulumi import`), the inputs are what an import declares.
      const inputs = declaresNothing(previous) ? declaredFromLive(live) : inputsFromLive(previous, live);
      for (const warning of tokenAgeWarnings(live)) console.error(warning);
      return { id, props: outputs(inputs, live), inputs };
    });
  },

  async update(ctx, id, olds, news) {
    const previous = withoutProvider(olds);
    const declared = withoutProvider(news);
    return operation(label(declared), "update", async () => {
      const patch = patchFor(previous, declared);
      // Only `adopt` changed: nothing to send, the object is as it was.
      if (Object.keys(patch).length === 0) return { outs: { ...declared, ...pick(previous, OUTPUT_FIELDS) } };
      return { outs: { ...declared, ...(await patchStrategy(ctx, id, previous, patch)) } };
    });
  },

  async delete(ctx, id, props) {
    await operation(label(withoutProvider(props)), "delete", async () => {
      try {
        await ctx.client().strategies.delete(id);
      } catch (err) {
        // Already gone (deleted in the app, or our earlier attempt succeeded): the goal is met.
        if (!(err instanceof NotFoundError)) throw err;
      }
      await ctx.run.forgetStrategy(id);
    });
  },
};

function stripUndefined(bag: PropertyBag): PropertyBag {
  return Object.fromEntries(Object.entries(bag).filter(([, v]) => v !== undefined));
}

/** Domain fields whose canonical values differ; `adopt` is never a change. */
export function changedFields(olds: PropertyBag, news: PropertyBag): string[] {
  return STRATEGY_FIELDS.filter((f) => stableStringify(olds[f] ?? null) !== stableStringify(news[f] ?? null));
}

/**
 * Only what changed. A PATCH with `rules` replaces every saved rule, so any rule change sends
 * the whole declared set; a change of name or cooldown alone never resends rules.
 */
export function patchFor(olds: PropertyBag, news: PropertyBag): StrategyPatch {
  const patch: PropertyBag = {};
  for (const field of changedFields(olds, news)) {
    const value = news[field];
    if (value !== undefined) patch[field] = value;
    else if (field in RESET_VALUES) patch[field] = RESET_VALUES[field];
  }
  // Trigger configs are checked against the triggers they configure: send them together.
  if (patch.triggers !== undefined && news.triggerConfigs !== undefined)
    patch.triggerConfigs = news.triggerConfigs;
  return patch as StrategyPatch;
}

function outputs(inputs: PropertyBag, s: Strategy): PropertyBag {
  return { ...inputs, ...liveOutputs(s) };
}

/**
 * One PATCH per changed strategy; the outputs follow from its answer, the patch and the previous
 * outputs (outputsAfterPatch). Only when the answer lacks the rule ids the service regenerated
 * is the strategy read back, and then through one batched list read, never a GET per strategy.
 */
async function patchStrategy(
  ctx: RuntimeContext,
  id: string,
  previous: PropertyBag,
  patch: StrategyPatch,
): Promise<StrategyLiveOutputs> {
  const answer = await ctx.client().strategies.update(id, patch);
  const result = outputsAfterPatch(previous, patch, answer);
  if (result.known) {
    const { strategyId: _id, ...fields } = result.live;
    ctx.run.claimedStrategyIds.add(id);
    await ctx.run.noteUpdate(id, { ...fields, ...pick(answer, ["name", "description"]) });
    return result.live;
  }
  const live = await ctx.run.readBack(id);
  if (!live)
    throw new ServiceStateError(
      `strategy ${id} was updated but GET /strategies no longer lists it (deleted meanwhile?); ` +
        "run `pulumi refresh` to drop it from the stack, then `pulumi up` to create it again",
    );
  await ctx.run.noteStrategy(live);
  return liveOutputs(live);
}

/**
 * Inputs rebuilt from the live object so a change made in the app shows in the next preview.
 * Fields the API never returns (triggerConfigs, retryPolicy) and `adopt` are kept; an optional
 * input left out of the code stays out while the service holds its default.
 */
export function inputsFromLive(previous: PropertyBag, live: Strategy): PropertyBag {
  const inputs: PropertyBag = {};
  for (const [k, v] of Object.entries(previous)) if (!OUTPUT_FIELDS.includes(k)) inputs[k] = v;
  inputs.name = live.name;
  setUnlessDefault(inputs, previous, "description", live.description ?? null, null);
  inputs.triggers = [...new Set(live.triggers.filter((t) => t.enabled).map((t) => t.eventType))].sort();
  inputs.rules = canonicalRules(storedToRules(live));
  setUnlessDefault(inputs, previous, "strict", live.strict, false);
  setUnlessDefault(inputs, previous, "alertCooldownMins", live.alertCooldownMins, 0);
  if (live.matching !== undefined && previous.matching !== undefined) inputs.matching = live.matching;
  return inputs;
}

/** A read with no state of ours: `pulumi import` of the plugin, or `Strategy.get`. */
function declaresNothing(previous: PropertyBag): boolean {
  return STRATEGY_FIELDS.every((f) => previous[f] === undefined);
}

/**
 * The inputs that declare `live` exactly as the service holds it, with no earlier declaration to
 * follow: what adoption compares against, what `strategy-alerts import` writes, and what a read
 * with no prior state answers (so the preview right after an import shows no change). Defaults
 * are left out; the trigger configs the service returns are there (canonical, for the triggers
 * in use), `matching` when it is not the default.
 */
export function declaredFromLive(live: Strategy): PropertyBag {
  const inputs = inputsFromLive({}, live);
  const configs = (live as { triggerConfigs?: StrategyInput["triggerConfigs"] }).triggerConfigs;
  if (configs) {
    const used = Object.entries(configs).filter(([trigger]) => inputs.triggers.includes(trigger));
    const canonical = canonicalStrategyInput({
      triggers: inputs.triggers,
      triggerConfigs: Object.fromEntries(used),
    } as StrategyPatch).triggerConfigs;
    if (canonical) inputs.triggerConfigs = canonical;
  }
  const matching = live.matching;
  if (matching && (matching.enabled || matching.minPercent !== 0))
    inputs.matching = { enabled: matching.enabled, minPercent: matching.minPercent };
  return inputs;
}

function setUnlessDefault(
  inputs: PropertyBag,
  previous: PropertyBag,
  key: string,
  live: unknown,
  fallback: unknown,
) {
  if (previous[key] === undefined && stableStringify(live ?? null) === stableStringify(fallback))
    delete inputs[key];
  else inputs[key] = live;
}

async function totalLimitFailure(
  ctx: RuntimeContext,
  inputs: PropertyBag,
): Promise<{ property: string; reason: string } | undefined> {
  const account = await ctx.run.account();
  const total = account.limits.strategies.total;
  if (total === null) return undefined;
  ctx.run.pendingCreates.add(stableStringify(pick(inputs, STRATEGY_FIELDS)));
  const existing = (await ctx.run.strategies()).size;
  const planned = existing + ctx.run.pendingCreates.size;
  if (planned <= total) return undefined;
  return {
    property: "name",
    reason:
      `creating strategy "${inputs.name}" would exceed the ${account.plan} plan's total of ${total} strategies: ` +
      `the account has ${existing} and this update creates ${ctx.run.pendingCreates.size}. ` +
      "Delete strategies or adopt existing ones (adopt: <id>) instead of creating new ones.",
  };
}

/** Takes over an existing strategy: read it, then bring it to the declared state. */
async function adopt(ctx: RuntimeContext, id: string, body: StrategyInput): Promise<Strategy> {
  const client = ctx.client();
  let existing: Strategy;
  try {
    // The listing (read once per run) also carries `matching`, which the single read lacks.
    existing = (await ctx.run.strategies()).get(id) ?? (await client.strategies.get(id));
  } catch (err) {
    if (err instanceof NotFoundError) {
      throw new ServiceStateError(
        `adopt: no strategy ${id} in this account (it may have been deleted, or belongs to another user); ` +
          "check the id given as adopt, or remove adopt to create the strategy",
      );
    }
    throw err;
  }
  for (const warning of tokenAgeWarnings(existing)) console.error(warning);
  const { isActive: _activity, ...declared } = body;
  // Only what differs is sent: adopting a strategy exactly as the app holds it writes nothing.
  const patch = adoptionPatch(existing, canonicalStrategyInput(declared));
  if (Object.keys(patch).length === 0) return existing;
  // The PATCH answer, the declared inputs and the listed strategy give every output: no read back.
  const live = await patchStrategy(ctx, id, liveOutputs(existing), patch);
  return {
    ...existing,
    ...pick(declared, ["name", "description", "strict", "alertCooldownMins"]),
    ...live,
    id,
  };
}

/**
 * What adoption must send to bring `live` to the declared inputs. Trigger configs are compared
 * only when the service returns them, and retryPolicy never is: a declared value of a field the
 * service does not return is always sent, an undeclared one is left as the service holds it.
 */
export function adoptionPatch(live: Strategy, declared: PropertyBag): StrategyPatch {
  const current = declaredFromLive(live);
  const configs = (live as { triggerConfigs?: StrategyInput["triggerConfigs"] }).triggerConfigs;
  const unread: string[] = ["retryPolicy"];
  if (configs === undefined) unread.push("triggerConfigs");
  // Compared as held, defaults included: declaring the default explicitly then writes nothing.
  if (live.matching !== undefined) current.matching = live.matching;
  const patch: PropertyBag = patchFor(current, declared);
  for (const field of unread) {
    if (declared[field] !== undefined) patch[field] = declared[field];
    else delete patch[field];
  }
  return patch as StrategyPatch;
}

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
async function createOnce(ctx: RuntimeContext, body: StrategyInput): Promise<Strategy> {
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
