import { readFileSync } from "node:fs";
import { describe, expect, expectTypeOf, it } from "vitest";
import { declareAccount } from "../../../../cli/import/declarations";
import * as publicSurface from "../../../../provider/index";
import {
  checkedInputs,
  defaultOf,
  describedWithId,
  inputNames,
  KINDS,
  type KindInput,
  type KindOutput,
  outputNames,
  RESOURCE_KINDS,
  replacedBy,
  secretOutputs,
  setInputs,
  stableProperties,
} from "../../../../provider/model/kinds";
import { detailedDiff } from "../../../../provider/plugin/detailed-diff";
import { pluginSchema } from "../../../../provider/plugin/package-schema";
import type { DeveloperTagsArgs } from "../../../../provider/resources/developer-tags";
import type {
  FollowedDeveloper,
  FollowedDeveloperArgs,
} from "../../../../provider/resources/followed-developer";
import type { Strategy, StrategyArgs } from "../../../../provider/resources/strategy";
import type {
  StrategyActivation,
  StrategyActivationArgs,
} from "../../../../provider/resources/strategy-activation";
import type { Webhook, WebhookArgs } from "../../../../provider/resources/webhook";
import { resourceFile, resourceSource } from "../../../../scripts/kind-declarations";
import { RESOURCES_DOC, resourcesDocWithTables } from "../../../../scripts/kind-docs";
import { accountSnapshot, DEV_ALICE, listedStrategy } from "../../../support/import-account";

interface SchemaProperty {
  description?: string;
  secret?: boolean;
}
interface SchemaResource {
  description: string;
  properties: Record<string, SchemaProperty>;
  inputProperties: Record<string, SchemaProperty>;
  requiredInputs: string[];
}
const schemaResources = (pluginSchema() as { resources: Record<string, SchemaResource> }).resources;

describe("each kind is described once, by its descriptor", () => {
  it("the resource classes take exactly the descriptors' inputs and declare their outputs (typecheck)", () => {
    expectTypeOf<keyof StrategyArgs>().toEqualTypeOf<KindInput<"Strategy">>();
    expectTypeOf<keyof StrategyActivationArgs>().toEqualTypeOf<KindInput<"StrategyActivation">>();
    expectTypeOf<keyof WebhookArgs>().toEqualTypeOf<KindInput<"Webhook">>();
    expectTypeOf<keyof FollowedDeveloperArgs>().toEqualTypeOf<KindInput<"FollowedDeveloper">>();
    expectTypeOf<keyof DeveloperTagsArgs>().toEqualTypeOf<KindInput<"DeveloperTags">>();
    expectTypeOf<KindOutput<"Strategy">>().toExtend<keyof Strategy>();
    expectTypeOf<KindOutput<"StrategyActivation">>().toExtend<keyof StrategyActivation>();
    expectTypeOf<KindOutput<"Webhook">>().toExtend<keyof Webhook>();
    expectTypeOf<KindOutput<"FollowedDeveloper">>().toExtend<keyof FollowedDeveloper>();
  });

  it.each(RESOURCE_KINDS)("the public %s class carries the descriptor's dynamic type token", (kind) => {
    const cls = (publicSurface as unknown as Record<string, { __pulumiType?: string }>)[kind];
    expect(cls?.__pulumiType).toBe(KINDS[kind].dynamicToken);
  });

  it.each(RESOURCE_KINDS)("%s's class file is what the generator writes from its descriptor", (kind) => {
    // `npm run schema` writes the args, the outputs, their doc comments and the class from the
    // descriptor; a hand edit of either side makes this fail.
    expect(readFileSync(resourceFile(kind), "utf8")).toBe(resourceSource(kind));
  });

  it("docs/resources.md holds every kind's generated field tables as the descriptors say", () => {
    const doc = readFileSync(RESOURCES_DOC, "utf8");
    expect(resourcesDocWithTables(doc)).toBe(doc);
    expect(doc).toContain(KINDS.Strategy.inputs.alertCooldownMins.description);
  });

  it.each(RESOURCE_KINDS)("the plugin schema gives %s the descriptor's fields and descriptions", (kind) => {
    const d = KINDS[kind];
    const resource = schemaResources[d.pluginToken]!;
    expect(resource.description).toBe(describedWithId(kind));
    expect(Object.keys(resource.inputProperties)).toEqual(inputNames(kind));
    const outputsOnly = Object.keys(resource.properties).filter((key) => !(key in resource.inputProperties));
    expect(outputsOnly).toEqual(outputNames(kind));
    for (const [name, field] of Object.entries({ ...d.inputs, ...d.outputs }))
      expect(resource.properties[name]?.description, name).toBe(field.description);
    const secrets = Object.keys(resource.properties).filter((key) => resource.properties[key]?.secret);
    expect(secrets).toEqual(secretOutputs(kind));
  });
});

