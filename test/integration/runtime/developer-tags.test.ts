import { describe, expect, it } from "vitest";
import { developerTagsHandler } from "../../../provider/runtime/developer-tags";
import { newAccount, useRuntimeEmulator } from "../../support/runtime-emulator";

const MISSING_TAG = "00000000-0000-4000-8000-000000000000";
const ADDRESS = "TagDev1111111111111111111111111111111111111";

describe("a DeveloperTags preview checks its tag ids against the account's developer tags", () => {
  const em = useRuntimeEmulator();

  async function account() {
    const { ctx } = await newAccount(em);
    const tag = (await ctx.client().devs.tags()).tags[0]!.id;
    return { ctx, tag };
  }

  it("refuses an id the account has no tag of, naming its index, and the service refuses the same id", async () => {
    const { ctx, tag } = await account();
    const result = await developerTagsHandler.check(
      ctx,
      {},
      { address: ADDRESS, tagIds: [tag, MISSING_TAG] },
    );
    expect(result.failures).toEqual([
      expect.objectContaining({
        property: "tagIds[1]",
        reason: expect.stringContaining(`tagIds[1]: unknown developer tag id "${MISSING_TAG}"`),
      }),
    ]);
    await ctx.client().devs.add(ADDRESS, {});
    const refused = await ctx
      .client()
      .devs.setTags(ADDRESS, [tag, MISSING_TAG])
      .then(() => undefined)
      .catch((err: Error) => err.message);
    expect(refused).toContain("unknown developer tag id");
  });

  it("passes the account's own tags, and reads nothing when the set is the one recorded", async () => {
    const { ctx, tag } = await account();
    expect(
      (await developerTagsHandler.check(ctx, {}, { address: ADDRESS, tagIds: [tag] })).failures ?? [],
    ).toEqual([]);
    // An unchanged set is not read again: even a tag the account no longer has passes, as the
    // service keeps what it stored.
    const olds = { address: ADDRESS, tagIds: [MISSING_TAG] };
    const unchanged = await developerTagsHandler.check(ctx, olds, {
      address: ADDRESS,
      tagIds: [MISSING_TAG],
    });
    expect((unchanged.failures ?? []).filter((f) => f.property.startsWith("tagIds"))).toEqual([]);
  });
});
