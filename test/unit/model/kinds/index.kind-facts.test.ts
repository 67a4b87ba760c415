/** Facts the layers read from a kind's descriptor: the account a state records, the inputs sealed for a credential. */
import { describe, expect, it } from "vitest";
import { credentialInputs, recordedAccountOf } from "../../../../provider/model/kinds";

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

describe("credentialInputs", () => {
  it("seals the webhook's url when it carries a credential, and leaves a plain one plain", () => {
    expect(credentialInputs("Webhook", { url: "https://h.example/in?token=abc" })).toEqual(["url"]);
    expect(credentialInputs("Webhook", { url: "https://h.example/in" })).toEqual([]);
    expect(credentialInputs("Webhook", undefined)).toEqual([]);
  });

  it("seals nothing of a kind whose descriptor marks no such input", () => {
    expect(credentialInputs("Strategy", { url: "https://h.example/in?token=abc" })).toEqual([]);
  });
});
