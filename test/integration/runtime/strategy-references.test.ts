import { describe, expect, it } from "vitest";
import { UNKNOWN } from "../../../provider/model/unknown-value";
import { followedDeveloperHandler } from "../../../provider/runtime/followed-developer";
import { MemoryHolds } from "../../../provider/runtime/run-holds";
import { strategyHandler } from "../../../provider/runtime/strategy";
import { referenceFailures } from "../../../provider/runtime/strategy-references";
import { contextOn } from "../../support/runtime-context";
import { newAccount, useRuntimeEmulator } from "../../support/runtime-emulator";

const ADDRESS_PATH = "triggerConfigs.followed_dev_new_token_created.developerAddress";
const DEV_TAG_PATH = "triggerConfigs.followed_dev_new_token_created.tagId";
const MICROBLOG_TAG_PATH = "triggerConfigs.microblog_mention_direct.tagId";
const MISSING_TAG = "00000000-0000-4000-8000-000000000000";

/** Distinct developer wallets in the service's format (base58: no 0), one per call. */
let next = 0;
const wallet = () => `RefDev${String(++next).padStart(4, "1").replaceAll("0", "9")}${"1".repeat(32)}`;

const followingWallet = (developerAddress: string) => ({
  name: `Follows ${developerAddress.slice(0, 10)}`,
  triggers: ["followed_dev_new_token_created"],
  triggerConfigs: { followed_dev_new_token_created: { scope: "wallet", developerAddress } },
  rules: [{ rule: "is_honeypot", dealbreaker: true, enabled: true }],
});

const followingTag = (tagId: string) => ({
  name: "Follows a tag",
  triggers: ["followed_dev_new_token_created"],
  triggerConfigs: { followed_dev_new_token_created: { scope: "tag", tagId } },
  rules: [{ rule: "is_honeypot", dealbreaker: true, enabled: true }],
});

const mentioning = (tagId: string) => ({
  name: "Mentions",
  triggers: ["microblog_mention_direct"],
  triggerConfigs: { microblog_mention_direct: { tagId } },
  rules: [{ rule: "is_honeypot", dealbreaker: true, enabled: true }],
});

