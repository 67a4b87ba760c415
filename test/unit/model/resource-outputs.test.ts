import { describe, expect, expectTypeOf, it } from "vitest";
import {
  RESOURCE_OUTPUTS,
  type ResourceOutput,
  unsetOutputs,
} from "../../../provider/model/resource-outputs";
import { PLUGIN_TYPE_TOKENS, type ResourceKind } from "../../../provider/model/type-tokens";
import { pluginSchema } from "../../../provider/plugin/package-schema";
import type { FollowedDeveloper } from "../../../provider/resources/followed-developer";
import type { Strategy } from "../../../provider/resources/strategy";
import type { StrategyActivation } from "../../../provider/resources/strategy-activation";
import type { Webhook } from "../../../provider/resources/webhook";

const KINDS = Object.keys(RESOURCE_OUTPUTS) as ResourceKind[];

interface SchemaResource {
  properties: Record<string, unknown>;
  inputProperties: Record<string, unknown>;
}

describe("each kind's outputs are listed once, in the model", () => {
  it("every resource class declares its kind's outputs (checked by the typecheck; DeveloperTags has none)", () => {
    expectTypeOf<ResourceOutput<"Strategy">>().toExtend<keyof Strategy>();
    expectTypeOf<ResourceOutput<"StrategyActivation">>().toExtend<keyof StrategyActivation>();
    expectTypeOf<ResourceOutput<"Webhook">>().toExtend<keyof Webhook>();
    expectTypeOf<ResourceOutput<"FollowedDeveloper">>().toExtend<keyof FollowedDeveloper>();
  });

  it.each(KINDS)("the plugin's schema gives %s exactly the model's outputs beyond its inputs", (kind) => {
    const resources = (pluginSchema() as { resources: Record<string, SchemaResource> }).resources;
    const resource = resources[PLUGIN_TYPE_TOKENS[kind]]!;
    const outputsOnly = Object.keys(resource.properties).filter((key) => !(key in resource.inputProperties));
    expect(outputsOnly.sort()).toEqual([...RESOURCE_OUTPUTS[kind]].sort());
  });

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
