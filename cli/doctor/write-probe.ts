/**
 * `--write-probe`: one temporary inactive strategy, marked like the review's, to see what only a
 * write shows (PATCH semantics, the 400 layout, the length limits). It is deleted at the end and
 * on SIGINT/SIGTERM; one left by a killed run is swept by the next run's probe.
 */
import { NUMERIC_RULE_IDS } from "../../provider/model/rule-catalog";
import { StrategyEnvelopeSchema } from "../../provider/model/schemas/strategy-responses";
import { STRATEGY_LIMITS } from "../../provider/model/strategy-limits";
import { parseTemporaryStrategyName, temporaryStrategyName } from "../../provider/model/temporary-strategies";
import { EVENT_TYPES } from "../../provider/model/triggers";
import {
  breaks,
  type Check,
  type DoctorContext,
  differs,
  notObservable,
  type Observation,
  same,
} from "./check";
import { isErrorBody } from "./connection";
import type { DoctorResponse } from "./http";
import { describeBody, keysOf } from "./text";

const notChecked = (): Observation => ({
  observed: "not checked (pass --write-probe)",
  differs: false,
  breaks: false,
});

/** State the write-probe checks share within one run. */
interface Probe {
  id?: string;
  name: string;
  /** Why the probe strategy is missing, when its creation failed. */
  failed?: string;
}

const probes = new WeakMap<DoctorContext, Probe>();

function probeOf(ctx: DoctorContext): Probe {
  let p = probes.get(ctx);
  if (!p) {
    p = { name: temporaryStrategyName("doctor", ctx.options.runId, "write probe") };
    probes.set(ctx, p);
  }
  return p;
}

function writeCheck(
  check: Omit<Check, "observe"> & {
    observe(ctx: DoctorContext, probe: Probe & { id: string }): Promise<Observation>;
  },
): Check {
  return {
    ...check,
    async observe(ctx) {
      if (!ctx.options.writeProbe) return notChecked();
      const probe = probeOf(ctx);
      if (!probe.id) return notObservable(probe.failed ?? "no probe strategy");
      return check.observe(ctx, probe as Probe & { id: string });
    },
  };
}

const RULES_A = [
  { rule: "is_honeypot", dealbreaker: true },
  { rule: "liquidity_usd", dealbreaker: false, min: 1000 },
];

export const sweepCheck: Check = {
  item: "leftover temporary strategies",
  spec: "(the doctor's own mark: [doctor-tmp <run>])",
  emulatorReading: "none left by earlier runs",
  async observe(ctx) {
    if (!ctx.options.writeProbe) return notChecked();
    const started = ctx.startedAt + ctx.skewMs;
    const res = await ctx.http.send("GET", "/strategies");
    const list = (res.json as { strategies?: Array<{ id?: unknown; name?: unknown; createdAt?: unknown }> })
      ?.strategies;
    if (res.status !== 200 || !Array.isArray(list))
      return notObservable(`GET /strategies answered ${res.status}`);
    const leftovers = list.filter((s) => {
      const mark = typeof s.name === "string" ? parseTemporaryStrategyName(s.name) : undefined;
      const created = Date.parse(String(s.createdAt ?? ""));
      // Only other runs' strategies made before this run began: a concurrent doctor keeps its own.
      return (
        mark?.tool === "doctor" &&
        mark.runId !== ctx.options.runId &&
        (!Number.isFinite(created) || created < started)
      );
    });
    let deleted = 0;
    for (const s of leftovers) {
      const del = await ctx.http.send("DELETE", `/strategies/${encodeURIComponent(String(s.id))}`);
      if (del.status < 300 || del.status === 404) deleted++;
    }
    if (leftovers.length > 0)
      ctx.options.log(
        `deleted ${deleted} of ${leftovers.length} temporary strategies left by earlier doctor runs`,
      );
    return same(leftovers.length === 0 ? "none" : `${deleted} of ${leftovers.length} deleted`);
  },
};

