/**
 * The account pin of a TypeScript stack (model/account-pin.ts): a dynamic resource with no
 * object on the service. Its check records the account the stack writes to (the pinned
 * `strategy-alerts:accountId` if set, else the key's account at the stack's first `up`) in its
 * inputs and carries it from then on, and fails, naming both accounts, when the key in use
 * belongs to another. Every resource of the program takes the pin's output as its `accountPin`
 * input, which account-binding.ts compares with the key's account before any create: so no
 * create runs before the account check of its run, whatever order the engine calls in.
 */
import { ACCOUNT_PIN_NAME, ACCOUNT_PIN_OUTPUT } from "../model/account-pin";
import { printableText } from "../model/printable-text";
import { isUnknown } from "../model/unknown-value";
import { AccountMismatchError } from "./account-binding";
import type { RuntimeContext } from "./context";
import { operation } from "./errors";
import type { PropertyBag } from "./inputs";
import type { KindHandler } from "./kind-handler";

/** The pin's own id: it names no object of the service. */
const PIN_ID = "account-pin";

/** The account a bag of the pin records, when it records one. */
export function pinnedAccountOf(bag: PropertyBag | undefined): string | undefined {
  const account = bag?.[ACCOUNT_PIN_OUTPUT];
  return typeof account === "string" && account !== "" && !isUnknown(account) ? account : undefined;
}

/** What the stack is pinned to once this check passes; throws AccountMismatchError otherwise. */
async function pinnedAccount(ctx: RuntimeContext, olds: PropertyBag): Promise<string> {
  const recorded = pinnedAccountOf(olds);
  const explicit = ctx.settings.pinnedAccount();
  const current = (await operation(ACCOUNT_PIN_NAME, "check", () => ctx.run.account())).userId;
  if (explicit !== undefined && explicit !== current)
    throw new AccountMismatchError(ACCOUNT_PIN_NAME, undefined, explicit, current, "config");
  // An explicit pin of the key's account moves the stack's pin on purpose (docs/resources.md).
  if (explicit === undefined && recorded !== undefined && recorded !== current)
    throw new AccountMismatchError(ACCOUNT_PIN_NAME, undefined, recorded, current, "pin");
  return explicit ?? recorded ?? current;
}

/** One line in the update's output when the pin is first recorded (a dynamic provider cannot warn). */
function announce(accountId: string): void {
  console.error(
    printableText(
      `strategy-alerts: this stack is pinned to account ${accountId} (resource ${ACCOUNT_PIN_NAME}): a key of ` +
        "another account is refused before any write; to move the stack on purpose, set strategy-alerts:accountId.",
    ),
  );
}

/** The pin's operations, in the dynamic provider's shapes; none sends a write to the service. */
export const accountPinHandler: KindHandler = {
  async check(ctx, olds, _news) {
    try {
      const accountId = await pinnedAccount(ctx, olds ?? {});
      if (pinnedAccountOf(olds) === undefined) announce(accountId);
      return { inputs: { [ACCOUNT_PIN_OUTPUT]: accountId } };
    } catch (err) {
      if (!(err instanceof AccountMismatchError)) throw err;
      return { inputs: olds ?? {}, failures: [{ property: "", reason: err.message }] };
    }
  },
  async diff(_ctx, _id, olds, news) {
    const before = pinnedAccountOf(olds);
    const after = pinnedAccountOf(news);
    const changes = before !== undefined && after !== undefined && before !== after;
    return { changes };
  },
  async create(ctx, inputs) {
    // The check recorded it; a create without it (never from the engine) records the key's account.
    const accountId = pinnedAccountOf(inputs) ?? (await pinnedAccount(ctx, {}));
    return { id: PIN_ID, outs: { [ACCOUNT_PIN_OUTPUT]: accountId } };
  },
  async read(_ctx, id, props) {
    return { id, props };
  },
  async update(_ctx, _id, _olds, news) {
    return { outs: { [ACCOUNT_PIN_OUTPUT]: pinnedAccountOf(news) } };
  },
  async delete() {},
};
