import { beforeAll, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../../emulator/server";
import { AccountMismatchError } from "../../../provider/runtime/account-binding";
import { handlers } from "../../../provider/runtime/handlers";
import type { PropertyBag } from "../../../provider/runtime/inputs";
import { controlOk } from "../../support/emulator";
import { contextOn } from "../../support/runtime-context";
import { type Account, newAccount, useRuntimeEmulator } from "../../support/runtime-emulator";
import { sampleStrategy } from "../../support/strategy";

const ADDRESS = "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU";

const contextFor = (em: RunningEmulator, apiKey: string) => contextOn(em.baseUrl, apiKey);

describe("a resource keeps its account; a key of another account is refused before anything is sent", () => {
  // The environment wins over provider config: these tests choose the key through config only.
  const em = useRuntimeEmulator();
  let first: Account;
  let second: Account;

  beforeAll(async () => {
    first = await newAccount(em, "DEGEN");
    second = await newAccount(em, "DEGEN");
  });

  const writesOf = async (): Promise<string[]> => {
    const journal = await controlOk<{ requests: { method: string; route: string | null }[] }>(
      em,
      "GET",
      "/requests",
    );
    return journal.requests.filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.route}`);
  };

  it("records the account of the key in every created resource's outputs", async () => {
    const ctx = contextFor(em, first.apiKey);
    const { isActive: _activity, ...body } = sampleStrategy({ name: "Bound" });
    const strategy = await handlers.Strategy.create(ctx, body as unknown as PropertyBag);
    const developer = await handlers.FollowedDeveloper.create(ctx, { address: ADDRESS, active: true });
    expect(strategy.outs.accountId).toBe(first.userId);
    expect(developer.outs.accountId).toBe(first.userId);
  });

  it("fails preview, update, refresh and delete naming both accounts, sends no write and keeps the object", async () => {
    const owner = contextFor(em, first.apiKey);
    const { isActive: _activity, ...body } = sampleStrategy({ name: "Kept in its account" });
    const created = await handlers.Strategy.create(owner, body as unknown as PropertyBag);
    const outs = created.outs as PropertyBag;
    await controlOk(em, "DELETE", "/requests");

    const other = contextFor(em, second.apiKey);
    const news = { ...body, name: "Renamed" } as unknown as PropertyBag;
    const attempts: [string, () => Promise<unknown>][] = [
      ["preview", () => handlers.Strategy.diff(other, created.id, outs, news)],
      ["update", () => handlers.Strategy.update(other, created.id, outs, news)],
      ["refresh", () => handlers.Strategy.read(other, created.id, outs)],
      ["delete", () => handlers.Strategy.delete(other, created.id, outs)],
    ];
    for (const [operation, attempt] of attempts) {
      const err = await attempt().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err, operation).toBeInstanceOf(AccountMismatchError);
      const message = (err as Error).message;
      expect(message).toContain(first.userId);
      expect(message).toContain(second.userId);
      // A diff runs in a preview and again in an update: its message names no phase it cannot know.
      expect(message).toContain(operation === "preview" ? ": stopped: " : `${operation} stopped`);
      expect(message).not.toContain(first.apiKey);
      expect(message).not.toContain(second.apiKey);
    }
    expect(await writesOf()).toEqual([]);
    const still = await handlers.Strategy.read(owner, created.id, outs);
    expect(still.id).toBe(created.id);
    expect((still.props as PropertyBag).name).toBe("Kept in its account");
  });

  it("refuses a key of another account for every kind, not only strategies", async () => {
    const other = contextFor(em, second.apiKey);
    const state = { accountId: first.userId };
    for (const [kind, handler] of Object.entries(handlers)) {
      await expect(handler.read(other, `${kind}-id`, state), kind).rejects.toBeInstanceOf(
        AccountMismatchError,
      );
      await expect(handler.delete(other, `${kind}-id`, state), kind).rejects.toBeInstanceOf(
        AccountMismatchError,
      );
    }
    expect(await writesOf()).toEqual([]);
  });

  it("with a pinned account, fails every kind's check and refuses every create of another account's key before any write", async () => {
    const pinned = contextOn(em.baseUrl, second.apiKey, first.userId);
    await controlOk(em, "DELETE", "/requests");
    const { isActive: _activity, ...body } = sampleStrategy({ name: "Never in the other account" });
    const declared: Record<string, PropertyBag> = {
      Strategy: body as unknown as PropertyBag,
      StrategyActivation: { strategyIds: [] },
      Webhook: { url: "https://hooks.example.com/pinned", enabled: true },
      FollowedDeveloper: { address: ADDRESS },
      DeveloperTags: { address: ADDRESS, tagIds: [] },
    };
    for (const [kind, handler] of Object.entries(handlers)) {
      const checked = await handler.check(pinned, {}, declared[kind]!);
      expect(checked.failures?.[0]?.reason, kind).toContain(`pinned to account ${first.userId}`);
      expect(checked.failures?.[0]?.reason, kind).toContain(second.userId);
      await expect(handler.create(pinned, declared[kind]!), kind).rejects.toBeInstanceOf(
        AccountMismatchError,
      );
    }
    expect(await writesOf()).toEqual([]);
    // The pinned account's own key passes.
    const own = contextOn(em.baseUrl, first.apiKey, first.userId);
    expect((await handlers.Strategy.check(own, {}, declared.Strategy!)).failures ?? []).toEqual([]);
  });

  it("without a pin, refuses a create once the run has seen a resource of the stack record another account", async () => {
    const owner = contextFor(em, first.apiKey);
    const { isActive: _activity, ...body } = sampleStrategy({ name: "Existing in the first account" });
    const created = await handlers.Strategy.create(owner, body as unknown as PropertyBag);
    await controlOk(em, "DELETE", "/requests");
    const other = contextFor(em, second.apiKey);
    await expect(
      handlers.Strategy.diff(other, created.id, created.outs as PropertyBag, body as unknown as PropertyBag),
    ).rejects.toBeInstanceOf(AccountMismatchError);
    const { isActive: _a, ...fresh } = sampleStrategy({ name: "New beside it" });
    const refused = await handlers.Strategy.create(other, fresh as unknown as PropertyBag).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(AccountMismatchError);
    expect((refused as Error).message).toContain("create stopped");
    expect(await writesOf()).toEqual([]);
  });

  it("reads a strategy written before accountId existed against its userId", async () => {
    const owner = contextFor(em, first.apiKey);
    const { isActive: _activity, ...body } = sampleStrategy({ name: "Older state" });
    const created = await handlers.Strategy.create(owner, body as unknown as PropertyBag);
    const { accountId: _recorded, ...olderState } = created.outs as PropertyBag;
    await expect(
      handlers.Strategy.read(contextFor(em, second.apiKey), created.id, olderState),
    ).rejects.toBeInstanceOf(AccountMismatchError);
    const refreshed = await handlers.Strategy.read(owner, created.id, olderState);
    expect((refreshed.props as PropertyBag).accountId).toBe(first.userId);
    expect(refreshed.inputs).not.toHaveProperty("accountId");
  });

  it("a resource's accountPin (the stack's pin resource) refuses a key of another account in check and create, before any write", async () => {
    await controlOk(em, "DELETE", "/requests");
    const other = contextFor(em, second.apiKey);
    const { isActive: _activity, ...body } = sampleStrategy({ name: "Pinned by the stack" });
    const declared = { ...body, accountPin: first.userId } as unknown as PropertyBag;
    const checked = await handlers.Strategy.check(other, {}, declared);
    const reason = checked.failures?.[0]?.reason ?? "";
    expect(reason).toContain(`this stack belongs to account ${first.userId}`);
    expect(reason).toContain(second.userId);
    expect(reason).toContain("strategy-alerts-account");
    const refused = await handlers.Strategy.create(other, declared).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(AccountMismatchError);
    expect((refused as Error).message).toContain("create stopped");
    expect((refused as Error).message).toContain(first.userId);
    for (const [kind, handler] of Object.entries(handlers)) {
      await expect(handler.create(other, { accountPin: first.userId }), kind).rejects.toBeInstanceOf(
        AccountMismatchError,
      );
    }
    expect(await writesOf()).toEqual([]);
  });

  it("the pin's own account passes: the kind never sees accountPin, the check hands it on, and a diff ignores it", async () => {
    const owner = contextFor(em, first.apiKey);
    const { isActive: _activity, ...body } = sampleStrategy({ name: "Pinned and created" });
    const declared = { ...body, accountPin: first.userId } as unknown as PropertyBag;
    const checked = await handlers.Strategy.check(owner, {}, declared);
    expect(checked.failures ?? []).toEqual([]);
    expect((checked.inputs as PropertyBag).accountPin).toBe(first.userId);
    const created = await handlers.Strategy.create(owner, checked.inputs as PropertyBag);
    expect(created.outs.accountId).toBe(first.userId);
    expect(created.outs).not.toHaveProperty("accountPin");
    // A state of the release before the pin: its inputs lack accountPin, the new ones have it.
    const diff = await handlers.Strategy.diff(
      owner,
      created.id,
      created.outs as PropertyBag,
      checked.inputs as PropertyBag,
    );
    expect(diff.changes).toBe(false);
  });
});
