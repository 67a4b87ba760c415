/**
 * What `pulumi up` makes the service do, per resource kind and operation, in a trader's words:
 * the one place a review takes these sentences from. Each sentence follows what the kind's
 * handler sends (create, update, delete; a replacement is a create and a delete, in the order
 * the engine plans them), so the report never says less than the account will see. A kind or
 * an operation without a sentence does not type-check.
 */
import type { ResourceKind } from "../model/plain-types";
import { isUnknown } from "../model/unknown-value";
import { urlWords } from "./account-resources";
import { code, type Md, md, message } from "./markdown";
import type { PlanStep } from "./preview-json";
import type { ObjectKind, Release } from "./same-object";

/** The operations whose effect a review states (an import changes nothing in the account). */
export const OPERATIONS = ["create", "update", "replace", "delete"] as const;
export type Operation = (typeof OPERATIONS)[number];

/** The engine's step op as one of OPERATIONS, or undefined for one that changes nothing. */
export function operationOf(op: string): Operation | undefined {
  if (op === "create-replacement" || op === "delete-replaced") return "replace";
  return (OPERATIONS as readonly string[]).includes(op) ? (op as Operation) : undefined;
}

export interface Effect {
  /** What the service will do. */
  says: Md;
  /** Deletes, clears, deactivates or stops alerts: shown as a warning. */
  destructive: boolean;
}

// biome-ignore lint/suspicious/noExplicitAny: inputs come from the engine as untyped JSON.
type Bag = Record<string, any>;

/** What an effect depends on: the inputs before and after, and a replacement's order. */
export interface EffectFacts {
  /** The old inputs (empty for a create). */
  before: Bag;
  /** The new inputs (empty for a delete). */
  after: Bag;
  /** A replacement that deletes the old object before it creates the new one (not the default). */
  deleteFirst: boolean;
  /** Why a delete (or a replacement's old half) leaves its old object alone, when it does. */
  release?: Release | undefined;
  /**
   * An activation's set as the whole change leaves it: how many strategies it adds and removes
   * (all of a deleted set count as removed), how many of the removed the service deactivates
   * (the others another set of the stack holds, or they are inactive already), and how many it
   * activates (those no set of the stack held before).
   */
  set?: { added: number; removed: number; deactivated: number; activated: number } | undefined;
}

type EffectOf = (facts: EffectFacts) => Effect;

const safe = (says: Md): Effect => ({ says, destructive: false });
const warning = (says: Md): Effect => ({ says, destructive: true });

/** The line of the report: a destructive effect is a visible warning. */
export function effectLine(effect: Effect): Md {
  return effect.destructive ? md`⚠️ **Warning:** ${effect.says}` : effect.says;
}

const addressOf = (bag: Bag): Md =>
  typeof bag.address === "string" && !isUnknown(bag.address)
    ? code(bag.address)
    : md`(address known after apply)`;
/** A replacement of an address-keyed kind whose address stays: its create and delete hit one object. */
const sameAddress = (f: EffectFacts) => f.before.address === f.after.address;

const STRATEGY: Record<Operation, EffectOf> = {
  create: () =>
    safe(
      md`The service creates the strategy, inactive: it sends no alerts until a StrategyActivation activates it.`,
    ),
  update: () =>
    safe(
      md`The service changes the strategy in place: it keeps its id and stays active or inactive as it is; its alerts follow the new settings from then on.`,
    ),
  // A create never takes over anything it did not send: even with the same content, a new strategy.
  replace: () =>
    warning(
      md`the service creates a new strategy (a new id, inactive) and deletes the old one from the account: the old strategy's alerts stop, and the new one alerts only once a StrategyActivation activates it.`,
    ),
  delete: () => warning(md`the service deletes the strategy from the account: its alerts stop for good.`),
};

