/**
 * The write probe's one temporary inactive strategy, marked like the review's: its creation, its
 * deletion (at the end of the group, and on SIGINT/SIGTERM through the context's cleanups) and
 * the sweep of those that killed runs left behind.
 */
import { StrategyEnvelopeSchema } from "../../provider/model/schemas/strategy-responses";
import { parseTemporaryStrategyName, temporaryStrategyName } from "../../provider/model/temporary-strategies";
import { breaks, type Check, type DoctorContext, notObservable, type Observation, same } from "./check";
import type { DoctorResponse } from "./http";
import { describeBody } from "./text";

const notChecked = (): Observation => ({
  observed: "not checked (pass --write-probe)",
  differs: false,
  breaks: false,
});

/** State the write-probe checks share within one run. */
export interface Probe {
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

export function writeCheck(
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

/** Two rules of two kinds, so the PATCH check sees whether a one-rule patch replaced them. */
const PROBE_RULES = [
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
        rules: PROBE_RULES,
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
