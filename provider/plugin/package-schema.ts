/**
 * The plugin's Pulumi package schema, generated from the model: the zod schemas give the shapes
 * (converted through JSON Schema), the rule catalog gives the rule ids of each rule item type
 * and its descriptions. Rule items are a union of one object type per kind of rule, each with
 * its `rule` as an enum of exactly the ids of that kind and only that kind's fields, so whatever
 * reads the schema knows which fields a rule takes. `npm run schema` writes schema.json; a
 * test keeps the checked-in file equal to what this generates.
 */
import { z } from "zod";
import { API_KEY_ENV, BASE_URL_ENV } from "../credentials";
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
import {
  EventTypeSchema,
  MatchingSchema,
  RetryPolicySchema,
  RuleGroupSchema,
  STRATEGY_OUTPUT_FIELDS,
  StoredRuleSchema,
  type StrategyField,
  type StrategyOutputField,
  StrategySchema,
  TriggerConfigsSchema,
} from "../model/strategy";
import { STRATEGY_LIMITS } from "../model/strategy-limits";
import { PLUGIN_PACKAGE, PLUGIN_TYPE_TOKENS, type ResourceKind } from "../model/type-tokens";
import { PackageDefectError } from "./errors";
import { FUNCTIONS, type FunctionName, functionToken } from "./functions";

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
    this.types[token(name)] = {
      type: "object",
      ...(description ? { description } : {}),
      properties,
      ...(js.required?.length ? { required: [...js.required] } : {}),
    };
    return ref(name);
  }

  /** One constant or a closed list is an enum type; anything open (an id, a URL) a string. */
  #stringOf(options: Json[], name: string): TypeSpec {
    const values: string[] = [];
    for (const o of options) {
      if (typeof o.const === "string") values.push(o.const);
      else if (Array.isArray(o.enum)) values.push(...o.enum);
      else return { type: "string" };
    }
    this.types[token(name)] = { type: "string", enum: values.map((value) => ({ value })) };
    return ref(name);
  }
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

const RESOURCE_DESCRIPTIONS: Record<ResourceKind, string> = {
  Strategy:
    "A strategy: triggers plus filtering rules. Created inactive and never activated here: a StrategyActivation owns which strategies are active.",
  StrategyActivation:
    "The active set of a stack (use one per stack). Its preview fails, naming plan, limit and counts, when the set plus the strategies active outside it exceed the plan's active limit; its update deactivates before it activates.",
  Webhook:
    "The account's single webhook (declaring it adopts whatever the account has). Import it with the id `webhook`.",
  FollowedDeveloper:
    "A followed developer wallet. Destroying it deactivates the developer: the API cannot unfollow. Its id is the address.",
  DeveloperTags:
    "The tags assigned to one followed developer; destroying it assigns the empty set. Its id is the address.",
};

interface ResourceShape {
  inputs: Record<string, Property>;
  required: string[];
  outputs: Record<string, Property>;
  outputsRequired: string[];
}

const str = (description: string): Property => ({ type: "string", description });
const bool = (description: string): Property => ({ type: "boolean", description });
const strings = (description: string): Property => ({
  type: "array",
  items: { type: "string" },
  description,
});

function strategyShape(types: TypeBuilder): ResourceShape {
  // Registered before the input types, so the schema lists its types in a stable order.
  const rules = ruleItemTypes().map(({ name, schema }) => ruleItemType(types, name, schema));
  const stored = types.fromZod(StoredRuleSchema, "StoredRule", "output");
  const groups = types.fromZod(RuleGroupSchema, "RuleGroup", "output");
  return {
    inputs: strategyInputs(types, rules),
    required: ["name", "triggers", "rules"],
    outputs: strategyOutputs(stored, groups),
    outputsRequired: [...STRATEGY_OUTPUT_FIELDS],
  };
}

function strategyInputs(types: TypeBuilder, rules: TypeSpec[]): Record<StrategyField | "adopt", Property> {
  const L = STRATEGY_LIMITS;
  return {
    name: str(`The strategy's name (at most ${L.nameMaxLength} characters).`),
    description: str(`A description (at most ${L.descriptionMaxLength} characters).`),
    triggers: {
      type: "array",
      items: types.fromZod(EventTypeSchema, "EventType"),
      description: "Event types that trigger an evaluation; order is not a change.",
    },
    triggerConfigs: {
      ...types.fromZod(TriggerConfigsSchema, "TriggerConfigs"),
      description: "Configuration of the triggers that take one (microblog tags, followed-developer scope).",
    },
    rules: {
      type: "array",
      items: { oneOf: rules },
      description: `Rule items (at most ${L.maxRules}); order is not a change. Any change sends the whole set.`,
    },
    strict: bool("Every rule must hold (default false)."),
    alertCooldownMins: {
      type: "integer",
      description: `Minutes between two alerts for one token (${L.alertCooldownMinsMin} to ${L.alertCooldownMinsMax}, default 0).`,
    },
    retryPolicy: {
      ...types.fromZod(RetryPolicySchema, "RetryPolicy"),
      description: "How a failed evaluation is retried.",
    },
    matching: {
      ...types.fromZod(MatchingSchema, "Matching"),
      description: "Alert when this share of the rules holds.",
    },
    adopt: str(
      "Take over this existing strategy (its id) instead of creating one; changing it later is not a change.",
    ),
  };
}

