import { createRequire } from "node:module";
import type {
  ResourceValidationArgs,
  ResourceValidationPolicy,
  StackValidationArgs,
  StackValidationPolicy,
} from "@pulumi/policy";
import { describe, expect, it } from "vitest";
import {
  PLUGIN_TYPE_TOKENS,
  type ResourceKind,
  resourceKindOf,
  TYPE_TOKENS,
} from "../../../provider/model/type-tokens";
import { type PolicyName, strategyAlertsPolicies } from "../../../provider/policy";
import type { StackResource } from "../../../provider/policy/stack-view";

// The proxy @pulumi/policy wraps property bags in (internal, so not in its typings).
const policyProxy = createRequire(__filename)("@pulumi/policy/proxy") as {
  unknownCheckingProxy<T>(value: T): T;
  unknownStringValue: string;
};
// biome-ignore lint/suspicious/noExplicitAny: property bags are untyped JSON.
type Props = Record<string, any>;

const KINDS = Object.keys(TYPE_TOKENS) as ResourceKind[];

function policy(name: PolicyName) {
  const found = strategyAlertsPolicies().find((p) => p.name === name);
  if (!found) throw new Error(`no policy ${name}`);
  return found;
}

// A plugin resource's inputs carry no serialized provider.
function pluginResource(kind: ResourceKind, name: string, props: Props, deps: Props = {}): StackResource {
  const type = PLUGIN_TYPE_TOKENS[kind];
  return {
    type,
    urn: `urn:pulumi:dev::p::${type}::${name}`,
    name,
    props: policyProxy.unknownCheckingProxy(props),
    propertyDependencies: deps,
    dependencies: Object.values(deps).flat(),
  };
}

describe("resourceKindOf", () => {
  it("names the kind of a dynamic resource and of a plugin resource alike", () => {
    for (const kind of KINDS) {
      expect(resourceKindOf(TYPE_TOKENS[kind])).toBe(kind);
      expect(resourceKindOf(PLUGIN_TYPE_TOKENS[kind])).toBe(kind);
      expect(PLUGIN_TYPE_TOKENS[kind]).toBe(`strategy-alerts:index:${kind}`);
    }
  });

  it("recognises nothing else, not even a near miss", () => {
    for (const type of [
      "aws:s3/bucket:Bucket",
      "strategy-alerts:index:strategy",
      "strategy-alerts:other:Strategy",
      "pulumi-nodejs:dynamic:Resource",
      "pulumi:providers:strategy-alerts",
    ])
      expect(resourceKindOf(type), type).toBeUndefined();
  });
});

describe("the policy pack on plugin resources", () => {
  it("applies a resource policy to a plugin Strategy and a plugin Webhook", async () => {
    const run = async (name: PolicyName, kind: ResourceKind, props: Props) => {
      const messages: string[] = [];
      const type = PLUGIN_TYPE_TOKENS[kind];
      const args = {
        type,
        props: policyProxy.unknownCheckingProxy(props),
        urn: `urn:pulumi:dev::p::${type}::r`,
        name: "r",
        getConfig: () => ({}),
      } as unknown as ResourceValidationArgs;
      const p = policy(name) as ResourceValidationPolicy;
      const validations = Array.isArray(p.validateResource) ? p.validateResource : [p.validateResource];
      for (const v of validations) await v?.(args, (m) => messages.push(m));
      return messages;
    };
    expect(await run("alert-cooldown", "Strategy", { name: "S", alertCooldownMins: 0 })).toEqual([
      expect.stringContaining('Strategy "S" has alertCooldownMins 0'),
    ]);
    expect(
      await run("webhook-https", "Webhook", { url: "http://hooks.example.com/x", enabled: true }),
    ).toEqual([expect.stringContaining("uses http for host hooks.example.com")]);
    expect(
      await run("webhook-https", "Webhook", { url: "https://hooks.example.com/x", enabled: true }),
    ).toEqual([]);
  });

  it("links a plugin activation to its plugin strategies for the stack policies", async () => {
    const momentum = pluginResource("Strategy", "Momentum", {
      name: "Momentum",
      triggers: ["new_token_created"],
      rules: [{ rule: "liquidity_usd", dealbreaker: false, min: 5000 }],
      alertCooldownMins: 30,
    });
    const activation = pluginResource(
      "StrategyActivation",
      "active",
      { strategyIds: [policyProxy.unknownStringValue] },
      { strategyIds: [momentum] },
    );
    const found: { message: string; urn?: string }[] = [];
    const args = {
      resources: [momentum, activation],
      getConfig: () => ({}),
    } as unknown as StackValidationArgs;
    await (policy("honeypot-dealbreaker") as StackValidationPolicy).validateStack(args, (message, urn) =>
      found.push({ message, ...(urn ? { urn } : {}) }),
    );
    expect(found).toEqual([
      {
        message: expect.stringContaining('Strategy "Momentum" is active but has no is_honeypot dealbreaker'),
        urn: momentum.urn,
      },
    ]);
  });
});
