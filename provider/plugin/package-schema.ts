/**
 * The plugin's Pulumi package schema, generated from the model: the zod schemas give the shapes
 * (converted through JSON Schema), the rule catalog gives the rule ids of each rule item type
 * and its descriptions. Rule items are a union of one object type per kind of rule, each with
 * its `rule` as an enum of exactly the ids of that kind and only that kind's fields, so whatever
 * reads the schema knows which fields a rule takes. `npm run schema` writes schema.json; a
 * test keeps the checked-in file equal to what this generates.
 *
 * Every property name is one each language's SDK can carry: Pulumi's code generators derive a
 * field name from the property name (which is also the name on the wire) and take no
 * per-property rename for Go or Python, so an object whose keys are data rather than names (the
 * volume windows `5m`, `1h`, `6h`, `24h`, which would become `_1h`, an unexported Go field) is a
 * map keyed by the service's own names. `npm run sdk` binds the schema with Pulumi's binder and
 * fails on any warning.
 */
import { z } from "zod";
import { API_KEY_ENV, BASE_URL_ENV } from "../credentials";
import {
  alwaysPresent,
  describedWithId,
  type FieldType,
  type InputField,
  KINDS,
  kindOf,
  type OutputField,
  PLUGIN_PACKAGE,
  RESOURCE_KINDS,
  type ResourceKind,
} from "../model/kinds";
import { getRuleDefinition, productGroupName, RULE_CATALOG, type RuleId } from "../model/rule-catalog";
import * as ruleItems from "../model/rule-items";
import { AccountSchema } from "../model/schemas/account";
import { DeveloperRecordSchema, DevTagSchema } from "../model/schemas/developer";
import {
  MicroblogHandleSchema,
  MicroblogHandlesQuerySchema,
  MicroblogTagSchema,
  MicroblogTagsQuerySchema,
} from "../model/schemas/microblog";
import { StrategySchema } from "../model/strategy";
import { PackageDefectError } from "./errors";
import { FUNCTIONS, type FunctionName, functionToken } from "./functions";
import { GO_MODULE, PLUGIN_DOWNLOAD_URL, PYTHON_PACKAGE, REPOSITORY } from "./package-identity";

// biome-ignore lint/suspicious/noExplicitAny: JSON Schema and Pulumi schema are untyped JSON.
type Json = any;
type TypeSpec = Record<string, Json>;
interface Property extends TypeSpec {
  description?: string;
}

const token = (name: string) => `${PLUGIN_PACKAGE}:index:${name}`;
const ref = (name: string): TypeSpec => ({ $ref: `#/types/${token(name)}` });
const ANY: TypeSpec = { $ref: "pulumi.json#/Any" };

/** Builds the `types` section while converting, naming each object and enum after its place. */
class TypeBuilder {
  readonly types: Record<string, Json> = {};

  /** A zod schema as a Pulumi type spec; nested objects and enums become named types. */
  fromZod(schema: z.ZodType, name: string, io: "input" | "output" = "input"): TypeSpec {
    return this.convert(z.toJSONSchema(schema, { io, unrepresentable: "any" }), name);
  }

  convert(js: Json, name: string): TypeSpec {
    const options: Json[] | undefined = js.oneOf ?? js.anyOf;
    if (options) {
      const nonNull = options.filter((o) => o.type !== "null");
      if (nonNull.length === 1) return this.convert(nonNull[0], name);
      if (nonNull.every((o) => o.type === "string")) return this.#stringOf(nonNull, name);
      return { oneOf: nonNull.map((o) => this.convert(o, `${name}${pascal(discriminant(o) ?? "")}`)) };
    }
    switch (js.type) {
      case "object":
        if (js.properties && !Object.keys(js.properties).every(isIdentifier)) return this.#keyedBy(js, name);
        if (!js.properties)
          return {
            type: "object",
            additionalProperties: this.convert(js.additionalProperties ?? {}, `${name}Value`),
          };
        return this.object(name, js, js.description);
      case "array":
        return { type: "array", items: this.convert(js.items ?? {}, name.replace(/s$/, "")) };
      case "string":
        return this.#stringOf([js], name);
      case "integer":
        return { type: "integer" };
      case "number":
        return { type: "number" };
      case "boolean":
        return { type: "boolean" };
      default:
        return ANY;
    }
  }

