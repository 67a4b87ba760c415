/** The policy pack run as the engine runs it: proxied property bags, stack resources, violations. */
import { createRequire } from "node:module";
import type {
  Policy,
  ResourceValidationArgs,
  ResourceValidationPolicy,
  StackValidationArgs,
  StackValidationPolicy,
} from "@pulumi/policy";
import { describe, expect, it } from "vitest";
import { TYPE_TOKENS } from "../../../provider/model/type-tokens";
import {
  type PolicyName,
  type StrategyAlertsPolicyOptions,
  strategyAlertsPolicies,
} from "../../../provider/policy";
import type { StackResource } from "../../../provider/policy/stack-view";

// @pulumi/policy wraps every property bag in this proxy (internal, so not in its typings); the
// policies must read through the very same one.
export const policyProxy = createRequire(__filename)("@pulumi/policy/proxy") as {
  unknownCheckingProxy<T>(value: T): T;
  unknownStringValue: string;
  unknownArrayValue: string;
};
export const UNKNOWN_STRING = policyProxy.unknownStringValue;
export const wrap = <T extends object>(props: T): T => policyProxy.unknownCheckingProxy(props);

// biome-ignore lint/suspicious/noExplicitAny: property bags are untyped JSON.
export type Props = Record<string, any>;

function policy(name: PolicyName, options: StrategyAlertsPolicyOptions = {}) {
  const found = strategyAlertsPolicies(options).find((p) => p.name === name);
  if (!found) throw new Error(`no policy ${name}`);
  return found;
}

export async function violationsOfResource(
  name: PolicyName,
  type: string,
  props: Props,
  config: Props = {},
  options: StrategyAlertsPolicyOptions = {},
): Promise<string[]> {
  const p = policy(name, options) as ResourceValidationPolicy;
  const messages: string[] = [];
  const args = {
    type,
    props: wrap({ ...props, __provider: "serialized-provider" }),
    urn: `urn:pulumi:dev::p::${type}::r`,
    name: "r",
    getConfig: () => config,
  } as unknown as ResourceValidationArgs;
  const validations = Array.isArray(p.validateResource) ? p.validateResource : [p.validateResource];
  for (const v of validations) await v?.(args, (m) => messages.push(m));
  return messages;
}

export function resource(
  kind: keyof typeof TYPE_TOKENS,
  name: string,
  props: Props,
  deps: Props = {},
): StackResource {
  return {
    type: TYPE_TOKENS[kind],
    urn: `urn:pulumi:dev::p::${TYPE_TOKENS[kind]}::${name}`,
    name,
    props: wrap({ ...props, __provider: "serialized-provider" }),
    propertyDependencies: deps,
    dependencies: Object.values(deps).flat(),
  };
}

export async function violationsOfStack(
  name: PolicyName,
  resources: StackResource[],
  config: Props = {},
  options: StrategyAlertsPolicyOptions = {},
): Promise<{ message: string; urn?: string }[]> {
  const p = policy(name, options) as StackValidationPolicy;
  const out: { message: string; urn?: string }[] = [];
  const args = { resources, getConfig: () => config } as unknown as StackValidationArgs;
  await p.validateStack(args, (message, urn) => out.push(urn ? { message, urn } : { message }));
  return out;
}

export const HONEYPOT = { rule: "is_honeypot", dealbreaker: true };
export const LIQUIDITY = { rule: "liquidity_usd", dealbreaker: false, min: 5000 };

export function strategy(name: string, rules: Props[], extra: Props = {}): StackResource {
  return resource("Strategy", name, {
    name,
    triggers: ["new_token_created"],
    rules,
    alertCooldownMins: 30,
    ...extra,
  });
}

/**
 * The pack holds the very policy its own module makes: the same name, description and default
 * enforcement, and an enforcement level in the options reaches the module's policy.
 */
export function describeInPack(
  name: PolicyName,
  file: string,
  make: (options: StrategyAlertsPolicyOptions) => Policy,
): void {
  describe(`${name} in the pack`, () => {
    it(`is the policy ${file} makes, with its description and default enforcement`, () => {
      const own = make({});
      const inPack = policy(name);
      expect(own.name).toBe(name);
      expect(inPack.description).toBe(own.description);
      expect(inPack.enforcementLevel).toBe(own.enforcementLevel);
      expect(make({ enforcementLevels: { [name]: "disabled" } }).enforcementLevel).toBe("disabled");
    });
  });
}