describe("what a strategy's trigger configs name on the account, checked by the preview as the service does", () => {
  const em = useRuntimeEmulator();

  const account = () => newAccount(em);

  it("refuses a developer the account does not follow and no FollowedDeveloper declares, naming the field, before any write", async () => {
    const { ctx } = await account();
    const address = wallet();
    const result = await strategyHandler.check(ctx, {}, followingWallet(address));
    expect(result.failures).toHaveLength(1);
    const [failure] = result.failures!;
    expect(failure!.property).toBe(ADDRESS_PATH);
    expect(failure!.reason).toContain(`${ADDRESS_PATH}: "${address}" is not a followed developer`);
    expect(failure!.reason).toContain("no FollowedDeveloper of this stack declares it");
    expect(failure!.reason).toContain("pass its `address` output here");
    expect(failure!.reason).toContain("developerAddress: follow.address");
    expect((await ctx.client().strategies.list()).strategies).toHaveLength(0);
    // The service refuses the same body for the same field: the preview's rule is the service's.
    const sent = await ctx
      .client()
      .strategies.create({ ...followingWallet(address), isActive: false } as never)
      .catch((err: Error) => err);
    expect(String(sent)).toContain(`${ADDRESS_PATH}: ${address} is not a followed developer`);
    await ctx.client().close();
  });

  it("passes a developer the account follows, active or inactive", async () => {
    const { ctx } = await account();
    const active = wallet();
    const inactive = wallet();
    await ctx.client().devs.add(active, {});
    await ctx.client().devs.add(inactive, {});
    await ctx.client().devs.update(inactive, { isActive: false });
    for (const address of [active, inactive]) {
      const result = await strategyHandler.check(ctx, {}, followingWallet(address));
      expect(result.failures).toBeUndefined();
    }
    await ctx.client().close();
  });

  it("passes a developer a FollowedDeveloper of the same run declares before it is followed, and the create then succeeds", async () => {
    const { ctx } = await account();
    const address = wallet();
    const follow = await followedDeveloperHandler.check(ctx, {}, { address });
    expect(follow.failures).toBeUndefined();
    const checked = await strategyHandler.check(ctx, {}, followingWallet(address));
    expect(checked.failures).toBeUndefined();
    expect(
      await ctx
        .client()
        .devs.getTags(address)
        .catch(() => "not followed"),
    ).toBe("not followed");
    // As `up` runs them: the follow is created first (the strategy takes its address output).
    await followedDeveloperHandler.create(ctx, follow.inputs);
    const created = await strategyHandler.create(ctx, checked.inputs);
    const live = (await ctx.client().strategies.list()).strategies.find((s) => s.id === created.id);
    expect(live?.triggerConfigs).toMatchObject({
      followed_dev_new_token_created: { developerAddress: address },
    });
    await ctx.client().close();
  });

  it("sees a follow another provider process of the same run declares, and only on the same account", async () => {
    const holds = new MemoryHolds();
    const { apiKey, ctx: followProcess } = await account();
    const strategyProcess = contextOn(em.baseUrl, apiKey);
    followProcess.run.useHolds(holds);
    strategyProcess.run.useHolds(holds);
    const address = wallet();
    expect((await followedDeveloperHandler.check(followProcess, {}, { address })).failures).toBeUndefined();
    expect(
      (await strategyHandler.check(strategyProcess, {}, followingWallet(address))).failures,
    ).toBeUndefined();

    const { ctx: otherAccount } = await account();
    otherAccount.run.useHolds(holds);
    const elsewhere = await strategyHandler.check(otherAccount, {}, followingWallet(address));
    expect(elsewhere.failures?.[0]?.property).toBe(ADDRESS_PATH);
    for (const c of [followProcess, strategyProcess, otherAccount]) await c.client().close();
  });

  it("waits for apply when the address is unknown in the preview", async () => {
    const { ctx } = await account();
    const result = await strategyHandler.check(ctx, {}, followingWallet(UNKNOWN));
    expect(result.failures).toBeUndefined();
    await ctx.client().close();
  });

  it("refuses a developer tag id that is not one of the account's developer tags, and passes one that is", async () => {
    const { ctx } = await account();
    const refused = await strategyHandler.check(ctx, {}, followingTag(MISSING_TAG));
    expect(refused.failures).toEqual([
      {
        property: DEV_TAG_PATH,
        reason: `${DEV_TAG_PATH}: unknown developer tag id "${MISSING_TAG}" (use one of the account's developer tags, which getDeveloperTags lists)`,
      },
    ]);
    const tag = (await ctx.client().devs.tags()).tags[0]!.id;
    expect((await strategyHandler.check(ctx, {}, followingTag(tag))).failures).toBeUndefined();
    await ctx.client().close();
  });

  it("refuses a microblog tag id that is not one of the account's microblog tags, and passes one that is or all", async () => {
    const { ctx } = await account();
    const refused = await strategyHandler.check(ctx, {}, mentioning(MISSING_TAG));
    expect(refused.failures?.map((f) => f.property)).toEqual([MICROBLOG_TAG_PATH]);
    expect(refused.failures?.[0]?.reason).toContain("unknown microblog tag id");
    const tag = (await ctx.client().microblog.tags()).tags[0]!.id;
    for (const tagId of [tag, "all"])
      expect((await strategyHandler.check(ctx, {}, mentioning(tagId))).failures).toBeUndefined();
    await ctx.client().close();
  });

  it("checks an existing strategy's references only when its triggers or configs change, as a PATCH does", async () => {
    const { ctx } = await account();
    const gone = wallet();
    const previous = followingWallet(gone);
    expect(await referenceFailures(ctx, previous, { ...previous, name: "Renamed" })).toEqual([]);
    const changed = followingWallet(wallet());
    expect((await referenceFailures(ctx, previous, changed)).map((f) => f.property)).toEqual([ADDRESS_PATH]);
    await ctx.client().close();
  });

  it("names the field when the service refuses at apply what the preview let pass (a follow declared but never created)", async () => {
    const { ctx } = await account();
    const address = wallet();
    await followedDeveloperHandler.check(ctx, {}, { address });
    const checked = await strategyHandler.check(ctx, {}, followingWallet(address));
    expect(checked.failures).toBeUndefined();
    const err = await strategyHandler.create(ctx, checked.inputs).catch((e: Error) => e);
    expect(String(err)).toContain(`${ADDRESS_PATH}: ${address} is not a followed developer`);
    expect((await ctx.client().strategies.list()).strategies).toHaveLength(0);
    await ctx.client().close();
  });
});
