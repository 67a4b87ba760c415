import { describe, expect, it } from "vitest";
import { UNKNOWN } from "../../../provider/model/unknown-value";
import { RuntimeContext } from "../../../provider/runtime/context";
import { developerTagsHandler } from "../../../provider/runtime/developer-tags";
import { heldInRun, objectKey } from "../../../provider/runtime/ownership";
import { contextOfAccount } from "../../support/runtime-context";

const ADDRESS = "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU";

describe("DeveloperTags before any call to the service", () => {
  it("fails its check once per wrong input, naming each property", async () => {
    const { failures } = await developerTagsHandler.check(
      new RuntimeContext(),
      {},
      {
        address: 42,
        tagIds: "t1",
        adopt: "yes",
      },
    );
    expect(failures?.map((f) => f.property).sort()).toEqual(["address", "adopt", "tagIds"]);
    expect(failures?.find((f) => f.property === "address")?.reason).toContain(
      "an address of digits needs quotes",
    );
  });

  it("checks an existing resource's tags to their canonical set without asking whether they are held", async () => {
    const [a, b] = ["0b6c3a52-6f55-4a7e-9f3e-2d7f4c1e8a90", "9f1d2c3b-4a5e-4f60-8a7b-6c5d4e3f2a1b"];
    // The recorded set, in another order: a set that is not new is not read again either.
    const olds = { address: ADDRESS, tagIds: [b, a] };
    const result = await developerTagsHandler.check(new RuntimeContext(), olds, {
      address: ADDRESS,
      tagIds: [b, a, b],
      __provider: "p",
    });
    expect(result).toEqual({ inputs: { address: ADDRESS, tagIds: [a, b] } });
    const unknown = await developerTagsHandler.check(new RuntimeContext(), olds, {
      address: ADDRESS,
      tagIds: UNKNOWN,
    });
    expect(unknown.inputs).toEqual({ address: ADDRESS, tagIds: UNKNOWN });
  });

  it("diffs the tags as a set, replaces on a new address, and holds the developer's tags for the run", async () => {
    const ctx = contextOfAccount();
    const olds = { address: ADDRESS, tagIds: ["a", "b"] };
    expect(
      await developerTagsHandler.diff(ctx, ADDRESS, olds, { address: ADDRESS, tagIds: ["b", "a"] }),
    ).toEqual({
      changes: false,
      replaces: [],
    });
    expect(
      await developerTagsHandler.diff(ctx, ADDRESS, olds, { address: ADDRESS, tagIds: ["a"] }),
    ).toMatchObject({
      changes: true,
    });
    expect(
      await developerTagsHandler.diff(ctx, ADDRESS, olds, { address: "Other", tagIds: ["a", "b"] }),
    ).toEqual({
      changes: true,
      replaces: ["address"],
    });
    expect(await heldInRun(ctx, objectKey.tags(ADDRESS))).toBe(true);
    expect(await heldInRun(contextOfAccount(), objectKey.tags(ADDRESS))).toBe(false);
  });
});