function strategyOutputs(stored: TypeSpec, groups: TypeSpec): Record<StrategyOutputField, Property> {
  return {
    strategyId: str("The strategy's id (also the resource id)."),
    userId: str("The owning user."),
    dealbreakers: {
      type: "array",
      items: stored,
      description: "The dealbreaker conditions as the service stores them.",
    },
    ruleGroups: {
      type: "array",
      items: groups,
      description: "The rule groups as the service stores them.",
    },
    isActive: bool("Whether the strategy is active (a StrategyActivation decides)."),
    createdAt: str("When the strategy was created."),
    updatedAt: str("When the strategy was last changed."),
  };
}

function strategyActivationShape(): ResourceShape {
  return {
    inputs: {
      strategyIds: strings(
        "The strategies that must be active: a set (order and duplicates are not changes).",
      ),
      exclusive: bool(
        "false (default): active strategies outside the set that this resource never activated are left alone. true: every other active strategy of the account is deactivated.",
      ),
    },
    required: ["strategyIds"],
    outputs: { activeStrategyIds: strings("The strategies this resource keeps active, sorted.") },
    outputsRequired: ["activeStrategyIds", "exclusive"],
  };
}

function webhookShape(): ResourceShape {
  return {
    inputs: {
      url: str("Where signed deliveries go; null clears the url, the secret and the verification state."),
      enabled: bool("Whether deliveries are sent."),
      requireVerified: bool(
        "Default true: an unverified url fails the update (url and secret are still recorded).",
      ),
      rotation: str("Change this to any new value to rotate the signing secret on purpose."),
    },
    required: ["enabled"],
    outputs: {
      verifiedAt: str("When the url answered the verification challenge."),
      hasSecret: bool("Whether the service holds a signing secret."),
      secret: {
        type: "string",
        secret: true,
        description: "The signing secret for verifyWebhook; a Pulumi secret.",
      },
      verificationError: str("Why the last verification failed."),
    },
    outputsRequired: ["enabled", "requireVerified", "hasSecret"],
  };
}

function followedDeveloperShape(): ResourceShape {
  return {
    inputs: {
      address: str("The developer's wallet address; changing it replaces the resource."),
      alias: str("A name for the developer."),
      active: bool("Default true. Destroying the resource deactivates the developer."),
    },
    required: ["address"],
    outputs: {
      isActive: bool("Whether the service treats the developer as active."),
      addedAt: str("When the developer was first followed."),
      tagIds: strings("The developer's tag ids."),
    },
    outputsRequired: ["address", "active"],
  };
}

function developerTagsShape(): ResourceShape {
  return {
    inputs: {
      address: str("A followed developer's address; changing it replaces the resource."),
      tagIds: strings("Developer tag ids: a set, order and duplicates are not changes."),
    },
    required: ["address", "tagIds"],
    outputs: {},
    outputsRequired: ["address", "tagIds"],
  };
}

/** Every kind records the account it belongs to; a key of another account is refused. */
const ACCOUNT_ID_PROPERTY: Property = str(
  "The account (the service's user id) this resource belongs to; an operation with a key of another account fails and changes nothing.",
);

function resources(types: TypeBuilder): Record<ResourceKind, ResourceShape> {
  return {
    Strategy: strategyShape(types),
    StrategyActivation: strategyActivationShape(),
    Webhook: webhookShape(),
    FollowedDeveloper: followedDeveloperShape(),
    DeveloperTags: developerTagsShape(),
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
  };
  const shapes = resources(types);
  const resourceSpecs = Object.fromEntries(
    (Object.keys(shapes) as ResourceKind[]).map((kind) => {
      const s = shapes[kind];
      return [
        PLUGIN_TYPE_TOKENS[kind],
        {
          description: RESOURCE_DESCRIPTIONS[kind],
          inputProperties: s.inputs,
          requiredInputs: s.required,
          properties: { ...s.inputs, ...s.outputs, accountId: ACCOUNT_ID_PROPERTY },
          required: [...new Set([...s.required, ...s.outputsRequired])],
        },
      ];
    }),
  );
  const functionSpecs = functions(types);
  return {
    name: PLUGIN_PACKAGE,
    displayName: "Strategy Alerts",
    description:
      "Token-alerting strategy portfolios as code: strategies, their activation, the webhook and followed developers.",
    license: "Apache-2.0",
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
