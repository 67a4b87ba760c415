import type { RunningEmulator } from "../../../emulator/server";
import { createStrategy, fire, token, upsertTokens } from "./engine-helpers";
import { type Api, strategyBody } from "./helpers";

export interface OwnedResourcesOptions {
  /** The strategy's name (default: the helpers' default). */
  name?: string;
  /** The developer wallet `u` follows, and its alias. */
  developer: string;
  alias: string;
  /** The token whose event gives `u` an evaluation and a notification. */
  tokenAddress: string;
}

/**
 * One resource of each kind owned by `u` (an active strategy, a followed developer, a
 * notification, a backtest and a performance job), keyed by the route table's path parameters.
 */
export async function ownedResources(
  em: RunningEmulator,
  u: Api & { userId: string },
  opts: OwnedResourcesOptions,
): Promise<Record<string, string>> {
  const s = await createStrategy(
    u,
    strategyBody({ ...(opts.name ? { name: opts.name } : {}), isActive: true }),
  );
  await u.post(`/devs/${opts.developer}/add`, { alias: opts.alias });
  await upsertTokens(em, [token(opts.tokenAddress)]);
  const fired = await fire(em, { eventType: "new_token_created", tokenAddress: opts.tokenAddress });
  const now = Date.now();
  const job = await u.post("/backtests", {
    strategyId: s.id,
    from: new Date(now - 86_400_000).toISOString(),
    to: new Date(now).toISOString(),
    labelDefinition: { threshold: 2 },
    options: {},
  });
  const perf = await u.post(`/notifications/performance/jobs?strategyId=${s.id}&range=daily`);
  return {
    id: s.id,
    strategyId: s.id,
    address: opts.developer,
    backtestId: job.body.id,
    notificationId: fired.notifications.find((n: { userId: string }) => n.userId === u.userId).id,
    jobId: perf.body.jobId,
  };
}
