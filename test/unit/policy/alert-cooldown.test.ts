import { describe, expect, it } from "vitest";
import { TYPE_TOKENS } from "../../../provider/model/type-tokens";
import { alertCooldownPolicy } from "../../../provider/policy/alert-cooldown";
import { describeInPack, UNKNOWN_STRING, violationsOfResource } from "./policy-harness";

describe("alert-cooldown", () => {
  it("reports a cooldown of 0 or none, and accepts a positive one", async () => {
    const zero = await violationsOfResource("alert-cooldown", TYPE_TOKENS.Strategy, {
      name: "S",
      alertCooldownMins: 0,
    });
    expect(zero).toEqual([expect.stringContaining('Strategy "S" has alertCooldownMins 0')]);
    expect(await violationsOfResource("alert-cooldown", TYPE_TOKENS.Strategy, { name: "S" })).toHaveLength(1);
    expect(
      await violationsOfResource("alert-cooldown", TYPE_TOKENS.Strategy, { name: "S", alertCooldownMins: 5 }),
    ).toEqual([]);
  });

  it("leaves resources that are not ours, and values unknown during preview, alone", async () => {
    expect(
      await violationsOfResource("alert-cooldown", "aws:s3/bucket:Bucket", { alertCooldownMins: 0 }),
    ).toEqual([]);
    expect(
      await violationsOfResource("alert-cooldown", TYPE_TOKENS.Strategy, {
        name: "S",
        alertCooldownMins: UNKNOWN_STRING,
      }),
    ).toEqual([]);
  });
});

describeInPack("alert-cooldown", "alert-cooldown.ts", alertCooldownPolicy);
