import { describe, expect, it } from "vitest";
import { RuntimeContext } from "../../../provider/runtime/context";
import { followedDeveloperHandler, RELEASED_ALIAS } from "../../../provider/runtime/followed-developer";
import { heldInRun, objectKey } from "../../../provider/runtime/ownership";
import { contextOfAccount } from "../../support/runtime-context";

const ADDRESS = "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU";

describe("FollowedDeveloper before any call to the service", () => {
  it("fails its check once per wrong input, naming each property", async () => {
    const { failures } = await followedDeveloperHandler.check(
      new RuntimeContext(),
      {},
      {
        address: "  ",
        alias: 7,
        active: "yes",
        adopt: 1,
      },
    );
    expect(failures?.map((f) => f.property).sort()).toEqual(["active", "address", "adopt", "alias"]);
    const multiline = await followedDeveloperHandler.check(
      new RuntimeContext(),
      {},
      { address: ADDRESS, alias: "a\nb" },
    );
    expect(multiline.failures?.map((f) => f.property)).toEqual(["alias"]);
  });

  it("refuses the released alias a destroy leaves: no declaration may look like a developer no one holds", async () => {
    for (const alias of [RELEASED_ALIAS, ` ${RELEASED_ALIAS} `]) {
      const { failures } = await followedDeveloperHandler.check(
        new RuntimeContext(),
        {},
        { address: ADDRESS, alias },
      );
      expect(failures).toEqual([
        {
          property: "alias",
          reason: expect.stringContaining("is what a destroy leaves on a developer no stack holds"),
        },
      ]);
    }
  });

  it("checks an existing resource to its canonical inputs, active unless declared otherwise", async () => {
    const olds = { address: ADDRESS, active: true };
    expect(
      await followedDeveloperHandler.check(new RuntimeContext(), olds, { address: ADDRESS, __provider: "p" }),
    ).toEqual({
      inputs: { address: ADDRESS, active: true },
    });
    expect(
      (
        await followedDeveloperHandler.check(new RuntimeContext(), olds, {
          address: ADDRESS,
          active: false,
          alias: "dev",
        })
      ).inputs,
    ).toEqual({ address: ADDRESS, active: false, alias: "dev" });
  });

  it("diffs the alias and activity, replaces on a new address, and holds the developer for the run", async () => {
    const ctx = contextOfAccount();
    const olds = { address: ADDRESS, active: true, alias: "dev" };
    expect(await followedDeveloperHandler.diff(ctx, ADDRESS, olds, { ...olds })).toEqual({
      changes: false,
      replaces: [],
    });
    expect(await followedDeveloperHandler.diff(ctx, ADDRESS, olds, { ...olds, active: false })).toMatchObject(
      {
        changes: true,
        replaces: [],
      },
    );
    expect(await followedDeveloperHandler.diff(ctx, ADDRESS, olds, { ...olds, address: "Other" })).toEqual({
      changes: true,
      replaces: ["address"],
    });
    expect(await heldInRun(ctx, objectKey.developer(ADDRESS))).toBe(true);
    expect(await heldInRun(contextOfAccount(), objectKey.developer(ADDRESS))).toBe(false);
  });
});