export const createCheck: Check = {
  item: "create an inactive strategy",
  spec: "POST /strategies → {strategy}",
  emulatorReading: "201 {strategy} (create view)",
  async observe(ctx) {
    if (!ctx.options.writeProbe) return notChecked();
    const probe = probeOf(ctx);
    const pending = ctx.http.send("POST", "/strategies", {
      body: {
        name: probe.name,
        description: "Made by strategy-alerts doctor --write-probe; deleted when it ends.",
        triggers: ["new_token_created"],
        rules: RULES_A,
        isActive: false,
      },
    });
    // Registered before the answer: a signal during the create waits for it, then deletes.
    ctx.cleanups.push(() => deleteProbe(ctx, probe, pending));
    const res = await pending;
    const parsed = StrategyEnvelopeSchema.safeParse(res.json);
    if (res.status >= 300 || !parsed.success) {
      probe.failed = "the probe strategy could not be created";
      return breaks(`answered ${res.status}: ${describeBody(res)}`);
    }
    probe.id = parsed.data.strategy.id;
    ctx.options.log(`created the probe strategy ${probe.name}`);
    return same(`${res.status} {strategy}`);
  },
};

/**
 * Deletes the probe strategy once its create has settled. Without an id from the answer (lost,
 * or the run was interrupted first) the strategy is looked up by its name, unique to this run.
 */
async function deleteProbe(
  ctx: DoctorContext,
  probe: Probe,
  pending: Promise<DoctorResponse>,
): Promise<void> {
  const created = await pending.catch(() => undefined);
  let id = probe.id ?? StrategyEnvelopeSchema.safeParse(created?.json).data?.strategy.id;
  if (!id) {
    const list = await ctx.http.send("GET", "/strategies");
    const found = (list.json as { strategies?: Array<{ id?: unknown; name?: unknown }> })?.strategies?.find(
      (s) => s.name === probe.name,
    );
    if (typeof found?.id === "string") id = found.id;
  }
  if (!id) return;
  const del = await ctx.http.send("DELETE", `/strategies/${encodeURIComponent(id)}`);
  if (del.status >= 300 && del.status !== 404)
    ctx.options.log(`could not delete the probe strategy (${del.status}); the next --write-probe sweeps it`);
  else ctx.options.log("deleted the probe strategy");
}

/** The rule ids of a strategy's stored form, sorted. */
function storedRuleIds(json: unknown): string[] {
  const s = (json as { strategy?: Record<string, unknown> })?.strategy ?? {};
  const ids: string[] = [];
  for (const d of (s.dealbreakers as Array<{ ruleType?: string }>) ?? []) ids.push(String(d.ruleType));
  for (const g of (s.ruleGroups as Array<{ rules?: Array<{ ruleType?: string }> }>) ?? [])
    for (const r of g.rules ?? []) ids.push(String(r.ruleType));
  return ids.sort();
}

export const patchReplacesCheck = writeCheck({
  item: "PATCH with rules replaces rules",
  spec: "rules replaces all saved rules (4.2 rule 2)",
  emulatorReading: "replaces all saved rules",
  async observe(ctx, probe) {
    const patch = await ctx.http.send("PATCH", `/strategies/${probe.id}`, {
      body: { rules: [{ rule: "has_website", dealbreaker: false }] },
    });
    if (patch.status >= 300) return breaks(`PATCH answered ${patch.status}: ${describeBody(patch)}`);
    const read = await ctx.http.send("GET", `/strategies/${probe.id}`);
    if (read.status !== 200) return breaks(`GET /strategies/:id answered ${read.status}`);
    const ids = storedRuleIds(read.json);
    // The provider's update sends the whole declared rule set; a merge would keep removed rules.
    if (ids.length === 1 && ids[0] === "has_website") return same("replaces all saved rules");
    return breaks(`after PATCH the rules are ${ids.join(", ") || "none"} (expected has_website only)`);
  },
});

