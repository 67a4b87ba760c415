import { describe, expect, it } from "vitest";
import { readAccount } from "../../../../cli/import/read-account";
import type { ApiClient } from "../../../../provider/api/client";
import { temporaryStrategyName } from "../../../../provider/model/temporary-strategies";

/** A client answering from memory, counting the per-developer tag reads. */
function fakeClient(developers: { address: string; tagIds?: string[] }[], names: string[]) {
  const tagReads: string[] = [];
  const client = {
    account: { me: async () => ({ userId: "u", plan: "PRO" }) },
    strategies: {
      list: async () => ({
        strategies: names.map((name, i) => ({
          id: `id-${i}`,
          name,
          createdAt: `2026-11-0${i + 1}`,
          isActive: true,
        })),
      }),
    },
    devs: {
      tags: async () => ({ tags: [] }),
      async *iterate() {
        for (const d of developers) yield { isActive: true, ...d };
      },
      getTags: async (address: string) => {
        tagReads.push(address);
        return { tagIds: [`tag-of-${address}`] };
      },
    },
    microblog: { tags: async () => ({ tags: [] }) },
    webhook: { get: async () => ({ enabled: false, url: null, hasSecret: false }) },
  };
  return { client: client as unknown as ApiClient, tagReads };
}

describe("reading an account", () => {
  it("takes tag ids from the developer listing, reading only records without them, with progress", async () => {
    const { client, tagReads } = fakeClient(
      [{ address: "c" }, { address: "a", tagIds: ["t1"] }, { address: "b" }],
      ["Safety first"],
    );
    const steps: string[] = [];
    const snapshot = await readAccount(client, (phase, done, total) =>
      steps.push(`${phase} ${done}/${total}`),
    );
    expect(tagReads).toEqual(["b", "c"]);
    expect(snapshot.developers.map((d) => [d.address, d.tagIds])).toEqual([
      ["a", ["t1"]],
      ["b", ["tag-of-b"]],
      ["c", ["tag-of-c"]],
    ]);
    expect(steps).toEqual([
      "reading the tags of followed developers 0/2",
      "reading the tags of followed developers 1/2",
      "reading the tags of followed developers 2/2",
    ]);
  });

  it("never adopts the temporary strategies the tools make, and keeps them apart to warn about", async () => {
    const temporary = temporaryStrategyName("review", "1a2b3c", "Safety first");
    const { client } = fakeClient([], ["Safety first", temporary, "[review-tmp] not a mark"]);
    const snapshot = await readAccount(client);
    expect(snapshot.strategies.map((s) => s.name)).toEqual(["Safety first", "[review-tmp] not a mark"]);
    expect(snapshot.skippedTemporary.map((s) => s.name)).toEqual([temporary]);
  });
});
