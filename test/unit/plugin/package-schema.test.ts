import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { inputNames } from "../../../provider/model/kinds";
import { RULE_IDS } from "../../../provider/model/rule-catalog";
import { STRATEGY_FIELDS, StrategyInputSchema } from "../../../provider/model/strategy";
import { PLUGIN_TYPE_TOKENS } from "../../../provider/model/type-tokens";
import { GO_MODULE, PLUGIN_DOWNLOAD_URL, PYTHON_PACKAGE } from "../../../provider/plugin/package-identity";
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
    // The descriptor's inputs, in its order; required are those a create body cannot leave out.
    expect(Object.keys(strategy.inputProperties)).toEqual(inputNames("Strategy"));
    const shape = StrategyInputSchema.shape as Record<
      string,
      { safeParse(v: unknown): { success: boolean } }
    >;
    const requiredInBody = STRATEGY_FIELDS.filter((f) => !shape[f]!.safeParse(undefined).success);
    expect(strategy.requiredInputs).toEqual(requiredInBody);
    expect(requiredInBody.length).toBeGreaterThan(0);
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

  it("names every property with a name each SDK can carry as a field (it starts with a letter)", () => {
    const bags: [string, Record<string, unknown>][] = [];
    const collect = (where: string, value: Json): void => {
      if (value === null || typeof value !== "object") return;
      if (value.properties && typeof value.properties === "object") bags.push([where, value.properties]);
      if (value.inputProperties) bags.push([`${where}/inputProperties`, value.inputProperties]);
      for (const [key, inner] of Object.entries(value)) collect(`${where}/${key}`, inner);
    };
    collect("#", schema);
    const bad = bags.flatMap(([where, props]) =>
      Object.keys(props)
        .filter((name) => !/^[A-Za-z]/.test(name))
        .map((name) => `${where}/${name}`),
    );
    expect(bad).toEqual([]);
  });

  it("types the volume windows as a map of numbers keyed by the service's window names", () => {
    const config = typeOf("#/types/strategy-alerts:index:Volume24hConfig");
    expect(config.properties.windows).toMatchObject({
      type: "object",
      additionalProperties: { type: "number" },
    });
    for (const window of ["5m", "1h", "6h", "24h"])
      expect(config.properties.windows.description).toContain(`\`${window}\``);
  });

  it("names snake_case enum values in Pascal case and leaves the values as they travel", () => {
    const rules = typeOf("#/types/strategy-alerts:index:NumericRule").enum;
    expect(rules).toContainEqual({ value: "liquidity_usd", name: "LiquidityUsd" });
    expect(typeOf("#/types/strategy-alerts:index:Window").enum).toContainEqual({ value: "1h" });
  });

  it("gives nested types short names, one type where places share one (Go prefixes each constant with it)", () => {
    const names = Object.keys(schema.types).map((t) => t.replace("strategy-alerts:index:", ""));
    expect(names.filter((n) => /RuleItem[A-Z]|TriggerConfigsFollowedDev/.test(n))).toEqual([]);
    const ref = (type: string, ...path: string[]): string =>
      path.reduce((at: Json, key) => at[key], typeOf(`#/types/strategy-alerts:index:${type}`)).$ref;
    // The windows of two rules and the wallet types of three are one type each.
    expect(ref("BuySellRatioConfig", "properties", "window")).toBe(
      ref("VolumeSpikeConfig", "properties", "window"),
    );
    expect(ref("QualityWalletCountConfig", "properties", "walletTypes", "items")).toBe(
      ref("QualityWalletWinrateConfig", "properties", "walletTypes", "items"),
    );
    expect(ref("NumericRuleItem", "properties", "rule")).toBe("#/types/strategy-alerts:index:NumericRule");
    // Go's constant is the type's name and the value's: none runs past 52 characters.
    const constants = Object.entries(schema.types as Record<string, Json>).flatMap(([token, type]) =>
      (type.enum ?? []).map((e: Json) => `${token.split(":")[2]}${e.name ?? e.value}`),
    );
    expect(constants).toContain("BooleanRuleIsHoneypot");
    expect(constants.filter((c: string) => c.length > 52)).toEqual([]);
  });

  it("says what a published provider says: where it lives and downloads from, and each SDK's name", () => {
    expect(schema).toMatchObject({
      repository: "https://github.com/strategy-alerts/pulumi-strategy-alerts",
      homepage: "https://github.com/strategy-alerts/pulumi-strategy-alerts",
      publisher: "strategy-alerts",
      pluginDownloadURL: "github://api.github.com/strategy-alerts/pulumi-strategy-alerts",
    });
    expect(schema.pluginDownloadURL).toBe(PLUGIN_DOWNLOAD_URL);
    // The npm package names the same repository: npm, the schema and the SDKs agree on one home.
    const manifest = JSON.parse(readFileSync("package.json", "utf8")) as { repository: { url: string } };
    expect(manifest.repository.url).toBe(`git+${schema.repository}.git`);
    expect(schema.keywords).toEqual(expect.arrayContaining(["pulumi", "kind/native"]));
    expect(schema.logoUrl).toBeUndefined();
    expect(schema.language.go).toMatchObject({
      importBasePath: `${GO_MODULE}/strategyalerts`,
      modulePath: GO_MODULE,
      respectSchemaVersion: true,
    });
    expect(schema.language.python).toMatchObject({
      packageName: PYTHON_PACKAGE,
      requires: { pulumi: ">=3.0.0,<4.0.0" },
      respectSchemaVersion: true,
    });
    expect(schema.language.nodejs.packageName).toBe("pulumi-strategy-alerts");
  });
});
