/**
 * What `pulumi up` makes the service do, per resource kind and operation, in a trader's words:
 * the one place a review takes these sentences from. Each sentence follows what the kind's
 * handler sends (create, update, delete; a replacement is a create and a delete, in the order
 * the engine plans them), so the report never says less than the account will see. A kind or
 * an operation without a sentence does not type-check.
 */
import type { ResourceKind } from "../model/type-tokens";
import { isUnknown } from "../model/unknown-value";
import { code, type Md, md } from "./markdown";
import type { PlanStep } from "./preview-json";

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

const ACTIVATION: Record<Operation, EffectOf> = {
  create: () => safe(md`The service activates the strategies of this set: they start sending alerts.`),
  update: () =>
    safe(
      md`The service deactivates the strategies removed from this set, then activates the ones added to it.`,
    ),
  replace: ({ deleteFirst }) =>
    deleteFirst
      ? warning(
          md`the service first deactivates every strategy of the old set (no alerts meanwhile), then activates the strategies of the new one.`,
        )
      : warning(
          md`the service activates the new set, then deleting the old activation deactivates every strategy it held, those the new set declares included: they end inactive and send no alerts until \`pulumi up --refresh\` activates them again.`,
        ),
  delete: () =>
    warning(
      md`the service deactivates every strategy of this set: they stop sending alerts (they stay in the account).`,
    ),
};

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
    const delivering = (b: Bag) => Boolean(b.url) && b.enabled === true;
    if (delivering(before) && !delivering(after)) {
      return after.url
        ? warning(md`the service disables the webhook: alerts are no longer delivered.`)
        : warning(
            md`the service clears the webhook's URL and signing secret: alerts are no longer delivered.`,
          );
    }
    return safe(md`The service changes the account's webhook in place.`);
  },
  replace: ({ deleteFirst }) =>
    deleteFirst
      ? warning(
          md`the service clears the webhook (URL and signing secret) and then sets it again: a new signing secret is generated, and alerts are not delivered in between.`,
        )
      : warning(
          md`the new webhook is set first, then deleting the old one clears the URL and signing secret and disables it: the account ends with no webhook, and alerts are no longer delivered until \`pulumi up --refresh\` sets it again.`,
        ),
  delete: () =>
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
    if (!sameAddress(f))
      return warning(
        md`the service follows ${addressOf(f.after)} and deactivates the old address ${addressOf(f.before)} (the API cannot unfollow: it stays in the followed list, inactive).`,
      );
    return f.deleteFirst
      ? safe(md`The service deactivates ${addressOf(f.before)}, then follows it again.`)
      : warning(
          md`the service takes ${addressOf(f.after)} over, then deleting the old resource deactivates it: it ends inactive.`,
        );
  },
  delete: ({ before }) =>
    warning(
      md`the service deactivates ${addressOf(before)} (the API cannot unfollow: it stays in the followed list, inactive, alias kept).`,
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
    if (!sameAddress(f))
      return warning(
        md`the service sets the tags of ${addressOf(f.after)} and removes every tag of the old address ${addressOf(f.before)}.`,
      );
    return f.deleteFirst
      ? safe(md`The service removes every tag of ${addressOf(f.before)}, then sets this list.`)
      : warning(
          md`the service sets the tags of ${addressOf(f.after)}, then deleting the old resource removes every tag of that developer: it ends with none.`,
        );
  },
  delete: ({ before }) =>
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
      md`\`exclusive\`: every other active strategy of the account is deactivated (stops sending alerts), made in the app or not: ${names}`,
    ),
};

/** The effect of one planned step of this package's resources, or undefined for any other. */
export function stepEffect(step: PlanStep): Effect | undefined {
  const op = operationOf(step.op);
  if (step.kind === undefined || op === undefined) return undefined;
  return effectOf(step.kind, op, {
    before: op === "create" ? {} : ((step.old?.inputs ?? {}) as Bag),
    after: op === "delete" ? {} : ((step.new?.inputs ?? {}) as Bag),
    deleteFirst: step.deleteFirst === true,
  });
}
