import { describe, expect, it } from "vitest";
import { NameClashError, NameRegistry, programNames, slugFor } from "../../../../cli/import/names";
import { accountSnapshot, listedStrategy } from "../../../support/import-account";

// That names stay unique, wired to the right developer and type-check for any labels is tested
// in test/integration/cli/import/names.property.test.ts.
describe("names of generated resources", () => {
  it("slug a readable name", () => {
    expect(slugFor("Safety first!")).toBe("safety-first");
    expect(slugFor("--Say  hello to 2x--")).toBe("say-hello-to-2x");
  });

  it("tell apart items sharing a label by their own discriminator, and avoid reserved variables", () => {
    const registry = new NameRegistry();
    const names = registry.allocate(
      [
        { label: "Dup", discriminator: "aaaa" },
        { label: "dup", discriminator: "bbbb" },
        { label: "", discriminator: "cccc" },
        { label: "delete", discriminator: "dddd" },
      ],
      "strategy",
    );
    expect(names).toEqual([
      { resource: "dup-aaaa", variable: "dupAaaa" },
      { resource: "dup-bbbb", variable: "dupBbbb" },
      { resource: "strategy-cccc", variable: "strategyCccc" },
      { resource: "delete", variable: "strategyDelete" },
    ]);
    expect(registry.derived(names[0]!, "tags")).toEqual({
      resource: "dup-aaaa-tags",
      variable: "dupAaaaTags",
    });
  });

  it("refuses a fixed name claimed twice", () => {
    const registry = new NameRegistry();
    registry.fixed("webhook", "webhook");
    expect(() => registry.fixed("webhook", "other")).toThrow(NameClashError);
  });

  it("name an account's resources by kind, fixed names first", () => {
    const id = "00000001-0000-4000-8000-000000000000";
    const names = programNames(
      accountSnapshot({
        strategies: [listedStrategy(id, "Webhook")],
        developers: [{ address: "DevAddr1111", alias: "Alice", isActive: true, tagIds: ["t"] }],
      }),
    );
    expect(names.Webhook).toEqual({ resource: "webhook", variable: "webhook" });
    expect(names.StrategyActivation).toEqual({ resource: "active-strategies", variable: "activation" });
    expect(names.Strategy.get(id)).toEqual({ resource: "webhook-00000001", variable: "webhook00000001" });
    expect(names.FollowedDeveloper.get("DevAddr1111")).toEqual({
      resource: "dev-alice",
      variable: "devAlice",
    });
    expect(names.DeveloperTags.get("DevAddr1111")).toEqual({
      resource: "dev-alice-tags",
      variable: "devAliceTags",
    });
  });
});
