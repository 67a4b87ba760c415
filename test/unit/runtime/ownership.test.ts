import { describe, expect, it } from "vitest";
import { UNKNOWN } from "../../../provider/model/unknown-value";
import { RuntimeContext } from "../../../provider/runtime/context";
import {
  adoptFailure,
  hold,
  objectKey,
  type SingletonObject,
  takeOverFailure,
} from "../../../provider/runtime/ownership";

/** The account's webhook as a check names it, held as `found` says; counts the reads. */
function webhook(found: string | undefined): SingletonObject & { reads: number } {
  const object = {
    label: "Webhook",
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
    expect(await takeOverFailure({}, { address: "a" }, fresh)).toBeDefined();
    expect(fresh.reads).toBe(1);
    const adopting = webhook("https://hooks.example");
    expect(await takeOverFailure({}, { address: "a", adopt: true }, adopting)).toBeUndefined();
    const existing = webhook("https://hooks.example");
    expect(await takeOverFailure({ address: "a" }, { address: "a" }, existing)).toBeUndefined();
    expect(adopting.reads + existing.reads).toBe(0);
    expect(await takeOverFailure({}, { address: "a" }, webhook(undefined))).toBeUndefined();
  });

  it("names the object, who may hold it and both ways to take it on purpose", async () => {
    const failure = await takeOverFailure({}, {}, webhook("https://hooks.example"));
    expect(failure?.property).toBe("");
    expect(failure?.reason).toContain("Webhook already exists on the account (https://hooks.example)");
    expect(failure?.reason).toContain("`adopt: true`");
    expect(failure?.reason).toContain("(`pulumi import strategy-alerts:index:Webhook <name> webhook`)");
  });

  it("records what the run holds by the object's key", () => {
    const ctx = new RuntimeContext();
    hold(ctx, objectKey.developer("D1"));
    hold(ctx, objectKey.webhook());
    expect([...ctx.run.heldObjects].sort()).toEqual(["developer D1", "webhook"]);
  });
});