  object(name: string, js: Json, description?: string, overrides: Record<string, TypeSpec> = {}): TypeSpec {
    const properties: Record<string, Property> = {};
    for (const [key, value] of Object.entries(js.properties as Record<string, Json>)) {
      properties[key] = overrides[key] ?? this.convert(value, `${name}${pascal(key)}`);
    }
    return this.#register(name, {
      type: "object",
      ...(description ? { description } : {}),
      properties,
      ...(js.required?.length ? { required: [...js.required] } : {}),
    });
  }

  /**
   * Adds a named type under its public name (`publicTypeName`); two places that share a public
   * name must mean the same type (the wallet types of the three quality-wallet rules).
   */
  #register(name: string, spec: Json): TypeSpec {
    const publicName = publicTypeName(name);
    const existing = this.types[token(publicName)];
    if (existing && JSON.stringify(existing) !== JSON.stringify(spec))
      throw new PackageDefectError(
        `the types ${name} and another one are both named ${publicName} in the SDKs but differ; give one of them another name in SHORT_TYPE_NAMES`,
      );
    this.types[token(publicName)] = spec;
    return ref(publicName);
  }

  /**
   * An object whose keys are not names (they start with a digit) as a map of its one value type,
   * the keys it takes said in its description: an SDK field cannot be named after such a key.
   */
  #keyedBy(js: Json, name: string): TypeSpec {
    const keys = Object.keys(js.properties as Record<string, Json>);
    const values = keys.map((key) => JSON.stringify(this.convert(js.properties[key], `${name}Value`)));
    if (new Set(values).size !== 1)
      throw new PackageDefectError(
        `the keys of ${name} (${keys.join(", ")}) are not names an SDK can carry and their values differ in type, so it cannot be a map either; give its fields names`,
      );
    const listed = keys.map((key) => `\`${key}\``).join(", ");
    const lead = js.description ? `${js.description} ` : "";
    return {
      type: "object",
      additionalProperties: JSON.parse(values[0]!),
      description: `${lead}A map keyed by ${listed} (the service's names, which no SDK field can take)${js.required?.length ? `; required: ${js.required.join(", ")}` : ""}.`,
    };
  }

  /** One constant or a closed list is an enum type; anything open (an id, a URL) a string. */
  #stringOf(options: Json[], name: string): TypeSpec {
    const values: string[] = [];
    for (const o of options) {
      if (typeof o.const === "string") values.push(o.const);
      else if (Array.isArray(o.enum)) values.push(...o.enum);
      else return { type: "string" };
    }
    return this.#register(name, { type: "string", enum: values.map(enumValue) });
  }
}

/**
 * Shorter names for types nested in a rule item or a trigger config, where the name built from
 * the type's place (`CoordinatedWalletClusterClusterConfigMaxClusterRisk`) is long: the Go SDK
 * prefixes every enum constant with its type's name, so these names are what a program reads.
 * A type's name never travels (the engine sends values), so renaming one changes no state.
 */
const SHORT_TYPE_NAMES: Readonly<Record<string, string>> = {
  BuySellRatioConfigWindow: "Window",
  VolumeSpikeConfigWindow: "Window",
  BuySellRatioConfigBuyPressure: "BuyPressure",
  VolumeSpikeConfigVolumeSpike: "VolumeSpike",
  QualityWalletCountConfigWalletType: "WalletType",
  QualityWalletTotalValueConfigWalletType: "WalletType",
  QualityWalletWinrateConfigWalletType: "WalletType",
  CoordinatedWalletClusterClusterConfig: "ClusterConfig",
  CoordinatedWalletClusterClusterConfigMaxClusterRisk: "ClusterRisk",
  RiskLevelOperator: "Operator",
  LaunchPlatformOperator: "Operator",
  LaunchPlatformValue: "LaunchPlatform",
  TriggerConfigsFollowedDevNewTokenCreatedAll: "FollowedDevAll",
  TriggerConfigsFollowedDevNewTokenCreatedAllScope: "FollowedDevAllScope",
  TriggerConfigsFollowedDevNewTokenCreatedTag: "FollowedDevTag",
  TriggerConfigsFollowedDevNewTokenCreatedTagScope: "FollowedDevTagScope",
  TriggerConfigsFollowedDevNewTokenCreatedWallet: "FollowedDevWallet",
  TriggerConfigsFollowedDevNewTokenCreatedWalletScope: "FollowedDevWalletScope",
};

