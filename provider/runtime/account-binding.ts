/**
 * Every resource belongs to the account that created (or imported) it. A key of another account
 * sees none of that account's objects (they answer 404, as nonexistent), so without this check a
 * preview would show nothing wrong, an `up` would fail on a bare 404, a refresh would drop every
 * resource from the state and a destroy would "delete" what it cannot see. The account id the
 * service reports (`GET /me`, read once per run) is kept as the `accountId` output; any operation
 * on an existing resource first compares it with the account of the key in use and stops,
 * naming both accounts, before it sends anything or changes any state.
 */
import { ACCOUNT_PIN_INPUT, ACCOUNT_PIN_NAME } from "../model/account-pin";
import { StrategyAlertsError } from "../model/errors";
import { recordedAccountOf } from "../model/kinds";
import { quotedText } from "../model/quoted-text";
import type { ResourceKind } from "../model/type-tokens";
import { isUnknown } from "../model/unknown-value";
import type { RuntimeContext } from "./context";
import { isInitFailure, operation as runOperation } from "./errors";
import type { PropertyBag } from "./inputs";
import type { KindHandler } from "./kind-handler";

/** The output that records the account a resource belongs to. */
const ACCOUNT_ID_OUTPUT = "accountId";

/**
 * Where the account a key is compared with comes from: the resource's own record, the provider's
 * pin (`strategy-alerts:accountId`, set or carried in the provider's state), or the stack's pin
 * resource, which every resource of a TypeScript program takes as its `accountPin` input.
 */
export type AccountRecord = "resource" | "config" | "pin";

function whoseAccount(source: AccountRecord, recorded: string): string {
  switch (source) {
    case "resource":
      return `this resource belongs to account ${recorded}`;
    case "config":
      return (
        `this stack belongs to account ${recorded} (it is pinned to account ${recorded} by strategy-alerts:accountId, ` +
        "set in its config or recorded in the provider's state by its first `pulumi up`)"
      );
    case "pin":
      return `this stack belongs to account ${recorded} (recorded by its resource ${ACCOUNT_PIN_NAME} at its first \`pulumi up\`)`;
  }
}

/** A resource of one account meets a key of another; nothing was sent or changed. */
export class AccountMismatchError extends StrategyAlertsError {
  readonly recordedAccountId: string;
  readonly keyAccountId: string;

  /** `operation` names the write that was stopped; a check or diff stops before any. */
  constructor(
    resource: string,
    operation: string | undefined,
    recorded: string,
    current: string,
    source: AccountRecord = "resource",
  ) {
    const stopped = operation === undefined ? "stopped" : `${operation} stopped`;
    const whose = whoseAccount(source, recorded);
    super(
      `${resource}: ${stopped}: ${whose}, but the API key in use belongs to account ${current}. Nothing was ` +
        `sent and the state is unchanged. Use the key of account ${recorded} (strategy-alerts:apiKey, or ` +
        "STRATEGY_ALERTS_API_KEY, which takes precedence), or, to move the portfolio to the other account on " +
        "purpose, remove these resources from the state (`pulumi state delete`), change strategy-alerts:accountId, " +
        "and adopt or create them there.",
    );
    this.recordedAccountId = recorded;
    this.keyAccountId = current;
  }
}

/**
 * The account a state records. States written before `accountId` existed carry it where the
 * kind's descriptor says (`legacyAccountOutput`: the strategies' `userId`); other kinds from then
 * have none and are not checked until their next write records it.
 */
function recordedAccount(kind: ResourceKind, state: PropertyBag): string | undefined {
  return recordedAccountOf(kind, state);
}

/** The resource as its own operations name it: by name or address when it has one. */
function labelOf(kind: ResourceKind, inputs: PropertyBag): string {
  const named = typeof inputs.name === "string" ? inputs.name : inputs.address;
  return typeof named === "string" && !isUnknown(named) ? `${kind} ${quotedText(named)}` : kind;
}

async function currentAccount(ctx: RuntimeContext): Promise<string> {
  return (await ctx.run.account()).userId;
}

/** The account the stack's pin resource handed this resource (its `accountPin` input), when known. */
function pinOf(inputs: PropertyBag): string | undefined {
  const pin = inputs[ACCOUNT_PIN_INPUT];
  return typeof pin === "string" && pin !== "" && !isUnknown(pin) ? pin : undefined;
}

/** The inputs as the kind knows them: the pin is this module's, never a field of the kind. */
function withoutPin(bag: PropertyBag): PropertyBag {
  if (!(ACCOUNT_PIN_INPUT in bag)) return bag;
  const { [ACCOUNT_PIN_INPUT]: _pin, ...rest } = bag;
  return rest;
}

/**
 * The account of the key in use, after checking it against the provider's pin, the stack's pin
 * resource (`pin`), the account `state` records and any other this run has seen a resource of
 * the stack record. A failing GET /me reads like any failed operation (a stale key gets its hint).
 */
