/**
 * How recover settles an interrupted create of each kind, in one table keyed by `ResourceKind`:
 * a new kind fails to compile here until it says how its interrupted create is settled, so none
 * falls silently into another kind's branch.
 *
 * - `strategy`: a strategy is found by its content and creation time (settle.ts, settleStrategy).
 * - `clear`: nothing on the service is the create's object; the next `pulumi up` sends it again.
 * - `keyed`: the create's object is the account's one object under a key (the webhook, a
 *   developer's address); it exists or it does not, and only the stack's proof or `--adopt`
 *   takes an existing one.
 *
 * Each kind also says whose holding of its id counts (`idScope`), so recover never asks which
 * kind it is by name.
 */
import { canonicalStringSet } from "../../provider/model/canonical";
import { KINDS } from "../../provider/model/kinds";
import type { ResourceKind } from "../../provider/model/type-tokens";

export interface LiveDeveloper {
  address: string;
  alias: string | null;
  active: boolean;
  tagIds: string[];
}

/** The account's objects a keyed create is compared with, read only when such a create is pending. */
export interface LiveObjects {
  /** The account's webhook. */
  webhook?: { url: string | null; enabled: boolean };
  /** The followed developers by address. */
  developers?: ReadonlyMap<string, LiveDeveloper>;
}

/** Whether the create's object exists, and if so whether it is what the create declares. */
type KeyedState =
  | { kind: "absent"; what: string }
  | { kind: "same"; what: string }
  | { kind: "different"; what: string };

export interface KeyedRecovery {
  settle: "keyed";
  /** Which of the account's objects recover reads for it. */
  reads: keyof LiveObjects;
  /** The id its object goes by, as `--adopt` names it. */
  keyOf(inputs: Record<string, unknown>): string;
  state(inputs: Record<string, unknown>, live: LiveObjects): KeyedState;
}

/**
 * Which stacks hold an object of the kind by its id. `service`: the service gives the id to one
 * object of all its accounts (a strategy's id), so a stack that records it holds that object
 * whatever account the stack records. `account`: each account has its own object under the id
 * (`webhook`, a developer's address), so only a stack of this account holds it, or one that
 * records no account (it may be of this one).
 */
type IdScope = "service" | "account";

export type KindRecovery = ({ settle: "strategy" } | { settle: "clear"; reason: string } | KeyedRecovery) & {
  idScope: IdScope;
};

const addressOf = (inputs: Record<string, unknown>): string => String(inputs.address);

export const KIND_RECOVERY: Record<ResourceKind, KindRecovery> = {
  Strategy: { settle: "strategy", idScope: "service" },
  StrategyActivation: {
    settle: "clear",
    idScope: "account",
    reason: "the set of active strategies is not a server object: the next `pulumi up` sets it again",
  },
  Webhook: {
    settle: "keyed",
    idScope: "account",
    reads: "webhook",
    keyOf: () => KINDS.Webhook.importId.fixed,
    state(inputs, live) {
      const hook = live.webhook;
      if (!hook?.url) return { kind: "absent", what: "the account has no webhook url" };
      const what = `the account's webhook is set (url ${hook.url}, ${hook.enabled ? "enabled" : "disabled"})`;
      const same = hook.url === (inputs.url ?? null) && hook.enabled === (inputs.enabled === true);
      return { kind: same ? "same" : "different", what };
    },
  },
  FollowedDeveloper: {
    settle: "keyed",
    idScope: "account",
    reads: "developers",
    keyOf: addressOf,
    state(inputs, live) {
      const address = addressOf(inputs);
      const dev = live.developers?.get(address);
      if (!dev || (!dev.active && dev.tagIds.length === 0))
        return { kind: "absent", what: `${address} is not followed, or inactive without tags` };
      const what =
        `${address} is followed (${dev.active ? "active" : "inactive"}` +
        `${dev.alias ? `, alias ${dev.alias}` : ""}${dev.tagIds.length > 0 ? ", with tags" : ""})`;
      const same =
        dev.active === (inputs.active !== false) &&
        (inputs.alias === undefined || inputs.alias === dev.alias);
      return { kind: same ? "same" : "different", what };
    },
  },
  DeveloperTags: {
    settle: "keyed",
    idScope: "account",
    reads: "developers",
    keyOf: addressOf,
    state(inputs, live) {
      const address = addressOf(inputs);
      const dev = live.developers?.get(address);
      if (!dev || dev.tagIds.length === 0) return { kind: "absent", what: `${address} has no tags` };
      const held = canonicalStringSet(dev.tagIds);
      const want = Array.isArray(inputs.tagIds) ? canonicalStringSet(inputs.tagIds as string[]) : [];
      const what = `${address} has tags ${held.join(", ")}`;
      return { kind: JSON.stringify(held) === JSON.stringify(want) ? "same" : "different", what };
    },
  },
};

/** The keyed recovery of a kind, or undefined for a kind settled otherwise. */
export function keyedRecovery(kind: ResourceKind): KeyedRecovery | undefined {
  const recovery = KIND_RECOVERY[kind];
  return recovery.settle === "keyed" ? recovery : undefined;
}
