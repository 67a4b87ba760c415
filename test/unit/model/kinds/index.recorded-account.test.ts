/** The account a resource's state records, read through its descriptor's `legacyAccountOutput`. */
import { describe, expect, it } from "vitest";
import { recordedAccountOf } from "../../../../provider/model/kinds";

describe("recordedAccountOf", () => {
  it("reads accountId for every kind, before any legacy output", () => {
    expect(recordedAccountOf("Webhook", { accountId: "u1" })).toBe("u1");
    expect(recordedAccountOf("Strategy", { accountId: "u1", userId: "u2" })).toBe("u1");
  });

  it("reads a strategy's userId where a state written before accountId holds it, and no other kind's", () => {
    expect(recordedAccountOf("Strategy", { userId: "u2" })).toBe("u2");
    expect(recordedAccountOf("FollowedDeveloper", { userId: "u2" })).toBeUndefined();
  });

  it("takes an empty or missing record as none", () => {
    expect(recordedAccountOf("Strategy", { accountId: "" })).toBeUndefined();
    expect(recordedAccountOf("DeveloperTags", undefined)).toBeUndefined();
  });
});
