import { describe, expect, it } from "vitest";
import { unsetOutputs } from "../../../provider/resources/unset-outputs";

describe("unsetOutputs", () => {
  it("a dynamic resource passes each output without a value, so the engine tracks it", () => {
    expect(unsetOutputs("Webhook")).toEqual({
      verifiedAt: undefined,
      hasSecret: undefined,
      secret: undefined,
      verificationError: undefined,
      accountId: undefined,
    });
    expect(Object.keys(unsetOutputs("DeveloperTags"))).toEqual(["accountId"]);
  });
});
