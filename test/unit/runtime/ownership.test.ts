import { describe, expect, it } from "vitest";
import { UNKNOWN } from "../../../provider/model/unknown-value";
import { RuntimeContext } from "../../../provider/runtime/context";
import {
  adoptFailure,
  hold,
  importCommand,
  mustNotExist,
  objectKey,
  takeOverFailure,
} from "../../../provider/runtime/ownership";

describe("ownership of a singleton object", () => {
  it("accepts adopt as a boolean or unknown during preview, and nothing else", () => {
    expect(adoptFailure({})).toBeUndefined();
    expect(adoptFailure({ adopt: true })).toBeUndefined();
    expect(adoptFailure({ adopt: UNKNOWN })).toBeUndefined();
    expect(adoptFailure({ adopt: "true" })).toMatchObject({ property: "adopt" });
  });

  it("asks whether the object exists only for a new resource that does not adopt", () => {
    expect(mustNotExist({}, { address: "a" })).toBe(true);
    expect(mustNotExist({}, { address: "a", adopt: true })).toBe(false);
    expect(mustNotExist({ address: "a" }, { address: "a" })).toBe(false);
  });

  it("names the object, who may hold it and both ways to take it on purpose", () => {
    const command = importCommand("strategy-alerts:index:Webhook", "webhook");
    expect(command).toBe("pulumi import strategy-alerts:index:Webhook <name> webhook");
    const failure = takeOverFailure("Webhook", "https://hooks.example", command);
    expect(failure.property).toBe("");
    expect(failure.reason).toContain("Webhook already exists on the account (https://hooks.example)");
    expect(failure.reason).toContain("`adopt: true`");
    expect(failure.reason).toContain(`(\`${command}\`)`);
  });

  it("records what the run holds by the object's key", () => {
    const ctx = new RuntimeContext();
    hold(ctx, objectKey.developer("D1"));
    hold(ctx, objectKey.webhook());
    expect([...ctx.run.heldObjects].sort()).toEqual(["developer D1", "webhook"]);
  });
});
