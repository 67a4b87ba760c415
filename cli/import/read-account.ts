import type { ApiClient } from "../../provider/api/client";
import type { Account } from "../../provider/model/schemas/account";
import type { DeveloperRecord, DevTag } from "../../provider/model/schemas/developer";
import type { MicroblogTag } from "../../provider/model/schemas/microblog";
import type { WebhookConfig } from "../../provider/model/schemas/webhook";
import type { Strategy } from "../../provider/model/strategy";
import { parseTemporaryStrategyName } from "../../provider/model/temporary-strategies";

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
  /** Temporary strategies a tool of this package left behind: never adopted. */
  skippedTemporary: Strategy[];
}

/** How far a read has got: `done` of `total` steps of one named phase. */
export type ReadProgress = (phase: string, done: number, total: number) => void;

export async function readAccount(
  client: ApiClient,
  onProgress: ReadProgress = () => {},
): Promise<AccountSnapshot> {
  const [account, list, developerTags, microblog, webhook] = await Promise.all([
    client.account.me(),
    client.strategies.list(),
    client.devs.tags(),
    client.microblog.tags({ scope: "all", includeCounts: false }),
    client.webhook.get(),
  ]);
  const records: DeveloperRecord[] = [];
  for await (const dev of client.devs.iterate({ limit: 100 })) records.push(dev);
  // The listing carries each record's tag ids; only a record without them costs a read of its
  // own, and those reads are what is slow on a small plan (one per developer at its rate).
  const unlisted = records.filter((d) => d.tagIds === undefined).length;
  let read = 0;
  const developers = [];
  for (const dev of records.sort((a, b) => compare(a.address, b.address))) {
    if (dev.tagIds !== undefined) {
      developers.push({ ...dev, tagIds: dev.tagIds });
      continue;
    }
    onProgress("reading the tags of followed developers", read, unlisted);
    developers.push({ ...dev, tagIds: (await client.devs.getTags(dev.address)).tagIds });
    read += 1;
  }
  if (unlisted > 0) onProgress("reading the tags of followed developers", read, unlisted);
  const own = list.strategies
    .filter((s) => s.isGlobal !== true)
    .sort((a, b) => compare(a.createdAt, b.createdAt) || compare(a.id, b.id));
  const strategies = own.filter((s) => parseTemporaryStrategyName(s.name) === undefined);
  return {
    skippedTemporary: own.filter((s) => parseTemporaryStrategyName(s.name) !== undefined),
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
