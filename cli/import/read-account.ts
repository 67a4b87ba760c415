import type { ApiClient } from "../../provider/api/client";
import type { Account } from "../../provider/model/schemas/account";
import type { DeveloperRecord, DevTag } from "../../provider/model/schemas/developer";
import type { MicroblogTag } from "../../provider/model/schemas/microblog";
import type { WebhookConfig } from "../../provider/model/schemas/webhook";
import type { Strategy } from "../../provider/model/strategy";

/** Everything an import turns into code, read through the client. */
export interface AccountSnapshot {
  account: Account;
  /** The user's own strategies (official ones are not theirs to manage), oldest first. */
  strategies: Strategy[];
  /** Followed developers (active or not) with their tag ids, by address. */
  developers: (DeveloperRecord & { tagIds: string[] })[];
  developerTags: DevTag[];
  microblogTags: MicroblogTag[];
  webhook: WebhookConfig;
}

export async function readAccount(client: ApiClient): Promise<AccountSnapshot> {
  const [account, list, developerTags, microblog, webhook] = await Promise.all([
    client.account.me(),
    client.strategies.list(),
    client.devs.tags(),
    client.microblog.tags({ scope: "all", includeCounts: false }),
    client.webhook.get(),
  ]);
  const records: DeveloperRecord[] = [];
  for await (const dev of client.devs.iterate({ limit: 100 })) records.push(dev);
  // One read per developer: the spec defines the tag set there, not in the list record.
  const developers = [];
  for (const dev of records.sort((a, b) => compare(a.address, b.address))) {
    developers.push({ ...dev, tagIds: (await client.devs.getTags(dev.address)).tagIds });
  }
  const strategies = list.strategies
    .filter((s) => s.isGlobal !== true)
    .sort((a, b) => compare(a.createdAt, b.createdAt) || compare(a.id, b.id));
  return {
    account,
    strategies,
    developers,
    developerTags: developerTags.tags,
    microblogTags: microblog.tags,
    webhook,
  };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
