import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ResourceOperationError } from "../../../provider/runtime/errors";
import { RELEASED_ALIAS } from "../../../provider/runtime/followed-developer";
import { handlers } from "../../../provider/runtime/handlers";
import type { PropertyBag } from "../../../provider/runtime/inputs";
import { DirectoryHolds } from "../../../provider/runtime/run-holds";
import { controlOk } from "../../support/emulator";
import { useAccountPerTest, useRuntimeEmulator } from "../../support/runtime-emulator";
import { sampleStrategy } from "../../support/strategy";
import { WebhookReceiver } from "../../support/webhook-receiver";

const ADDRESS = "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU";

/**
 * Two stacks (two provider contexts, as two `pulumi up`s) on one account: a singleton one stack
 * wrote is neither taken over nor cleared by the other, and a rename inside one run ends with the
 * declared object in place.
 */
describe("one owner for the account's webhook, developers, tags and active set", () => {
  const em = useRuntimeEmulator();
  const { account, stack, stderr } = useAccountPerTest(em, "DEGEN");
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await new WebhookReceiver().start();
  });
  afterAll(async () => {
    await receiver.close();
  });

  const liveWebhook = () => em.store.getWebhook(account().userId);
  const liveDeveloper = async () => {
    const res = await stack().client().devs.list({ limit: 100 });
    return res.developers.find((d) => d.address === ADDRESS);
  };

  /** Check then create, as the engine does for a new resource. */
  async function declare(ctx: ReturnType<typeof stack>, kind: keyof typeof handlers, news: PropertyBag) {
    const checked = await handlers[kind].check(ctx, {}, news);
    if (checked.failures?.length) return { failures: checked.failures };
    const created = await handlers[kind].create(ctx, checked.inputs);
    return { created, inputs: checked.inputs };
  }

  it("refuses to take over another stack's webhook at the check, and takes it with adopt: true", async () => {
    const a = await declare(stack(), "Webhook", { url: receiver.url, enabled: true });
    expect(a.created?.outs.secret).toEqual(expect.any(String));

    const b = await declare(stack(), "Webhook", { url: receiver.url, enabled: true });
    expect(b.failures?.[0]?.reason).toContain("The account's webhook already exists");
    expect(b.failures?.[0]?.reason).toContain("adopt: true");
    expect(b.failures?.[0]?.reason).toContain("pulumi import strategy-alerts:index:Webhook <name> webhook");
    expect(liveWebhook()?.secret).toBe(a.created?.outs.secret);

    const adopted = await declare(stack(), "Webhook", { url: receiver.url, enabled: true, adopt: true });
    expect(adopted.failures).toBeUndefined();
    expect(adopted.inputs?.adopt).toBe(true);
    // Changing adopt later is not a change.
    const diff = await handlers.Webhook.diff(stack(), "webhook", adopted.created!.outs, {
      ...adopted.inputs,
      adopt: false,
    });
    expect(diff.changes).toBe(false);
  });

  it("leaves a webhook that is no longer what the destroyed resource wrote, and says so", async () => {
    const a = await declare(stack(), "Webhook", { url: receiver.url, enabled: true });
    const other = `${receiver.url}?someone-else`;
    await stack().client().webhook.put({ enabled: true, url: other });
    await handlers.Webhook.delete(stack(), "webhook", a.created!.outs);
    expect(liveWebhook()?.url).toBe(other);
    expect(stderr.join("\n")).toMatch(/webhook: left as it is: it is no longer what this resource wrote/);

    // Still what it wrote: cleared.
    const mine = await declare(stack(), "Webhook", { url: other, enabled: true, adopt: true });
    await handlers.Webhook.delete(stack(), "webhook", mine.created!.outs);
    expect(liveWebhook()?.url ?? null).toBeNull();
  });

  it("ends a rename (create of the new name, then delete of the old, in one run) with the webhook, developer, tags and active set in place", async () => {
    const first = stack();
    const tag = (await first.client().devs.tags()).tags?.[0]?.id;
    const strategies = [];
    for (const name of ["R1", "R2"]) {
      const { isActive: _activity, ...body } = sampleStrategy({ name });
      strategies.push(await handlers.Strategy.create(first, body as unknown as PropertyBag));
    }
    const ids = strategies.map((s) => s.id);
    const hook = await declare(first, "Webhook", { url: receiver.url, enabled: true });
    const dev = await declare(first, "FollowedDeveloper", { address: ADDRESS, alias: "alpha" });
    const tags = await declare(first, "DeveloperTags", { address: ADDRESS, tagIds: tag ? [tag] : [] });
    const activation = await declare(first, "StrategyActivation", { strategyIds: ids });
    const secret = hook.created!.outs.secret;

    // The next run: the same objects under new names (with adopt: true, which the check asks for).
    const run = stack();
    const renamed = await Promise.all([
      declare(run, "Webhook", { url: receiver.url, enabled: true, adopt: true }),
      declare(run, "FollowedDeveloper", { address: ADDRESS, alias: "alpha", adopt: true }),
      declare(run, "DeveloperTags", { address: ADDRESS, tagIds: tag ? [tag] : [], adopt: true }),
      declare(run, "StrategyActivation", { strategyIds: ids }),
    ]);
    for (const r of renamed) expect(r.failures).toBeUndefined();
    // Deletes run last.
    await handlers.Webhook.delete(run, "webhook", hook.created!.outs);
    await handlers.FollowedDeveloper.delete(run, ADDRESS, dev.created!.outs);
    await handlers.DeveloperTags.delete(run, ADDRESS, tags.created!.outs);
    await handlers.StrategyActivation.delete(run, activation.created!.id, activation.created!.outs);

    expect(liveWebhook()).toMatchObject({ url: receiver.url, secret });
    expect(await liveDeveloper()).toMatchObject({ isActive: true, alias: "alpha", tagIds: tag ? [tag] : [] });
    const live = (await run.client().strategies.list()).strategies;
    expect(live.filter((s) => ids.includes(s.id)).map((s) => s.isActive)).toEqual([true, true]);
    expect(stderr.join("\n")).toMatch(/another resource of this stack now declares it/);
    expect(stderr.join("\n")).toMatch(/another activation of this stack now holds them/);
  });

  it("says a replacement's webhook holds a secret it cannot read back, and keeps the service's", async () => {
    const first = await declare(stack(), "Webhook", { url: receiver.url, enabled: true });
    const secret = liveWebhook()?.secret;
    // `--replace`: the new resource's check sees the old one's inputs, its create the same url.
    const run = stack();
    const checked = await handlers.Webhook.check(run, first.inputs!, { url: receiver.url, enabled: true });
    expect(checked.failures ?? []).toEqual([]);
    const replaced = await handlers.Webhook.create(run, checked.inputs);
    await handlers.Webhook.delete(run, "webhook", first.created!.outs);
    expect(liveWebhook()).toMatchObject({ url: receiver.url, secret });
    expect(replaced.outs.secret).toBeNull();
    expect(stderr.join("\n")).toContain("written; its signing secret cannot be read back");
  });

  it("refuses another stack's followed developer and tags; a destroyed developer without tags is free again", async () => {
    const a = stack();
    const [tag, other] = ((await a.client().devs.tags()).tags ?? []).map((t) => t.id);
    expect(other).toBeDefined();
    const dev = await declare(a, "FollowedDeveloper", { address: ADDRESS, alias: "alpha" });
    const tags = await declare(a, "DeveloperTags", { address: ADDRESS, tagIds: [tag] });

    const b = stack();
    const devAgain = await declare(b, "FollowedDeveloper", { address: ADDRESS });
    expect(devAgain.failures?.[0]?.reason).toMatch(
      /^FollowedDeveloper "7xKX[^"]*" \(44 characters\) already exists on the account \(alias "alpha", active, 1 tag\)/,
    );
    const tagsAgain = await declare(b, "DeveloperTags", { address: ADDRESS, tagIds: [] });
    expect(tagsAgain.failures?.[0]?.reason).toContain("already exists on the account (1 tag assigned)");

    // Tags changed by someone else since: the destroy leaves them, and says so.
    await a.client().devs.setTags(ADDRESS, [other!]);
    await handlers.DeveloperTags.delete(stack(), ADDRESS, tags.created!.outs);
    expect((await liveDeveloper())?.tagIds).toEqual([other]);
    expect(stderr.join("\n")).toContain("its tags are no longer the 1 this resource assigned");

    // Renamed in the app since: the destroy leaves the developer active.
    await a.client().devs.update(ADDRESS, { alias: "renamed in the app" });
    await handlers.FollowedDeveloper.delete(stack(), ADDRESS, dev.created!.outs);
    expect((await liveDeveloper())?.isActive).toBe(true);
    expect(stderr.join("\n")).toContain('the service now holds alias "renamed in the app", active');

    await a.client().devs.setTags(ADDRESS, []);
    await handlers.FollowedDeveloper.delete(stack(), ADDRESS, {
      ...dev.created!.outs,
      alias: "renamed in the app",
    });
    expect((await liveDeveloper())?.isActive).toBe(false);
    const free = await declare(stack(), "FollowedDeveloper", { address: ADDRESS });
    expect(free.failures).toBeUndefined();
    expect((await liveDeveloper())?.isActive).toBe(true);
  });

  it("refuses a developer another stack follows muted, and takes one only in the state a destroy leaves", async () => {
    const teamOne = stack();
    const muted = await declare(teamOne, "FollowedDeveloper", {
      address: ADDRESS,
      alias: "team1-muted",
      active: false,
    });
    expect(muted.failures).toBeUndefined();
    expect(await liveDeveloper()).toMatchObject({ isActive: false, alias: "team1-muted" });

    // Team two, without adopt: refused, and the muted developer keeps team one's alias and activity.
    const teamTwo = await declare(stack(), "FollowedDeveloper", { address: ADDRESS, alias: "team2" });
    expect(teamTwo.failures?.[0]?.reason).toContain(
      'already exists on the account (alias "team1-muted", inactive)',
    );
    expect(await liveDeveloper()).toMatchObject({ isActive: false, alias: "team1-muted" });

    // Team one's destroy of its muted developer releases it: inactive, the released alias.
    await handlers.FollowedDeveloper.delete(stack(), ADDRESS, muted.created!.outs);
    expect(await liveDeveloper()).toMatchObject({ isActive: false, alias: RELEASED_ALIAS, tagIds: [] });

    // Released: free to follow again without adopt; declared without an alias, the released one goes.
    const again = await declare(stack(), "FollowedDeveloper", { address: ADDRESS });
    expect(again.failures).toBeUndefined();
    expect(await liveDeveloper()).toMatchObject({ isActive: true, alias: null });
  });

  it("leaves a muted developer whose alias someone changed since, and says so", async () => {
    const muted = await declare(stack(), "FollowedDeveloper", {
      address: ADDRESS,
      alias: "quiet",
      active: false,
    });
    await stack().client().devs.update(ADDRESS, { alias: "someone else's" });
    await handlers.FollowedDeveloper.delete(stack(), ADDRESS, muted.created!.outs);
    expect(await liveDeveloper()).toMatchObject({ isActive: false, alias: "someone else's" });
    expect(stderr.join("\n")).toContain("left as it is: it is no longer what this resource wrote");
  });

  it("leaves a webhook the app set again with the same url (verified again: a new verifiedAt), and says why", async () => {
    const a = await declare(stack(), "Webhook", { url: receiver.url, enabled: true });
    const recorded = a.created!.outs.verifiedAt;
    expect(recorded).toEqual(expect.any(String));
    // The app clears it and sets the same url again, a minute later on the service's clock.
    await stack().client().webhook.put({ enabled: true, url: null });
    await controlOk(em, "POST", "/clock", { advanceMinutes: 1 });
    await stack().client().webhook.put({ enabled: true, url: receiver.url });
    const recreated = liveWebhook();
    expect(recreated?.verifiedAt).not.toBe(recorded);

    await handlers.Webhook.delete(stack(), "webhook", a.created!.outs);
    expect(liveWebhook()).toMatchObject({ url: receiver.url, secret: recreated?.secret });
    expect(stderr.join("\n")).toContain(`not at ${recorded} as this resource recorded`);
  });

  it("leaves a webhook this resource never saw verified, and says what would clear it", async () => {
    // Nothing listens there: the handshake fails, and requireVerified: false accepts the url.
    const a = await declare(stack(), "Webhook", {
      url: "http://127.0.0.1:9/hook",
      enabled: true,
      requireVerified: false,
    });
    expect(a.created?.outs.verifiedAt).toBeNull();
    await handlers.Webhook.delete(stack(), "webhook", a.created!.outs);
    expect(liveWebhook()?.url).toBe("http://127.0.0.1:9/hook");
    expect(stderr.join("\n")).toContain("this resource never saw it verified (requireVerified: false)");
    expect(stderr.join("\n")).toContain("declare `url: null` and run `pulumi up` before the destroy");
  });

  it("leaves an object the same run holds in another provider process (a move to another provider), per account", async () => {
    const runDir = await mkdtemp(join(tmpdir(), "psa-run-holds-it-"));
    try {
      const first = stack();
      const hook = await declare(first, "Webhook", { url: receiver.url, enabled: true });
      const dev = await declare(first, "FollowedDeveloper", { address: ADDRESS, alias: "alpha" });
      // One engine run: the default provider's process creates, the explicit provider's deletes.
      const defaultProvider = stack();
      defaultProvider.run.useHolds(new DirectoryHolds(runDir));
      const explicitProvider = stack();
      explicitProvider.run.useHolds(new DirectoryHolds(runDir));
      for (const r of [
        await declare(defaultProvider, "Webhook", { url: receiver.url, enabled: true, adopt: true }),
        await declare(defaultProvider, "FollowedDeveloper", {
          address: ADDRESS,
          alias: "alpha",
          adopt: true,
        }),
      ])
        expect(r.failures).toBeUndefined();
      await handlers.Webhook.delete(explicitProvider, "webhook", hook.created!.outs);
      await handlers.FollowedDeveloper.delete(explicitProvider, ADDRESS, dev.created!.outs);
      expect(liveWebhook()?.url).toBe(receiver.url);
      expect(await liveDeveloper()).toMatchObject({ isActive: true, alias: "alpha" });
      expect(stderr.join("\n")).toMatch(/another resource of this stack now declares it/);
    } finally {
      await rm(runDir, { recursive: true, force: true });
    }
  });

  it("takes a renamed resource's objects without adopt once a refresh of the run read them as the stack wrote them", async () => {
    const tag = (await stack().client().devs.tags()).tags?.[0]?.id;
    const first = stack();
    const hook = await declare(first, "Webhook", { url: receiver.url, enabled: true });
    const dev = await declare(first, "FollowedDeveloper", { address: ADDRESS, alias: "alpha" });
    const tags = await declare(first, "DeveloperTags", { address: ADDRESS, tagIds: [tag] });

    // Without a refresh, the rename's check refuses, naming aliases first.
    const plain = await declare(stack(), "FollowedDeveloper", { address: ADDRESS, alias: "alpha" });
    expect(plain.failures?.[0]?.reason).toContain('{ aliases: [{ name: "<old name>" }] }');

    // `pulumi up --refresh`: the old resources are read first, then the new ones are checked.
    const run = stack();
    await handlers.Webhook.read(run, "webhook", hook.created!.outs);
    await handlers.FollowedDeveloper.read(run, ADDRESS, dev.created!.outs);
    await handlers.DeveloperTags.read(run, ADDRESS, tags.created!.outs);
    const renamed = [
      await declare(run, "Webhook", { url: receiver.url, enabled: true }),
      await declare(run, "FollowedDeveloper", { address: ADDRESS, alias: "alpha" }),
      await declare(run, "DeveloperTags", { address: ADDRESS, tagIds: [tag] }),
    ];
    for (const r of renamed) expect(r.failures).toBeUndefined();
    await handlers.Webhook.delete(run, "webhook", hook.created!.outs);
    await handlers.FollowedDeveloper.delete(run, ADDRESS, dev.created!.outs);
    await handlers.DeveloperTags.delete(run, ADDRESS, tags.created!.outs);
    expect(liveWebhook()?.url).toBe(receiver.url);
    expect(await liveDeveloper()).toMatchObject({ isActive: true, alias: "alpha", tagIds: [tag] });

    // A refresh that finds the object changed since proves nothing: the check still refuses.
    await stack().client().devs.update(ADDRESS, { alias: "changed in the app" });
    const changed = stack();
    await handlers.FollowedDeveloper.read(changed, ADDRESS, dev.created!.outs);
    const refused = await declare(changed, "FollowedDeveloper", { address: ADDRESS, alias: "alpha" });
    expect(refused.failures?.[0]?.reason).toContain("already exists on the account");
  });

  it("records what a failed activation did activate, names the strategy, and converges on the next update", async () => {
    const ctx = stack();
    const ids: string[] = [];
    for (const name of ["S1", "S2", "S3", "S4", "S5", "S6"]) {
      const { isActive: _activity, ...body } = sampleStrategy({ name });
      ids.push((await handlers.Strategy.create(ctx, body as unknown as PropertyBag)).id);
    }
    const first = await declare(ctx, "StrategyActivation", { strategyIds: ids.slice(0, 3) });
    await controlOk(em, "POST", "/faults", {
      method: "POST",
      path: `/strategies/${ids[3]}/activate`,
      status: 500,
      count: 20,
    });
    const want = { strategyIds: [...ids].sort(), exclusive: false };
    const failed = await handlers.StrategyActivation.update(
      stack(),
      first.created!.id,
      first.created!.outs,
      want,
    ).then(
      () => undefined,
      (e: unknown) => e as Error & { id?: string; properties?: PropertyBag },
    );
    await controlOk(em, "DELETE", "/faults");
    expect(failed).toBeDefined();
    expect(failed!.message).toContain(`activating strategy "S4" (${ids[3]}) failed`);
    expect(failed!.id).toBe(first.created!.id);
    const live = new Map((await ctx.client().strategies.list()).strategies.map((s) => [s.id, s.isActive]));
    const activeNow = ids.filter((id) => live.get(id) === true).sort();
    expect(activeNow).not.toContain(ids[3]);
    // The recorded outputs are the truth: every strategy this resource left active.
    expect(failed!.properties?.strategyIds).toEqual(activeNow);

    // Reverting to S1..S3 is a change, and its update deactivates what the failure left active.
    const revert = { strategyIds: [...ids.slice(0, 3)].sort(), exclusive: false };
    expect(
      (await handlers.StrategyActivation.diff(stack(), first.created!.id, failed!.properties!, revert))
        .changes,
    ).toBe(true);
    await handlers.StrategyActivation.update(stack(), first.created!.id, failed!.properties!, revert);
    const after = (await ctx.client().strategies.list()).strategies
      .filter((s) => s.isActive)
      .map((s) => s.id);
    expect(after.sort()).toEqual(revert.strategyIds);
  });

  it("a failed activation create is recorded with what it activated", async () => {
    const ctx = stack();
    const ids: string[] = [];
    for (const name of ["C1", "C2"]) {
      const { isActive: _activity, ...body } = sampleStrategy({ name });
      ids.push((await handlers.Strategy.create(ctx, body as unknown as PropertyBag)).id);
    }
    await controlOk(em, "POST", "/faults", {
      method: "POST",
      path: `/strategies/${ids[1]}/activate`,
      status: 500,
      count: 20,
    });
    const err = await handlers.StrategyActivation.create(ctx, { strategyIds: ids, exclusive: false }).then(
      () => undefined,
      (e: unknown) => e as Error & { id?: string; properties?: PropertyBag },
    );
    await controlOk(em, "DELETE", "/faults");
    expect(err).not.toBeInstanceOf(ResourceOperationError);
    expect(err?.id).toMatch(/^activation-/);
    expect(err?.properties?.strategyIds).toEqual([ids[0]]);
    expect(err?.properties?.accountId).toBe(account().userId);
  });
});
