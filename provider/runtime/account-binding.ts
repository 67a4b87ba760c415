/**
 * Every resource belongs to the account that created (or imported) it. A key of another account
 * sees none of that account's objects (they answer 404, as nonexistent), so without this check a
 * preview would show nothing wrong, an `up` would fail on a bare 404, a refresh would drop every
 * resource from the state and a destroy would "delete" what it cannot see. The account id the
 * service reports (`GET /me`, read once per run) is kept as the `accountId` output; any operation
 * on an existing resource first compares it with the account of the key in use and stops,
 * naming both accounts, before it sends anything or changes any state.
 */
import { StrategyAlertsError } from "../model/errors";
import { quotedText } from "../model/quoted-text";
import type { ResourceKind } from "../model/type-tokens";
import { isUnknown } from "../model/unknown-value";
import type { RuntimeContext } from "./context";
import { isInitFailure, operation as runOperation } from "./errors";
import type { PropertyBag } from "./inputs";
import type { KindHandler } from "./kind-handler";

/** The output that records the account a resource belongs to. */
const ACCOUNT_ID_OUTPUT = "accountId";

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
    pinned = false,
  ) {
    const stopped = operation === undefined ? "stopped" : `${operation} stopped`;
    const whose = pinned
      ? `this stack is pinned to account ${recorded} (strategy-alerts:accountId)`
      : `this resource belongs to account ${recorded}`;
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
 * The account a state records. Strategies written before `accountId` existed carry the owner as
 * `userId`; other kinds from then have none and are not checked until their next write records it.
 */
function recordedAccount(kind: ResourceKind, state: PropertyBag): string | undefined {
  const recorded = state[ACCOUNT_ID_OUTPUT] ?? (kind === "Strategy" ? state.userId : undefined);
  return typeof recorded === "string" && recorded !== "" ? recorded : undefined;
}

/** The resource as its own operations name it: by name or address when it has one. */
function labelOf(kind: ResourceKind, inputs: PropertyBag): string {
  const named = typeof inputs.name === "string" ? inputs.name : inputs.address;
  return typeof named === "string" && !isUnknown(named) ? `${kind} ${quotedText(named)}` : kind;
}

async function currentAccount(ctx: RuntimeContext): Promise<string> {
  return (await ctx.run.account()).userId;
}

/**
 * The account of the key in use, after checking it against the stack's pinned account, the one
 * `state` records and any other this run has seen a resource of the stack record. A failing
 * GET /me reads like any failed operation (a stale key gets its hint).
 */
async function checkedAccount(
  ctx: RuntimeContext,
  resource: string,
  kind: ResourceKind,
  state: PropertyBag,
  operation: string | undefined,
): Promise<string> {
  const recorded = recordedAccount(kind, state);
  if (recorded !== undefined) ctx.run.recordedAccounts.add(recorded);
  const current = await runOperation(resource, operation ?? "check", () => currentAccount(ctx));
  const pinned = ctx.settings.pinnedAccount();
  if (pinned !== undefined && current !== pinned)
    throw new AccountMismatchError(resource, operation, pinned, current, true);
  if (recorded !== undefined && current !== recorded)
    throw new AccountMismatchError(resource, operation, recorded, current);
  // A create has no record of its own: another resource of the stack, seen earlier in this run, has one.
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
): Promise<void> {
  if (recordedAccount(kind, state) !== undefined || ctx.settings.pinnedAccount() !== undefined)
    await checkedAccount(ctx, resource, kind, state, operation);
}

/**
 * The kind's handler with the account check before every operation (a check too, when the stack
 * is pinned: a preview with another account's key fails on every resource, and a create never
 * writes to another account) and the account recorded in the outputs of every create, update
 * and read.
 */
export function bindToAccount(kind: ResourceKind, handler: KindHandler): KindHandler {
  // The account is read before any write: a failing GET /me after a create had succeeded would
  // lose the created object's record (and the next `up` would create it again).
  return {
    async check(ctx, olds, news) {
      if (ctx.settings.pinnedAccount() !== undefined) {
        try {
          await checkedAccount(ctx, labelOf(kind, news), kind, {}, undefined);
        } catch (err) {
          if (!(err instanceof AccountMismatchError)) throw err;
          return { inputs: news, failures: [{ property: "", reason: err.message }] };
        }
      }
      return handler.check(ctx, olds, news);
    },
    async diff(ctx, id, olds, news) {
      await ensureSameAccount(ctx, `${kind} ${id}`, kind, olds, undefined);
      return handler.diff(ctx, id, olds, news);
    },
    async create(ctx, inputs) {
      const accountId = await checkedAccount(ctx, labelOf(kind, inputs), kind, {}, "create");
      try {
        const result = await handler.create(ctx, inputs);
        return { ...result, outs: { ...result.outs, [ACCOUNT_ID_OUTPUT]: accountId } };
      } catch (err) {
        // An object created but not ready is recorded with these outputs: with its account too.
        if (isInitFailure(err)) err.properties = { ...err.properties, [ACCOUNT_ID_OUTPUT]: accountId };
        throw err;
      }
    },
    async read(ctx, id, props) {
      const accountId = await checkedAccount(ctx, `${kind} ${id}`, kind, props, "refresh");
      // The account is an output, never an input: the kind's read must not carry it into inputs.
      const { [ACCOUNT_ID_OUTPUT]: _recorded, ...previous } = props;
      const result = await handler.read(ctx, id, previous);
      if (!result.id) return result;
      return { ...result, props: { ...result.props, [ACCOUNT_ID_OUTPUT]: accountId } };
    },
    async update(ctx, id, olds, news) {
      const accountId = await checkedAccount(ctx, `${kind} ${id}`, kind, olds, "update");
      try {
        const result = await handler.update(ctx, id, olds, news);
        return { ...result, outs: { ...result.outs, [ACCOUNT_ID_OUTPUT]: accountId } };
      } catch (err) {
        if (isInitFailure(err)) err.properties = { ...err.properties, [ACCOUNT_ID_OUTPUT]: accountId };
        throw err;
      }
    },
    async delete(ctx, id, props) {
      await ensureSameAccount(ctx, `${kind} ${id}`, kind, props, "delete");
      return handler.delete(ctx, id, props);
    },
  };
}