/**
 * A type's public name: a rule item's nested types drop the `RuleItem` of their place (its rule
 * enum `BooleanRuleItemRule` is `BooleanRule`, so Go reads `sa.BooleanRuleIsHoneypot`), then the
 * short names above apply.
 */
function publicTypeName(name: string): string {
  const nested = name.replace(/RuleItem(?=[A-Z])/, "");
  return SHORT_TYPE_NAMES[nested] ?? nested;
}

/**
 * An enum value, named in Pascal case when it is a snake_case word (`liquidity_usd` →
 * `LiquidityUsd`), so the Go SDK's constant reads `NumericRuleLiquidityUsd` rather than a mangled
 * form of the value (Go's generator keeps underscores: `NumericRule_Liquidity_usd`); the value is
 * what travels. Python derives its constants from the values instead (`LIQUIDITY_USD`,
 * `VOLUME_24H`): the SDK generator drops these names for Python, whose generator would run
 * `Volume24h` together into `VOLUME24H`.
 */
function enumValue(value: string): { value: string; name?: string } {
  return /^[a-z][a-z0-9]*(_[a-z0-9]+)+$/.test(value) ? { value, name: pascal(value) } : { value };
}

/** A property name every SDK can carry as a field: it starts with a letter. */
function isIdentifier(key: string): boolean {
  return /^[A-Za-z][A-Za-z0-9_]*$/.test(key);
}