function activationUpdate({ set }: EffectFacts): Effect {
  if (set && set.removed === 0 && set.added > 0)
    return safe(md`The service activates the strategies added to this set.`);
  if (set && set.added === 0 && set.removed > 0 && set.deactivated === 0)
    return safe(
      md`The strategies removed from this set stay active: another set of this stack holds them, they are inactive already, or this activation found them active and did not activate them.`,
    );
  if (set && set.added === 0 && set.removed > 0)
    return safe(
      md`The service deactivates the strategies removed from this set that this activation activated.`,
    );
  if (set && set.added === 0 && set.removed === 0)
    return safe(md`The service changes the set's settings; which strategies it holds stays the same.`);
  return safe(
    md`The service deactivates the strategies removed from this set, then activates the ones added to it.`,
  );
}

const ACTIVATION: Record<Operation, EffectOf> = {
  create: ({ set }) =>
    set?.activated === 0
      ? safe(
          md`The strategies of this set are active already (another set of this stack held them): nothing changes for them.`,
        )
      : safe(md`The service activates the strategies of this set: they start sending alerts.`),
  update: activationUpdate,
  // The delete of the old activation deactivates only what no set of the stack holds any more.
  replace: ({ deleteFirst, set }) => {
    if (set?.deactivated === 0)
      return deleteFirst
        ? safe(
            md`Deleting the old activation first leaves active every strategy a set of this stack still holds, then the service activates the new set.`,
          )
        : safe(
            md`The service activates the new set; deleting the old activation then leaves active every strategy a set of this stack still holds.`,
          );
    return deleteFirst
      ? warning(
          md`the service first deletes the old activation, which deactivates the strategies no set of this stack holds any more (no alerts from them meanwhile), then activates the strategies of the new set.`,
        )
      : warning(
          md`the service activates the new set, then deleting the old activation deactivates the strategies no set of this stack holds any more: they stop sending alerts (those a set still holds stay active).`,
        );
  },
  delete: ({ set }) => {
    if (set?.deactivated === 0)
      return safe(
        md`Deleting this activation deactivates none of its strategies: another set of this stack holds each, it is inactive already, or this activation found it active and did not activate it (another stack, the app or a person did).`,
      );
    if (set && set.deactivated < set.removed)
      return warning(
        md`the service deactivates the strategies of this set that it activated and no other set of this stack holds: they stop sending alerts (they stay in the account); the others (held by another set, inactive already, or found active when this activation took them in) stay as they are.`,
      );
    return warning(
      md`the service deactivates every strategy of this set: they stop sending alerts (they stay in the account).`,
    );
  },
};

/** What the account's object is like after a change, and what the delete of the old resource does. */
interface EndState {
  before: Bag;
  after: Bag;
  /** How the object changes hands: "moves to resource `b`; deleting `a` leaves it alone". */
  moves: Md;
}

const delivering = (b: Bag) => Boolean(b.url) && b.enabled === true;

/** The account's webhook after two steps on it (a rename, a replacement): its end state once. */
function webhookEndState({ before, after, moves }: EndState): Effect {
  if (!after.url)
    return delivering(before)
      ? warning(
          md`Webhook: cleared (was ${urlWords(before.url)}): alerts are no longer delivered (${moves}).`,
        )
      : safe(md`Webhook: stays without a URL (${moves}).`);
  const same = after.url === before.url && (after.enabled === true) === (before.enabled === true);
  const set = same ? md`stays set to ${urlWords(after.url)}` : md`set to ${urlWords(after.url)}`;
  const was = after.url === before.url ? md`` : md` (was ${urlWords(before.url)})`;
  if (after.enabled !== true)
    return delivering(before)
      ? warning(md`Webhook: ${set}${was}, disabled: alerts are no longer delivered (${moves}).`)
      : safe(md`Webhook: ${set}${was}, disabled (${moves}).`);
  return safe(md`Webhook: ${set}${was} (${moves}).`);
}

