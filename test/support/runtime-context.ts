import { RuntimeContext } from "../../provider/runtime/context";

/**
 * A provider context configured with one key and base URL (and a pinned account), as one stack
 * (or one explicit provider) runs. The environment's STRATEGY_ALERTS_* variables take precedence over it: a test
 * using several keys clears them first.
 */
export function contextOn(baseUrl: string, apiKey: string, pinnedAccount?: string): RuntimeContext {
  const ctx = new RuntimeContext();
  const config: Record<string, string> = {
    "strategy-alerts:apiKey": apiKey,
    "strategy-alerts:baseUrl": baseUrl,
    ...(pinnedAccount === undefined ? {} : { "strategy-alerts:accountId": pinnedAccount }),
  };
  ctx.settings.setReader((key) => config[key]);
  return ctx;
}

/**
 * A provider context whose key belongs to `userId`, with no service behind it: what a run holds
 * (ownership.ts) is kept per account, and this answers the account without a request.
 */
export function contextOfAccount(userId = "U1"): RuntimeContext {
  const ctx = new RuntimeContext();
  ctx.run.account = async () => ({ userId }) as Awaited<ReturnType<typeof ctx.run.account>>;
  return ctx;
}
