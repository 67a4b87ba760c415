/**
 * The bound a new Strategy's check stamps on its inputs, and the engine records with the
 * pending create: no strategy its update makes can carry an earlier `createdAt`. It is what lets
 * `strategy-alerts recover` rule out a twin that another team (another backend, the app) made
 * before the update began.
 *
 * It is taken on the service's clock, the one `createdAt` is measured on, once per run, when its
 * first new strategy is checked (before any strategy of the run is created): the service's time
 * when the request of the latest answer then known was sent, at its earliest, with the
 * uncertainty of that reading (the `Date` header's second plus the round trip;
 * provider/api/service-clock.ts).
 * Without a calibration (an answer with no readable `Date` header) it is this machine's clock,
 * stamped without an uncertainty, and recover treats it as an older provider's: it never
 * imports on such a bound.
 *
 * The first create of a run waits, before its POST, until the service's clock has certainly
 * passed the bound plus its uncertainty, so a strategy the run makes never falls inside the
 * band recover cannot decide on. That is at most one second and a round trip after the run's
 * first answer, and only once.
 */
import { type ServiceDateSample, serviceTimeAt } from "../api/service-clock";
import type { RuntimeContext } from "./context";
import type { PropertyBag } from "./inputs";
import type { RunState } from "./run-state";

/** An ISO 8601 time; the name and format every version of the provider has stamped. */
export const CREATE_BOUND_INPUT = "createdNotBefore";
/**
 * Milliseconds: the bound is on the service's clock and the true time lies at most this much
 * after it. Absent on a bound taken on this machine's clock (an older provider's, or no calibration).
 */
export const CREATE_BOUND_UNCERTAINTY_INPUT = "createdNotBeforeUncertaintyMs";

export type CreateBound =
  | { clock: "service"; atMs: number; uncertaintyMs: number }
  | { clock: "local"; atMs: number };

/** The run's service-clock bound and the answer it was read from, taken once per run. */
const runBounds = new WeakMap<
  RunState,
  { bound: CreateBound & { clock: "service" }; sample: ServiceDateSample }
>();

/**
 * The bound's inputs for a check: a new strategy's own (the run's), or what the state holds (so
 * a later check shows no change); nothing for an adoption or a resource stamped by no version.
 */
export function createBoundInputs(
  ctx: RuntimeContext,
  creating: boolean,
  previous: PropertyBag,
): PropertyBag {
  if (creating) return boundInputs(runBound(ctx));
  const held = previous[CREATE_BOUND_INPUT];
  if (typeof held !== "string") return {};
  const uncertainty = previous[CREATE_BOUND_UNCERTAINTY_INPUT];
  return typeof uncertainty === "number"
    ? { [CREATE_BOUND_INPUT]: held, [CREATE_BOUND_UNCERTAINTY_INPUT]: uncertainty }
    : { [CREATE_BOUND_INPUT]: held };
}

/** The bound a create's inputs carry; undefined when none (or an unreadable one). */
export function readCreateBound(inputs: PropertyBag): CreateBound | undefined {
  const stamp = inputs[CREATE_BOUND_INPUT];
  const atMs = typeof stamp === "string" ? Date.parse(stamp) : Number.NaN;
  if (Number.isNaN(atMs)) return undefined;
  const uncertaintyMs = inputs[CREATE_BOUND_UNCERTAINTY_INPUT];
  return typeof uncertaintyMs === "number" && Number.isFinite(uncertaintyMs) && uncertaintyMs >= 0
    ? { clock: "service", atMs, uncertaintyMs }
    : { clock: "local", atMs };
}

/**
 * Waits, before a create's POST, until the service's clock has certainly passed its bound plus
 * the uncertainty (see the module's comment); returns at once when it has, or when the bound is
 * not on the service's clock. Never longer than the uncertainty.
 */
export async function passCreateBound(
  ctx: RuntimeContext,
  inputs: PropertyBag,
  now: () => number = Date.now,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): Promise<void> {
  const bound = readCreateBound(inputs);
  if (bound?.clock !== "service") return;
  const samples = [runBounds.get(ctx.run)?.sample, ctx.client().serviceDate].filter(
    (s): s is ServiceDateSample => s !== undefined,
  );
  if (samples.length === 0) return;
  const local = now();
  // Each answer gives a lower bound of the service's clock; the highest is the tightest.
  const earliest = Math.max(...samples.map((s) => serviceTimeAt(s, local).earliestMs));
  const waitMs = Math.min(bound.atMs + bound.uncertaintyMs - earliest, bound.uncertaintyMs);
  if (waitMs > 0) await sleep(waitMs);
}

function runBound(ctx: RuntimeContext): CreateBound {
  const known = runBounds.get(ctx.run);
  if (known) return known.bound;
  const sample = ctx.client().serviceDate;
  if (!sample) return { clock: "local", atMs: Date.now() };
  // The service's clock when the answer's request was sent: before the request reached it.
  const at = serviceTimeAt(sample, sample.sentAtMs);
  const bound = { clock: "service" as const, atMs: at.earliestMs, uncertaintyMs: at.uncertaintyMs };
  runBounds.set(ctx.run, { bound, sample });
  return bound;
}

function boundInputs(bound: CreateBound): PropertyBag {
  const at = { [CREATE_BOUND_INPUT]: new Date(bound.atMs).toISOString() };
  return bound.clock === "service" ? { ...at, [CREATE_BOUND_UNCERTAINTY_INPUT]: bound.uncertaintyMs } : at;
}
