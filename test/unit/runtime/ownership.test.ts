import { describe, expect, it } from "vitest";
import { UNKNOWN } from "../../../provider/model/unknown-value";
import {
  adoptFailure,
  heldInRun,
  hold,
  noteReadAsWritten,
  objectKey,
  type SingletonObject,
  takeOverFailure,
} from "../../../provider/runtime/ownership";
import { MemoryHolds } from "../../../provider/runtime/run-holds";
import { contextOfAccount } from "../../support/runtime-context";

/** The account's webhook as a check names it, held as `found` says; counts the reads. */
function webhook(found: string | undefined): SingletonObject & { reads: number } {
  const object = {
    label: "Webhook",
    key: objectKey.webhook(),
    pluginToken: "strategy-alerts:index:Webhook",
    importId: "webhook",
    reads: 0,
    held: async () => {
      object.reads++;
      return found;
    },
  };
  return object;
}

describe("ownership of a singleton object", () => {
  it("accepts adopt as a boolean or unknown during preview, and nothing else", () => {
    expect(adoptFailure({})).toBeUndefined();
    expect(adoptFailure({ adopt: true })).toBeUndefined();
    expect(adoptFailure({ adopt: UNKNOWN })).toBeUndefined();
    expect(adoptFailure({ adopt: "true" })).toMatchObject({ property: "adopt" });
  });

  it("asks whether the object exists only for a new resource that does not adopt", async () => {
    const fresh = webhook("https://hooks.example");
    expect(await takeOverFailure(contextOfAccount(), {}, { address: "a" }, fresh)).toBeDefined();
    expect(fresh.reads).toBe(1);
    const adopting = webhook("https://hooks.example");
    expect(
      await takeOverFailure(contextOfAccount(), {}, { address: "a", adopt: true }, adopting),
    ).toBeUndefined();
    const existing = webhook("https://hooks.example");
    expect(
      await takeOverFailure(contextOfAccount(), { address: "a" }, { address: "a" }, existing),
    ).toBeUndefined();
    expect(adopting.reads + existing.reads).toBe(0);
    expect(
      await takeOverFailure(contextOfAccount(), {}, { address: "a" }, webhook(undefined)),
    ).toBeUndefined();
  });

  it("names the object, then the three ways on: aliases (how to write one), adopt: true, pulumi import", async () => {
    const failure = await takeOverFailure(contextOfAccount(), {}, {}, webhook("https://hooks.example"));
    expect(failure?.property).toBe("");
    const reason = failure?.reason ?? "";
    expect(reason).toContain("Webhook already exists on the account (https://hooks.example)");
    expect(reason).toContain('`{ aliases: [{ name: "<old name>" }] }`');
    expect(reason).toContain('`options: { aliases: ["<old URN>"] }`');
    expect(reason).toContain("`pulumi up --refresh`");
    expect(reason).toContain("(`pulumi import strategy-alerts:index:Webhook <name> webhook`)");
    const order = ["aliases", "`adopt: true`", "pulumi import"].map((w) => reason.indexOf(w));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(order).not.toContain(-1);
  });

  it("lets a new resource take an object a refresh of this run read as the stack wrote it, on that account only", async () => {
    const holds = new MemoryHolds();
    const ctx = contextOfAccount("U1");
    ctx.run.useHolds(holds);
    await noteReadAsWritten(ctx, objectKey.webhook());
    expect(await takeOverFailure(ctx, {}, {}, webhook("https://hooks.example"))).toBeUndefined();
    const otherAccount = contextOfAccount("U2");
    otherAccount.run.useHolds(holds);
    expect(await takeOverFailure(otherAccount, {}, {}, webhook("https://hooks.example"))).toBeDefined();
    // A read is no hold: a delete of the object read is not left alone for it.
    expect(await heldInRun(ctx, objectKey.webhook())).toBe(false);
  });

  it("records what the run holds by the object's key and account", async () => {
    const ctx = contextOfAccount("U1");
    await hold(ctx, objectKey.developer("D1"));
    await hold(ctx, objectKey.webhook());
    expect(await heldInRun(ctx, objectKey.developer("D1"))).toBe(true);
    expect(await heldInRun(ctx, objectKey.webhook())).toBe(true);
    expect(await heldInRun(ctx, objectKey.tags("D1"))).toBe(false);
    // Another provider context outside an engine run holds nothing of this one's.
    expect(await heldInRun(contextOfAccount("U1"), objectKey.webhook())).toBe(false);
  });
});
