import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { RULE_IDS } from "../../../provider/model/rule-catalog";
import { PLUGIN_TYPE_TOKENS } from "../../../provider/model/type-tokens";
import { pluginSchema } from "../../../provider/plugin/package-schema";
import { SCHEMA_FILE } from "../../../scripts/plugin-schema";

// biome-ignore lint/suspicious/noExplicitAny: the schema is untyped JSON.
type Json = any;
const schema: Json = pluginSchema();
const typeOf = (ref: string): Json => schema.types[ref.replace("#/types/", "")];

describe("the plugin's package schema", () => {
  it("is checked in as generated (run `npm run schema` after changing the model)", () => {
    const checkedIn = JSON.parse(readFileSync(SCHEMA_FILE, "utf8"));
    expect(JSON.stringify(checkedIn)).toBe(JSON.stringify(schema));
  });

  it("declares the five resources with the dynamic resources' property names", () => {
    expect(Object.keys(schema.resources).sort()).toEqual(Object.values(PLUGIN_TYPE_TOKENS).sort());
    const strategy = schema.resources[PLUGIN_TYPE_TOKENS.Strategy];
    expect(Object.keys(strategy.inputProperties).sort()).toEqual(
      [
        "adopt",
        "alertCooldownMins",
        "description",
        "matching",
        "name",
        "retryPolicy",
        "rules",
        "strict",
        "triggerConfigs",
        "triggers",
      ].sort(),
    );
    expect(strategy.requiredInputs).toEqual(["name", "triggers", "rules"]);
    expect(schema.resources[PLUGIN_TYPE_TOKENS.Webhook].properties.secret).toMatchObject({ secret: true });
    expect(schema.config.variables.apiKey).toMatchObject({ type: "string", secret: true });
    expect(Object.keys(schema.functions).sort()).toEqual(
      [
        "getAccount",
        "getDeveloperTags",
        "getFollowedDevelopers",
        "getMicroblogHandles",
        "getMicroblogTags",
        "getStrategies",
      ].map((f) => `strategy-alerts:index:${f}`),
    );
  });

  it("types rule items as a union with each catalog rule id in exactly one member's rule enum", () => {
    const members: Json[] = schema.resources[PLUGIN_TYPE_TOKENS.Strategy].inputProperties.rules.items.oneOf;
    const owners = new Map<string, string[]>();
    for (const member of members) {
      const type = typeOf(member.$ref);
      expect(type.required).toEqual(expect.arrayContaining(["rule", "dealbreaker"]));
      for (const { value } of typeOf(type.properties.rule.$ref).enum)
        owners.set(value, [...(owners.get(value) ?? []), member.$ref]);
      // Each member says which rules it is for, taken from the catalog.
      expect(type.description).toMatch(/Rules: `/);
    }
    expect([...owners.keys()].sort()).toEqual([...RULE_IDS].sort());
    for (const [id, refs] of owners) expect(refs, id).toHaveLength(1);
    const numeric = typeOf("#/types/strategy-alerts:index:NumericRuleItem");
    expect(Object.keys(numeric.properties).sort()).toEqual(["dealbreaker", "enabled", "max", "min", "rule"]);
    expect(numeric.description).toContain("`token_age` (Security, in minutes)");
    expect(typeOf("#/types/strategy-alerts:index:BooleanRuleItem").properties.min).toBeUndefined();
  });

  it("refers only to types it defines", () => {
    const refs = JSON.stringify(schema).match(/#\/types\/[^"]+/g) ?? [];
    for (const ref of new Set(refs)) expect(typeOf(ref), ref).toBeDefined();
  });
});
