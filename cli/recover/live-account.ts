/**
 * What recover reads of the account before it settles the pending creates: its strategies
 * always, and what the keyed kinds of the pending creates compare their create with (the
 * webhook, the followed developers), only when such a create is pending.
 */
import type { ApiClient } from "../../provider/api/client";
import { keyedRecovery, type LiveDeveloper, type LiveObjects } from "./kind-recovery";
import type { LiveAccount } from "./settle";
import type { PendingCreate } from "./stack-state";

/**
 * How recover reads each of the account's objects a keyed kind compares its create with
 * (kind-recovery.ts, `reads`): keyed by every key of `LiveObjects`, so an object a new kind
 * reads fails to compile here until it says how it is read.
 */
const LIVE_READS: {
  [R in keyof LiveObjects]-?: (client: ApiClient) => Promise<NonNullable<LiveObjects[R]>>;
} = {
  async webhook(client) {
    const hook = await client.webhook.get();
    return { url: hook.url ?? null, enabled: hook.enabled };
  },
  async developers(client) {
    const developers = new Map<string, LiveDeveloper>();
    for await (const dev of client.devs.iterate({ limit: 100 })) {
      const tagIds = dev.tagIds ?? (await client.devs.getTags(dev.address)).tagIds;
      developers.set(dev.address, {
        address: dev.address,
        alias: dev.alias ?? null,
        active: dev.isActive !== false,
        tagIds,
      });
    }
    return developers;
  },
};

/** The account's strategies, and what the keyed kinds of its pending creates read (the webhook, developers). */
export async function liveAccount(
  client: ApiClient,
  id: string,
  creates: PendingCreate[],
): Promise<LiveAccount> {
  const reads = new Set(creates.flatMap((c) => keyedRecovery(c.kind)?.reads ?? []));
  const live: LiveAccount = { id, strategies: (await client.strategies.list()).strategies };
  // One after the other, in LIVE_READS's order: the reads share the key's rate limit.
  for (const what of Object.keys(LIVE_READS) as (keyof LiveObjects)[])
    if (reads.has(what)) Object.assign(live, { [what]: await LIVE_READS[what](client) });
  return live;
}