export const invalidRuleCheck = writeCheck({
  item: "400 for an invalid rule",
  spec: "400 {statusCode, message, error}; message names rules[index]",
  emulatorReading: "400 {statusCode, message, error, issues[{path, message}]}; message names rules[1]",
  async observe(ctx, probe) {
    const res = await ctx.http.send("PATCH", `/strategies/${probe.id}`, {
      body: {
        rules: [
          { rule: "has_website", dealbreaker: false },
          { rule: "liquidity_usd", dealbreaker: false, value: "not a number rule" },
        ],
      },
    });
    if (res.status < 300) return differs(`accepted a numeric rule carrying value (${res.status})`);
    if (res.status !== 400) return differs(`answered ${res.status}: ${describeBody(res)}`);
    const body = res.json as Record<string, unknown> | undefined;
    const issues = body?.issues;
    const issuesLayout =
      Array.isArray(issues) &&
      issues.every(
        (i) =>
          typeof (i as Record<string, unknown>)?.path === "string" &&
          typeof (i as Record<string, unknown>)?.message === "string",
      );
    const layout = isErrorBody(body)
      ? issuesLayout
        ? "{statusCode, message, error, issues[{path, message}]}"
        : keysOf(body)
      : keysOf(body);
    const message = Array.isArray(body?.message) ? body.message.join("; ") : String(body?.message ?? "");
    const names = message.includes("rules[1]");
    const naming = names
      ? "message names rules[1]"
      : res.text.includes("rules[1]")
        ? "message does not name rules[1], the body elsewhere does"
        : `nothing names rules[1]: ${describeBody(res)}`;
    const observed = `400 ${layout}; ${naming}`;
    return isErrorBody(body) && issuesLayout && names ? same(observed) : differs(observed);
  },
});

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
      throw new Error(`PATCH answered ${res.status} while probing lengths: ${describeBody(res)}`);
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

export const devWriteAnswersCheck = writeCheck({
  item: "developer write answers",
  spec: "not shown (confirmation)",
  emulatorReading: "update → {success, developer}; tags → {success, tagIds}",
  async observe(ctx) {
    const list = await ctx.http.send("GET", "/devs/my", { query: { isActive: "true", limit: "1" } });
    const dev = (list.json as { developers?: Array<{ address?: unknown }> })?.developers?.[0];
    if (list.status !== 200 || typeof dev?.address !== "string")
      return notObservable("no active followed developer to rewrite unchanged");
    const address = encodeURIComponent(dev.address);
    const tags = await ctx.http.send("GET", `/devs/${address}/tags`);
    const tagIds = (tags.json as { tagIds?: unknown })?.tagIds;
    if (tags.status !== 200 || !Array.isArray(tagIds))
      return notObservable(`GET /devs/:address/tags answered ${tags.status}`);
    // Both writes repeat the developer's current state, so nothing changes in the account.
    const update = await ctx.http.send("PUT", `/devs/${address}/update`, { body: { isActive: true } });
    const setTags = await ctx.http.send("PUT", `/devs/${address}/tags`, { body: { tagIds } });
    if (update.status >= 300 || setTags.status >= 300)
      return breaks(
        `update answered ${update.status}, tags ${setTags.status}: ${describeBody(update.status >= 300 ? update : setTags)}`,
      );
    const observed = `update → ${keysOf(update.json ?? {})}; tags → ${keysOf(setTags.json ?? {})}`;
    const u = update.json as Record<string, unknown> | undefined;
    const t = setTags.json as Record<string, unknown> | undefined;
    const likeEmulator =
      typeof u?.developer === "object" &&
      u?.developer !== null &&
      Array.isArray(t?.tagIds) &&
      u?.success === true;
    return likeEmulator ? same(observed) : differs(observed);
  },
});

export const writeProbeChecks: Check[] = [
  sweepCheck,
  createCheck,
  patchReplacesCheck,
  invalidRuleCheck,
  lengthLimitsCheck,
  devWriteAnswersCheck,
];