async function checkedAccount(
  ctx: RuntimeContext,
  resource: string,
  kind: ResourceKind,
  state: PropertyBag,
  operation: string | undefined,
  pin: string | undefined = undefined,
): Promise<string> {
  const recorded = recordedAccount(kind, state);
  if (recorded !== undefined) ctx.run.recordedAccounts.add(recorded);
  if (pin !== undefined) ctx.run.recordedAccounts.add(pin);
  const current = await runOperation(resource, operation ?? "check", () => currentAccount(ctx));
  const pinned = ctx.settings.pinnedAccount();
  if (pinned !== undefined && current !== pinned)
    throw new AccountMismatchError(resource, operation, pinned, current, "config");
  if (pin !== undefined && current !== pin)
    throw new AccountMismatchError(resource, operation, pin, current, "pin");
  if (recorded !== undefined && current !== recorded)
    throw new AccountMismatchError(resource, operation, recorded, current);
  // A create's own record is the pin; without one (a provider whose pin could not be read when
  // its configuration was checked), another resource of the stack seen earlier in this run.
  const other = [...ctx.run.recordedAccounts].find((a) => a !== current);
  if (other !== undefined) throw new AccountMismatchError(resource, operation, other, current);
  return current;
}

/**
 * The check alone, for operations that record nothing: no GET /me when neither a pin nor the
 * state records an account.
 */
async function ensureSameAccount(
  ctx: RuntimeContext,
  resource: string,
  kind: ResourceKind,
  state: PropertyBag,
  operation: string | undefined,
  pin: string | undefined,
): Promise<void> {
  if (
    recordedAccount(kind, state) !== undefined ||
    pin !== undefined ||
    ctx.settings.pinnedAccount() !== undefined
  )
    await checkedAccount(ctx, resource, kind, state, operation, pin);
}

/** The outputs of a write, with the account they belong to. */
function recording<T extends { outs?: PropertyBag }>(result: T, accountId: string): T {
  return { ...result, outs: { ...result.outs, [ACCOUNT_ID_OUTPUT]: accountId } };
}

/** An object made but not ready is recorded with the failure's outputs: with its account too. */
function recordingOnFailure(err: unknown, accountId: string): unknown {
  if (isInitFailure(err)) err.properties = { ...err.properties, [ACCOUNT_ID_OUTPUT]: accountId };
  return err;
}

/**
 * The kind's handler with the account check before every operation (a check too, when the stack
 * is pinned by its provider or its pin resource: a preview with another account's key fails on
 * every resource, and a create never writes to another account) and the account recorded in the
 * outputs of every create, update and read. The `accountPin` input of a TypeScript program's
 * resources is this wrapper's: the kind never sees it, so it is never a change, and a check
 * hands it on to the create.
 */
export function bindToAccount(kind: ResourceKind, handler: KindHandler): KindHandler {
  // The account is read before any write: a failing GET /me after a create had succeeded would
  // lose the created object's record (and the next `up` would create it again).
  return {
    async check(ctx, olds, news) {
      const pin = pinOf(news);
      if (ctx.settings.pinnedAccount() !== undefined || pin !== undefined) {
        try {
          await checkedAccount(ctx, labelOf(kind, news), kind, {}, undefined, pin);
        } catch (err) {
          if (!(err instanceof AccountMismatchError)) throw err;
          return { inputs: news, failures: [{ property: "", reason: err.message }] };
        }
      }
      const result = await handler.check(ctx, withoutPin(olds ?? {}), withoutPin(news));
      if (!(ACCOUNT_PIN_INPUT in news) || result.inputs === undefined) return result;
      return { ...result, inputs: { ...result.inputs, [ACCOUNT_PIN_INPUT]: news[ACCOUNT_PIN_INPUT] } };
    },
    async diff(ctx, id, olds, news) {
      await ensureSameAccount(ctx, `${kind} ${id}`, kind, olds, undefined, undefined);
      return handler.diff(ctx, id, withoutPin(olds), withoutPin(news));
    },
    async create(ctx, inputs) {
      const label = labelOf(kind, inputs);
      const accountId = await checkedAccount(ctx, label, kind, {}, "create", pinOf(inputs));
      try {
        return recording(await handler.create(ctx, withoutPin(inputs)), accountId);
      } catch (err) {
        throw recordingOnFailure(err, accountId);
      }
    },
    async read(ctx, id, props) {
      const accountId = await checkedAccount(ctx, `${kind} ${id}`, kind, props, "refresh");
      // The account is an output, never an input: the kind's read must not carry it into inputs.
      const { [ACCOUNT_ID_OUTPUT]: _recorded, ...previous } = withoutPin(props);
      const result = await handler.read(ctx, id, previous);
      if (!result.id) return result;
      return { ...result, props: { ...result.props, [ACCOUNT_ID_OUTPUT]: accountId } };
    },
    async update(ctx, id, olds, news) {
      const accountId = await checkedAccount(ctx, `${kind} ${id}`, kind, olds, "update", pinOf(news));
      try {
        return recording(await handler.update(ctx, id, withoutPin(olds), withoutPin(news)), accountId);
      } catch (err) {
        throw recordingOnFailure(err, accountId);
      }
    },
    async delete(ctx, id, props) {
      await ensureSameAccount(ctx, `${kind} ${id}`, kind, props, "delete", undefined);
      return handler.delete(ctx, id, withoutPin(props));
    },
  };
}
