import { describe, expect, it } from "vitest";
import {
  STRATEGY_BODY_FIELDS,
  STRATEGY_FIELDS,
  StrategyInputSchema,
  StrategyPatchSchema,
  StrategySchema,
} from "../../../provider/model/strategy";
import { strategy } from "../../support/api-fixtures";
import { base as input } from "./strategy-input";

describe("the strategy schemas", () => {
  it("list the body's fields, and the declared ones without isActive", () => {
    expect(STRATEGY_BODY_FIELDS).toContain("isActive");
    expect(STRATEGY_FIELDS).not.toContain("isActive");
    expect(STRATEGY_FIELDS).toEqual(STRATEGY_BODY_FIELDS.filter((f) => f !== "isActive"));
  });

  it("parse a create body and reject a blank name, a repeated trigger or an unused trigger config", () => {
    expect(StrategyInputSchema.parse(input)).toEqual(input);
    expect(StrategyInputSchema.safeParse({ ...input, name: "  " }).success).toBe(false);
    expect(
      StrategyInputSchema.safeParse({ ...input, triggers: ["new_token_created", "new_token_created"] })
        .success,
    ).toBe(false);
    const unused = StrategyInputSchema.safeParse({
      ...input,
      triggerConfigs: { post_metadata_match: { tagId: "all" } },
    });
    expect(unused.success).toBe(false);
    expect(unused.error?.issues[0]?.path).toEqual(["triggerConfigs", "post_metadata_match"]);
    expect(StrategyInputSchema.safeParse({ ...input, rules: [] }).success).toBe(false);
  });

  it("parse a patch that clears the rules, and nothing unknown", () => {
    expect(StrategyPatchSchema.parse({ rules: [] })).toEqual({ rules: [] });
    expect(StrategyPatchSchema.safeParse({ colour: "red" }).success).toBe(false);
  });

  it("read a stored strategy whose trigger type it does not know yet", () => {
    const stored = strategy({
      triggers: [{ id: "t1", eventType: "a_trigger_from_the_future", enabled: true }],
    });
    expect(StrategySchema.parse(stored)).toEqual(stored);
    expect(StrategySchema.safeParse({ ...stored, dealbreakers: [{ id: "r1" }] }).success).toBe(false);
  });
});