function pascal(text: string): string {
  return text.replace(/(^|[_\s-])([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());
}

function discriminant(js: Json): string | undefined {
  for (const key of ["rule", "scope"]) {
    const p = js.properties?.[key];
    if (typeof p?.const === "string") return p.const;
  }
  return undefined;
}

/** The named rule item schemas of the model, in the order of the union. */
function ruleItemTypes(): { name: string; schema: z.ZodType }[] {
  const named = Object.entries(ruleItems as Record<string, unknown>).filter(
    (entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType,
  );
  return ruleItems.RuleItemSchema.options.map((schema) => {
    const found = named.find(([key, value]) => value === schema && key !== "RuleItemSchema");
    if (!found)
      throw new PackageDefectError(
        "a rule item schema of RuleItemSchema's union is not exported by name from the model's rule items; export it so the plugin schema can name its type",
      );
    return { name: found[0].replace(/Schema$/, ""), schema };
  });
}

function describeRule(id: RuleId): string {
  const d = RULE_CATALOG[id];
  const unit = d.kind === "numeric" ? `, in ${d.unit}` : "";
  const dealbreaker = d.dealbreakerAllowed ? "" : ", never a dealbreaker";
  return `\`${id}\` (${productGroupName(d.group)}${unit}${dealbreaker})`;
}

function ruleItemType(types: TypeBuilder, name: string, schema: z.ZodType): TypeSpec {
  const js = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Json;
  const rule = js.properties.rule;
  const ids: RuleId[] = (rule.const !== undefined ? [rule.const] : rule.enum).filter(
    (id: string) => getRuleDefinition(id) !== undefined,
  );
  const kind = RULE_CATALOG[ids[0]!].kind;
  const what: Record<string, string> = {
    boolean: "A yes/no rule: it holds or not; `enabled: false` switches it off.",
    numeric: "A threshold rule: `min` and/or `max` (max greater than min); `enabled: false` switches it off.",
    enum: "A rule comparing one value: `value`, with `operator` equals (default) or not_equals.",
    object: "A rule with a configuration object.",
  };
  const description = `${what[kind]} \`dealbreaker: true\` rejects a token outright when the rule fails. Rules: ${ids.map(describeRule).join(", ")}.`;
  const overrides: Record<string, TypeSpec> = {};
  // risk_level takes any capitalisation (CRITICAL, high, Medium): a closed enum would refuse them.
  if (js.properties.value && Object.keys(js.properties.value).length === 0)
    overrides.value = { type: "string" };
  return types.object(name, js, description, overrides);
}

/** A descriptor's field as a schema property: its type, whether it is secret, its description. */
function fieldSpec(types: TypeBuilder, field: InputField | OutputField): Property {
  const secret = "secret" in field && field.secret === true ? { secret: true } : {};
  return { ...fieldType(types, field.type), ...secret, description: field.description };
}

function fieldType(types: TypeBuilder, type: FieldType): TypeSpec {
  switch (type) {
    case "string":
    case "boolean":
    case "integer":
      return { type };
    case "strings":
      return { type: "array", items: { type: "string" } };
    case "ruleItems":
      return {
        type: "array",
        items: { oneOf: ruleItemTypes().map(({ name, schema }) => ruleItemType(types, name, schema)) },
      };
    default: {
      const named = types.fromZod(type.zod(), type.name, type.io ?? "input");
      return type.list ? { type: "array", items: named } : named;
    }
  }
}

function fieldSpecs(
  types: TypeBuilder,
  fields: Readonly<Record<string, InputField | OutputField>>,
): Record<string, Property> {
  return Object.fromEntries(Object.entries(fields).map(([name, f]) => [name, fieldSpec(types, f)]));
}

/** A kind's resource spec, all from its descriptor. */
function resourceSpec(types: TypeBuilder, kind: ResourceKind): Json {
  const d = kindOf(kind);
  const inputs = fieldSpecs(types, d.inputs);
  return {
    description: describedWithId(kind),
    inputProperties: inputs,
    requiredInputs: Object.keys(d.inputs).filter((name) => d.inputs[name]?.required === true),
    properties: { ...inputs, ...fieldSpecs(types, d.outputs) },
    required: alwaysPresent(kind),
  };
}

function functions(types: TypeBuilder): Record<string, Json> {
  const list = (key: string, items: TypeSpec, description: string) => ({
    properties: { [key]: { type: "array", items, description } },
    required: [key],
  });
  const queryInputs = (schema: z.ZodType, name: string) => {
    types.fromZod(schema, name);
    const { type: _type, ...spec } = types.types[token(name)];
    delete types.types[token(name)];
    return spec;
  };
  const account = z.toJSONSchema(AccountSchema, { io: "output", unrepresentable: "any" }) as Json;
  types.object("Account", account);
  const { type: _t, ...accountOutputs } = types.types[token("Account")];
  delete types.types[token("Account")];
  const specs: Record<FunctionName, Json> = {
    getAccount: { description: "The account: plan and limits.", outputs: accountOutputs },
    getStrategies: {
      description: "The account's own strategies, e.g. to find the id to adopt or import.",
      inputs: {
        properties: {
          name: { type: "string", description: "Only strategies with this name." },
          isActive: { type: "boolean", description: "Only active (or inactive) strategies." },
        },
      },
      outputs: list(
        "strategies",
        types.fromZod(StrategySchema, "StrategyRecord", "output"),
        "The strategies.",
      ),
    },
    getDeveloperTags: {
      description: "The account's developer tags.",
      outputs: list("tags", types.fromZod(DevTagSchema, "DeveloperTag", "output"), "The developer tags."),
    },
    getFollowedDevelopers: {
      description: "Every followed developer, optionally only active or inactive ones.",
      inputs: {
        properties: { isActive: { type: "boolean", description: "Only active (or inactive) developers." } },
      },
      outputs: list(
        "developers",
        types.fromZod(DeveloperRecordSchema, "DeveloperRecord", "output"),
        "The followed developers.",
      ),
    },
    getMicroblogTags: {
      description: "Microblog tags, e.g. to find the tag id a microblog trigger config names.",
      inputs: queryInputs(MicroblogTagsQuerySchema, "MicroblogTagsQuery"),
      outputs: list(
        "tags",
        types.fromZod(MicroblogTagSchema, "MicroblogTag", "output"),
        "The microblog tags.",
      ),
    },
    getMicroblogHandles: {
      description: "Tracked microblog handles.",
      inputs: queryInputs(MicroblogHandlesQuerySchema, "MicroblogHandlesQuery"),
      outputs: list(
        "handles",
        types.fromZod(MicroblogHandleSchema, "MicroblogHandle", "output"),
        "The microblog handles.",
      ),
    },
  };
  return Object.fromEntries(
    (Object.keys(FUNCTIONS) as FunctionName[]).map((name) => [functionToken(name), specs[name]]),
  );
}

/**
 * What each language's code generator needs. Go and Python SDKs are generated from this schema
 * (`npm run sdk`, sdk/go and sdk/python) and carry the schema's version (the plugin they ask
 * the engine for). Node.js has no generated SDK: the npm package is the TypeScript door, whose
 * resources take the same property names, so a program Pulumi writes (`pulumi convert`,
 * `pulumi import --generate-code`) imports it by its name; generating a Node.js SDK from this
 * schema would make a second, different package of that name, which nothing publishes.
 */
function languages(): Json {
  const description =
    "Token-alerting strategy portfolios as code, through the strategy-alerts provider plugin.";
  return {
    go: {
      importBasePath: `${GO_MODULE}/strategyalerts`,
      modulePath: GO_MODULE,
      generateResourceContainerTypes: true,
      respectSchemaVersion: true,
    },
    nodejs: { packageName: "pulumi-strategy-alerts", packageDescription: description },
    python: {
      packageName: PYTHON_PACKAGE,
      requires: { pulumi: ">=3.0.0,<4.0.0" },
      respectSchemaVersion: true,
      pyproject: { enabled: true },
    },
  };
}

/** The package schema the plugin answers GetSchema with. */
export function pluginSchema(): Json {
  const types = new TypeBuilder();
  const config = {
    apiKey: {
      type: "string",
      secret: true,
      description: `The API key (set it with \`pulumi config set --secret strategy-alerts:apiKey\`); the ${API_KEY_ENV} environment variable takes precedence.`,
    },
    baseUrl: {
      type: "string",
      description: `The API base address ending in /api/external/v1; the ${BASE_URL_ENV} environment variable takes precedence.`,
    },
    accountId: {
      type: "string",
      description:
        "The account (the service's user id, `strategy-alerts doctor` prints it) this stack manages: with it set, a key of another account is refused before anything is sent, creates included.",
    },
  };
  const resourceSpecs = Object.fromEntries(
    RESOURCE_KINDS.map((kind) => [KINDS[kind].pluginToken, resourceSpec(types, kind)]),
  );
  const functionSpecs = functions(types);
  return {
    name: PLUGIN_PACKAGE,
    displayName: "Strategy Alerts",
    description:
      "Token-alerting strategy portfolios as code: strategies, their activation, the webhook and followed developers.",
    keywords: ["pulumi", PLUGIN_PACKAGE, "alerts", "tokens", "category/monitoring", "kind/native"],
    homepage: `https://github.com/${REPOSITORY}`,
    repository: `https://github.com/${REPOSITORY}`,
    publisher: REPOSITORY.split("/")[0],
    license: "Apache-2.0",
    pluginDownloadURL: PLUGIN_DOWNLOAD_URL,
    language: languages(),
    config: { variables: config },
    provider: {
      description: "An account of the strategy alerting service; several providers manage several accounts.",
      inputProperties: config,
      properties: config,
    },
    resources: resourceSpecs,
    functions: functionSpecs,
    types: Object.fromEntries(Object.entries(types.types).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
  };
}