function developerEndState({ before, after, moves }: EndState): Effect {
  if (after.active === false)
    return before.active !== false
      ? warning(md`${addressOf(after)}: stays followed, now inactive (${moves}).`)
      : safe(md`${addressOf(after)}: stays followed, inactive (${moves}).`);
  return safe(
    md`${addressOf(after)}: stays followed${before.active === false ? md`, active again` : md``} (${moves}).`,
  );
}

function tagsEndState({ before, after, moves }: EndState): Effect {
  const list = (b: Bag) => (Array.isArray(b.tagIds) ? [...b.tagIds].map(String).sort().join("\u0000") : "");
  return list(before) === list(after)
    ? safe(md`Tags of ${addressOf(after)}: stay as they are (${moves}).`)
    : safe(md`Tags of ${addressOf(after)}: set to this list (${moves}).`);
}

/** The end state of an object two steps write (a rename, a replacement), per kind: stated once for both. */
export const END_STATES: Readonly<Record<ObjectKind, (s: EndState) => Effect>> = {
  Webhook: webhookEndState,
  FollowedDeveloper: developerEndState,
  DeveloperTags: tagsEndState,
};

/** A replacement on the same object: the replacement holds it, so the old one's delete leaves it alone. */
const REPLACED = md`the resource is replaced; deleting the old one leaves the object alone, as the replacement holds it`;

/** A delete that leaves the object alone, in words, or undefined when the delete clears it. */
function leftAlone(release: Release | undefined, object: Md, nothing: Md): Effect | undefined {
  if (!release) return undefined;
  if (release.why === "held")
    return safe(md`Deleting this resource leaves ${object} alone: ${code(release.by.name)} declares it.`);
  if (release.why === "changed")
    return safe(
      md`The delete leaves ${object} alone: it is no longer what this resource last wrote (the account now holds ${message(release.live)}, set outside this stack).`,
    );
  if (release.why === "unproven")
    return safe(md`The delete leaves ${object} alone: ${message(release.reason)}.`);
  return safe(md`The delete changes nothing in the account: ${object} ${nothing}.`);
}

function webhookSet(after: Bag): Effect {
  if (!after.url)
    return warning(
      md`the service clears the account's webhook URL and signing secret: alerts are no longer delivered.`,
    );
  if (after.enabled !== true)
    return warning(
      md`the service sets the account's one webhook (whatever it held is overwritten) but leaves it disabled: alerts are not delivered.`,
    );
  return safe(
    md`The service sets the account's one webhook (whatever it held is overwritten): alerts are delivered to this URL.`,
  );
}

const WEBHOOK: Record<Operation, EffectOf> = {
  create: ({ after }) => webhookSet(after),
  update: ({ before, after }) => {
    if (delivering(before) && !delivering(after)) {
      return after.url
        ? warning(md`the service disables the webhook: alerts are no longer delivered.`)
        : warning(
            md`the service clears the webhook's URL and signing secret: alerts are no longer delivered.`,
          );
    }
    return safe(md`The service changes the account's webhook in place.`);
  },
  replace: ({ before, after }) => webhookEndState({ before, after, moves: REPLACED }),
  delete: ({ release }) =>
    leftAlone(release, md`the account's webhook`, md`has no URL there`) ??
    warning(
      md`the service clears the webhook's URL and signing secret and disables it: alerts are no longer delivered.`,
    ),
};

const DEVELOPER: Record<Operation, EffectOf> = {
  create: ({ after }) =>
    safe(
      md`The service follows ${addressOf(after)}${after.active === false ? md`, inactive` : md``} (a wallet already followed is taken over as it is).`,
    ),
  update: ({ before, after }) =>
    (before.active ?? true) !== false && after.active === false
      ? warning(md`the service deactivates ${addressOf(after)}: it stays in the followed list, inactive.`)
      : safe(md`The service changes ${addressOf(after)} in place.`),
  replace: (f) => {
    if (sameAddress(f)) return developerEndState({ ...f, moves: REPLACED });
    const old = leftAlone(f.release, addressOf(f.before), md`is not followed there, or released already`);
    if (old) return safe(md`The service follows ${addressOf(f.after)}. For the old address: ${old.says}`);
    return warning(
      md`the service follows ${addressOf(f.after)} and releases the old address ${addressOf(f.before)} (the API cannot unfollow: it stays in the followed list, inactive, with the alias that marks it released).`,
    );
  },
  delete: ({ before, release }) =>
    leftAlone(release, addressOf(before), md`is not followed there, or released already`) ??
    warning(
      md`the service releases ${addressOf(before)} (the API cannot unfollow: it stays in the followed list, inactive, with the alias that marks it released).`,
    ),
};