describe("what the layers read from the descriptors", () => {
  it("the webhook's secret is its only secret output; every kind records its account", () => {
    expect(RESOURCE_KINDS.flatMap((k) => secretOutputs(k).map((o) => `${k}.${o}`))).toEqual([
      "Webhook.secret",
    ]);
    for (const kind of RESOURCE_KINDS) expect(outputNames(kind)).toContain("accountId");
  });

  it("an address change replaces the address-keyed kinds, in the runtime and in the detailed diff alike", () => {
    const olds = { address: "0xaaa", tagIds: ["t1"] };
    const news = { address: "0xbbb", tagIds: ["t1"] };
    expect(replacedBy("DeveloperTags", olds, news)).toEqual(["address"]);
    expect(replacedBy("DeveloperTags", olds, olds)).toEqual([]);
    expect(detailedDiff("DeveloperTags", olds, news)).toEqual({ address: "UPDATE_REPLACE" });
    expect(detailedDiff("FollowedDeveloper", { address: "0xa" }, { address: "0xb" })).toEqual({
      address: "UPDATE_REPLACE",
    });
    expect(replacedBy("Strategy", { name: "a" }, { name: "b" })).toEqual([]);
  });

  it("a replacing input stays known in an update that replaces nothing", () => {
    expect(stableProperties("FollowedDeveloper")).toEqual(["address", "accountId"]);
    expect(stableProperties("Strategy")).toEqual(["strategyId", "userId", "createdAt", "accountId"]);
  });

  it("sets, checks and defaults come from the descriptor", () => {
    expect(setInputs("Strategy")).toEqual({ triggers: "strings", rules: "rules" });
    expect(setInputs("Webhook")).toEqual({});
    expect(checkedInputs("Webhook")).toEqual(["url", "enabled", "requireVerified", "adopt"]);
    expect(defaultOf("Strategy", "alertCooldownMins")).toBe(0);
    expect(defaultOf("Strategy", "retryPolicy")).toBeUndefined();
  });
});

describe("strategy-alerts import", () => {
  it("declares every kind, with the import id its descriptor names", () => {
    const snapshot = accountSnapshot({
      strategies: [listedStrategy("s-1", "Alpha")],
      developers: [{ address: DEV_ALICE, alias: "Alice", isActive: true, tagIds: ["t-1"] }],
      developerTags: [{ id: "t-1", name: "whales" }],
      webhook: { url: "https://hooks.example/in", enabled: true, hasSecret: true },
    } as never);
    const declared = declareAccount(snapshot).resources;
    expect(new Set(declared.map((d) => d.kind))).toEqual(new Set(RESOURCE_KINDS));
    for (const d of declared) {
      const id = KINDS[d.kind].importId;
      if ("fixed" in id) expect(d.importId, d.kind).toBe(id.fixed);
    }
    expect(declared.find((d) => d.kind === "Strategy")?.importId).toBe("s-1");
    expect(declared.find((d) => d.kind === "DeveloperTags")?.importId).toBe(DEV_ALICE);
  });
});
