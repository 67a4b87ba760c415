/**
 * How each interrupted create is settled. A strategy create is the only one that is not safe to
 * repeat: it is imported when exactly one live strategy is its twin (same name and content,
 * created since the interrupted update began, held by no stack), cleared when none is (the
 * request never reached the service), and left for a person when several are. Every other kind's
 * create is safe to repeat (a PUT or an idempotent follow): cleared, the next `up` sends it again.
 */
import type { Strategy, StrategyInput } from "../../provider/model/strategy";
import { STRATEGY_FIELDS } from "../../provider/model/strategy";
import { sameContent } from "../../provider/runtime/strategy-create-once";
import type { PendingCreate } from "./stack-state";

export type Settlement =
  | { create: PendingCreate; action: "import"; id: string }
  | { create: PendingCreate; action: "clear"; reason: string }
  | { create: PendingCreate; action: "ambiguous"; ids: string[] }
  | { create: PendingCreate; action: "other-account"; account: string };

/** Allows for the service's clock running behind ours. */
const CLOCK_SKEW_MS = 5 * 60_000;

export interface Account {
  /** The account of the key in use. */
  id: string;
  /** The account's own strategies (never official ones). */
  strategies: Strategy[];
  /** Ids that a resource of this stack or of any other stack of the project holds. */
  held: ReadonlySet<string>;
  /** When the interrupted update began at the earliest (ms since the epoch). */
  since: number;
}

export function settle(creates: PendingCreate[], account: Account): Settlement[] {
  const twins = new Map<PendingCreate, Strategy[]>();
  for (const create of creates)
    if (create.kind === "Strategy" && (create.account ?? account.id) === account.id)
      twins.set(create, twinsOf(create, account));
  // One live strategy can be the result of one create only: two identical interrupted creates
  // sharing candidates are for a person to tell apart.
  const claims = new Map<string, number>();
  for (const found of twins.values()) for (const s of found) claims.set(s.id, (claims.get(s.id) ?? 0) + 1);
  return creates.map((create): Settlement => {
    if (create.account !== undefined && create.account !== account.id)
      return { create, action: "other-account", account: create.account };
    const adopted = create.inputs.adopt;
    if (create.kind === "Strategy" && typeof adopted === "string")
      return { create, action: "import", id: adopted };
    const found = twins.get(create);
    if (found === undefined)
      return { create, action: "clear", reason: "safe to repeat: the next `pulumi up` sends it again" };
    if (found.length === 0)
      return {
        create,
        action: "clear",
        reason: "no strategy of its content was created: it never reached the service",
      };
    if (found.length === 1 && claims.get(found[0]!.id) === 1)
      return { create, action: "import", id: found[0]!.id };
    return { create, action: "ambiguous", ids: found.map((s) => s.id) };
  });
}

function twinsOf(create: PendingCreate, account: Account): Strategy[] {
  const body = Object.fromEntries(
    STRATEGY_FIELDS.filter((f) => create.inputs[f] !== undefined).map((f) => [f, create.inputs[f]]),
  ) as unknown as StrategyInput;
  return account.strategies.filter(
    (s) =>
      !account.held.has(s.id) &&
      s.isGlobal !== true &&
      Date.parse(s.createdAt) >= account.since - CLOCK_SKEW_MS &&
      sameContent(s, body),
  );
}