const TAGS: Record<Operation, EffectOf> = {
  create: ({ after }) =>
    safe(
      md`The service sets the tags of ${addressOf(after)} to exactly this list (a tag set in the app and missing here is removed).`,
    ),
  update: ({ after }) =>
    safe(md`The service replaces the whole tag list of ${addressOf(after)} with this one.`),
  replace: (f) => {
    if (sameAddress(f)) return tagsEndState({ ...f, moves: REPLACED });
    const old = leftAlone(f.release, md`the tags of ${addressOf(f.before)}`, md`are none there`);
    if (old)
      return safe(md`The service sets the tags of ${addressOf(f.after)}. For the old address: ${old.says}`);
    return warning(
      md`the service sets the tags of ${addressOf(f.after)} and removes every tag of the old address ${addressOf(f.before)}.`,
    );
  },
  delete: ({ before, release }) =>
    leftAlone(release, md`the tags of ${addressOf(before)}`, md`are none there`) ??
    warning(
      md`the service removes every tag of ${addressOf(before)} (the developer stays followed, without tags).`,
    ),
};

/** Every kind, every operation: the type requires each entry. */
export const EFFECTS: { readonly [K in ResourceKind]: Readonly<Record<Operation, EffectOf>> } = {
  Strategy: STRATEGY,
  StrategyActivation: ACTIVATION,
  Webhook: WEBHOOK,
  FollowedDeveloper: DEVELOPER,
  DeveloperTags: TAGS,
};

export function effectOf(kind: ResourceKind, op: Operation, facts: EffectFacts): Effect {
  return EFFECTS[kind][op](facts);
}

/** The changes of an activation's set, each with its effect on alerts. */
export const ACTIVATION_CHANGES = ["activated", "deactivated", "exclusive"] as const;
export type ActivationChange = (typeof ACTIVATION_CHANGES)[number];

/** The line of each change of the active set, given the strategies it names. */
export const ACTIVATION_EFFECTS: Readonly<Record<ActivationChange, (names: Md) => Effect>> = {
  activated: (names) => safe(md`Becomes active (starts sending alerts): ${names}`),
  deactivated: (names) => warning(md`becomes inactive (stops sending alerts): ${names}`),
  exclusive: (names) =>
    warning(
      md`\`exclusive\`: every other active strategy of the account is deactivated (stops sending alerts), including those other stacks, the app or people activated: ${names}`,
    ),
};

/**
 * The line of strategies a set releases that stay active: the provider deactivates only what an
 * activation activated itself (its `activatedIds` output), never one it found active.
 */
export const FOUND_ACTIVE_EFFECT = (names: Md): Effect =>
  safe(
    md`Stays active (this activation found it active and did not activate it: another stack, the app or a person did): ${names}`,
  );

/**
 * The effect of one planned step of this package's resources, or undefined for any other; `more`
 * adds what the rest of the change tells (a release, an activation's set).
 */
export function stepEffect(
  step: PlanStep,
  more: Pick<EffectFacts, "release" | "set"> = {},
): Effect | undefined {
  const op = operationOf(step.op);
  if (step.kind === undefined || op === undefined) return undefined;
  return effectOf(step.kind, op, {
    before: op === "create" ? {} : ((step.old?.inputs ?? {}) as Bag),
    after: op === "delete" ? {} : ((step.new?.inputs ?? {}) as Bag),
    deleteFirst: step.deleteFirst === true,
    ...more,
  });
}
