import { describe, expect, it } from "vitest";
import { KINDS, replacingInputs, resourceKindOf, secretOutputs } from "../../../../provider/model/kinds";
import { WEBHOOK_KIND } from "../../../../provider/model/kinds/webhook";

describe("the Webhook descriptor", () => {
  it("is the Webhook kind, under both type tokens", () => {
    expect(KINDS.Webhook).toBe(WEBHOOK_KIND);
    expect(resourceKindOf(WEBHOOK_KIND.pluginToken)).toBe("Webhook");
    expect(resourceKindOf(WEBHOOK_KIND.dynamicToken)).toBe("Webhook");
  });

  it("keeps the signing secret a secret, replaces on nothing and is imported by a fixed id", () => {
    expect(secretOutputs("Webhook")).toEqual(["secret"]);
    expect(replacingInputs("Webhook")).toEqual([]);
    expect(WEBHOOK_KIND.importId.fixed).toBe("webhook");
    expect(WEBHOOK_KIND.inputs.requireVerified.default).toBe(true);
  });
});
