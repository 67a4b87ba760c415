import { describe, expect, it } from "vitest";
import { KIND_RECOVERY, keyedRecovery, type LiveDeveloper } from "../../../../cli/recover/kind-recovery";
import { KINDS } from "../../../../provider/model/kinds";

const ADDRESS = "5p2hWfGq8V7aZ9kNnR3sT4uX6yB1cD2eF3gH4jK5mL6";
const developers = (d: Partial<LiveDeveloper>) => ({
  developers: new Map([[ADDRESS, { address: ADDRESS, alias: null, active: true, tagIds: [], ...d }]]),
});

describe("KIND_RECOVERY", () => {
  it("settles every kind of the model one way", () => {
    expect(Object.keys(KIND_RECOVERY).sort()).toEqual(Object.keys(KINDS).sort());
    expect(KIND_RECOVERY.Strategy.settle).toBe("strategy");
    expect(KIND_RECOVERY.StrategyActivation.settle).toBe("clear");
    expect(keyedRecovery("Strategy")).toBeUndefined();
  });

  it("keys the webhook by its fixed import id and a developer's objects by address", () => {
    expect(keyedRecovery("Webhook")?.keyOf({ url: "https://x.test/h" })).toBe(KINDS.Webhook.importId.fixed);
    expect(keyedRecovery("FollowedDeveloper")?.keyOf({ address: ADDRESS })).toBe(ADDRESS);
    expect(keyedRecovery("DeveloperTags")?.keyOf({ address: ADDRESS })).toBe(ADDRESS);
  });

  it("tells an absent webhook from one that is or is not what the create declares", () => {
    const webhook = keyedRecovery("Webhook")!;
    const inputs = { url: "https://x.test/h", enabled: true };
    expect(webhook.state(inputs, {}).kind).toBe("absent");
    expect(webhook.state(inputs, { webhook: { url: inputs.url, enabled: true } }).kind).toBe("same");
    expect(webhook.state(inputs, { webhook: { url: inputs.url, enabled: false } }).kind).toBe("different");
  });

  it("counts an inactive developer without tags as absent, and compares tags as a set", () => {
    const followed = keyedRecovery("FollowedDeveloper")!;
    expect(followed.state({ address: ADDRESS }, developers({ active: false })).kind).toBe("absent");
    expect(followed.state({ address: ADDRESS, alias: "A" }, developers({ alias: "B" })).kind).toBe(
      "different",
    );
    const tags = keyedRecovery("DeveloperTags")!;
    const live = developers({ tagIds: ["b", "a"] });
    expect(tags.state({ address: ADDRESS, tagIds: ["a", "b"] }, live).kind).toBe("same");
    expect(tags.state({ address: ADDRESS, tagIds: ["a"] }, live).kind).toBe("different");
    expect(tags.state({ address: ADDRESS, tagIds: ["a"] }, developers({})).kind).toBe("absent");
  });
});
