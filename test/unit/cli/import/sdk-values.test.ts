import { describe, expect, it } from "vitest";
import { declareAccount, Ref } from "../../../../cli/import/declarations";
import { typedArgs } from "../../../../cli/import/sdk-values";
import { richAccount } from "./sdk-account";

describe("declared inputs typed by the package schema", () => {
  it("types enums, input objects and lists by the schema, keeping nulls and dropping undefined", () => {
    const typed = typedArgs("Strategy", {
      name: "x",
      triggers: ["followed_dev_new_token_created"],
      rules: [{ rule: "is_honeypot", dealbreaker: true }],
      description: null,
      isActive: undefined,
    });
    expect(typed).toEqual([
      ["name", { t: "scalar", type: "string", value: "x" }],
      [
        "triggers",
        {
          t: "list",
          element: { enum: "EventType" },
          items: [
            {
              t: "enum",
              type: "EventType",
              value: "followed_dev_new_token_created",
              member: { name: "FollowedDevNewTokenCreated" },
            },
          ],
        },
      ],
      [
        "rules",
        {
          t: "list",
          element: { union: "rules" },
          items: [
            {
              t: "object",
              type: "BooleanRuleItem",
              fields: [
                [
                  "rule",
                  { t: "enum", type: "BooleanRule", value: "is_honeypot", member: { name: "IsHoneypot" } },
                ],
                ["dealbreaker", { t: "scalar", type: "boolean", value: true }],
              ],
            },
          ],
        },
      ],
      ["description", { t: "null" }],
    ]);
  });

  it("resolves a union by the variant the value fits, and leaves what fits no type untyped", () => {
    const [[, configs], [, odd]] = typedArgs("Strategy", {
      triggerConfigs: { followed_dev_new_token_created: { scope: "wallet", developerAddress: "x" } },
      odd: { k: 1 },
    }) as [[string, unknown], [string, unknown]];
    expect(configs).toMatchObject({
      t: "object",
      type: "TriggerConfigs",
      fields: [["followed_dev_new_token_created", { type: "FollowedDevWallet" }]],
    });
    expect(odd).toEqual({
      t: "object",
      type: undefined,
      fields: [["k", { t: "scalar", type: "number", value: 1 }]],
    });
  });

  it("keeps references as references, and refuses a number no program can write", () => {
    const declarations = declareAccount(richAccount());
    const activation = declarations.resources.find((d) => d.kind === "StrategyActivation")!;
    const ids = typedArgs("StrategyActivation", activation.args)[0]![1];
    expect(ids.t).toBe("list");
    const items = ids.t === "list" ? ids.items : [];
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(item.t === "ref" && item.ref).toBeInstanceOf(Ref);
    expect(() => typedArgs("Strategy", { name: Number.POSITIVE_INFINITY })).toThrow(TypeError);
  });
});
