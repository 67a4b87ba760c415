import { createRequire } from "node:module";
import type {
  ResourceValidationArgs,
  ResourceValidationPolicy,
  StackValidationArgs,
  StackValidationPolicy,
} from "@pulumi/policy";
import { describe, expect, it } from "vitest";
import { TYPE_TOKENS } from "../../../provider/model/type-tokens";
import {
  DEFAULT_ENFORCEMENT,
  POLICY_NAMES,
  type PolicyName,
  PolicyOptionsError,
  type StrategyAlertsPolicyOptions,
  strategyAlertsPolicies,
} from "../../../provider/policy";
import { plainProps, type StackResource, UNKNOWN } from "../../../provider/policy/stack-view";

// @pulumi/policy wraps every property bag in this proxy (internal, so not in its typings); the
// policies must read through the very same one.
const policyProxy = createRequire(__filename)("@pulumi/policy/proxy") as {
  unknownCheckingProxy<T>(value: T): T;
  unknownStringValue: string;
  unknownArrayValue: string;
};
const UNKNOWN_STRING = policyProxy.unknownStringValue;
const wrap = <T extends object>(props: T): T => policyProxy.unknownCheckingProxy(props);

// biome-ignore lint/suspicious/noExplicitAny: property bags are untyped JSON.
type Props = Record<string, any>;

function policy(name: PolicyName, options: StrategyAlertsPolicyOptions = {}) {
  const found = strategyAlertsPolicies(options).find((p) => p.name === name);
  if (!found) throw new Error(`no policy ${name}`);
  return found;
}

async function violationsOfResource(
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

function resource(
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

async function violationsOfStack(
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

const HONEYPOT = { rule: "is_honeypot", dealbreaker: true };
const LIQUIDITY = { rule: "liquidity_usd", dealbreaker: false, min: 5000 };

function strategy(name: string, rules: Props[], extra: Props = {}): StackResource {
  return resource("Strategy", name, {
    name,
    triggers: ["new_token_created"],
    rules,
    alertCooldownMins: 30,
    ...extra,
  });
}

describe("strategyAlertsPolicies", () => {
  it("returns every policy once, each with its default enforcement level unless overridden", () => {
    const policies = strategyAlertsPolicies({ enforcementLevels: { "alert-cooldown": "mandatory" } });
    expect(policies.map((p) => p.name).sort()).toEqual([...POLICY_NAMES].sort());
    for (const p of policies) {
      const expected = p.name === "alert-cooldown" ? "mandatory" : DEFAULT_ENFORCEMENT[p.name as PolicyName];
      expect(p.enforcementLevel, p.name).toBe(expected);
    }
    expect(DEFAULT_ENFORCEMENT["honeypot-dealbreaker"]).toBe("mandatory");
  });

  it("rejects invalid options with an error naming the option", () => {
    const cases: [StrategyAlertsPolicyOptions, string][] = [
      [{ maxRulesPerStrategy: 0 }, "maxRulesPerStrategy"],
      [{ activeLimit: 2.5 }, "activeLimit"],
      [{ activeShareWarning: 1.5 }, "activeShareWarning"],
      [{ plan: "FREE" as never }, "plan"],
      [{ enforcementLevels: { "no-such-policy": "advisory" } as never }, "enforcementLevels.no-such-policy"],
      [{ enforcementLevels: { "webhook-https": "loud" as never } }, "enforcementLevels.webhook-https"],
    ];
    for (const [options, field] of cases) {
      expect(() => strategyAlertsPolicies(options)).toThrow(PolicyOptionsError);
      expect(() => strategyAlertsPolicies(options)).toThrow(field);
    }
  });
});

describe("plainProps", () => {
  it("drops __provider and turns values unknown during preview into UNKNOWN, keeping the known ones", () => {
    const props = plainProps(
      wrap({
        __provider: "x",
        name: "n",
        strategyIds: ["a", UNKNOWN_STRING],
        nested: { id: UNKNOWN_STRING },
      }),
    );
    expect(props).toEqual({ name: "n", strategyIds: ["a", UNKNOWN], nested: { id: UNKNOWN } });
  });
});

describe("honeypot-dealbreaker", () => {
  const momentum = strategy("Momentum", [LIQUIDITY]);
  const safety = strategy("Safety", [HONEYPOT, LIQUIDITY]);
  const idle = strategy("Idle", [LIQUIDITY]);

  it("reports an active strategy without the dealbreaker, naming is_honeypot, on the strategy's URN", async () => {
    // During preview the ids are unknown: the activation is linked to its strategies by dependencies.
    const activation = resource(
      "StrategyActivation",
      "active",
      { strategyIds: [UNKNOWN_STRING, UNKNOWN_STRING] },
      { strategyIds: [momentum, safety] },
    );
    const found = await violationsOfStack("honeypot-dealbreaker", [momentum, safety, idle, activation]);
    expect(found).toEqual([
      {
        message: expect.stringContaining('Strategy "Momentum" is active but has no is_honeypot dealbreaker'),
        urn: momentum.urn,
      },
    ]);
  });

  it("recognises active strategies by their known ids after they exist", async () => {
    const existing = strategy("Momentum", [LIQUIDITY], { strategyId: "s-1" });
    const activation = resource("StrategyActivation", "active", { strategyIds: ["s-1"] });
    expect(await violationsOfStack("honeypot-dealbreaker", [existing, activation])).toHaveLength(1);
  });

  it("does not accept a disabled or non-dealbreaker is_honeypot rule, and ignores inactive strategies", async () => {
    const disabled = strategy("Disabled", [{ ...HONEYPOT, enabled: false }]);
    const soft = strategy("Soft", [{ ...HONEYPOT, dealbreaker: false }]);
    const activation = resource(
      "StrategyActivation",
      "active",
      { strategyIds: ["a", "b"] },
      { strategyIds: [disabled, soft] },
    );
    const found = await violationsOfStack("honeypot-dealbreaker", [disabled, soft, idle, activation]);
    expect(found.map((f) => f.urn)).toEqual([disabled.urn, soft.urn]);
  });
});

describe("alert-cooldown", () => {
  it("reports a cooldown of 0 or none, and accepts a positive one", async () => {
    const zero = await violationsOfResource("alert-cooldown", TYPE_TOKENS.Strategy, {
      name: "S",
      alertCooldownMins: 0,
    });
    expect(zero).toEqual([expect.stringContaining('Strategy "S" has alertCooldownMins 0')]);
    expect(await violationsOfResource("alert-cooldown", TYPE_TOKENS.Strategy, { name: "S" })).toHaveLength(1);
    expect(
      await violationsOfResource("alert-cooldown", TYPE_TOKENS.Strategy, { name: "S", alertCooldownMins: 5 }),
    ).toEqual([]);
  });

  it("leaves resources that are not ours, and values unknown during preview, alone", async () => {
    expect(
      await violationsOfResource("alert-cooldown", "aws:s3/bucket:Bucket", { alertCooldownMins: 0 }),
    ).toEqual([]);
    expect(
      await violationsOfResource("alert-cooldown", TYPE_TOKENS.Strategy, {
        name: "S",
        alertCooldownMins: UNKNOWN_STRING,
      }),
    ).toEqual([]);
  });
});

describe("webhook-https", () => {
  const check = (url: unknown) =>
    violationsOfResource("webhook-https", TYPE_TOKENS.Webhook, { url, enabled: true });

  it("accepts https, plain http to a loopback host, and no url", async () => {
    for (const url of [
      "https://hooks.example.com/x",
      "http://localhost:8080/h",
      "http://127.0.0.5/h",
      "http://[::1]:9/h",
      null,
    ]) {
      expect(await check(url), String(url)).toEqual([]);
    }
  });

  it("reports plain http to any other host, naming the host", async () => {
    expect(await check("http://hooks.example.com/x")).toEqual([
      expect.stringContaining("uses http for host hooks.example.com: use https"),
    ]);
    expect(await check("http://127.0.0.1.evil.com/x")).toHaveLength(1);
  });
});

describe("max-rules-per-strategy", () => {
  const rules = (n: number) => Array.from({ length: n }, (_, i) => ({ ...LIQUIDITY, min: i + 1 }));
  const check = (n: number, config: Props = {}, options: StrategyAlertsPolicyOptions = {}) =>
    violationsOfResource(
      "max-rules-per-strategy",
      TYPE_TOKENS.Strategy,
      { name: "S", rules: rules(n) },
      config,
      options,
    );

  it("allows the configured number of rules and reports one more, with both counts", async () => {
    expect(await check(20)).toEqual([]);
    expect(await check(21)).toEqual([
      expect.stringContaining('Strategy "S" has 21 rules, more than the 20 allowed'),
    ]);
  });

  it("takes the limit from the options, and the policy config over them", async () => {
    expect(await check(6, {}, { maxRulesPerStrategy: 5 })).toHaveLength(1);
    expect(await check(6, { maxRules: 8 }, { maxRulesPerStrategy: 5 })).toEqual([]);
  });
});

describe("active-share-of-plan-limit", () => {
  const activationOf = (n: number) =>
    resource("StrategyActivation", "active", { strategyIds: Array.from({ length: n }, (_, i) => `s-${i}`) });

  it("warns above the share of the plan's limit, naming counts, share and plan", async () => {
    expect(await violationsOfStack("active-share-of-plan-limit", [activationOf(20)])).toEqual([]);
    expect(await violationsOfStack("active-share-of-plan-limit", [activationOf(21)])).toEqual([
      { message: expect.stringContaining("holds 21 strategies, 84% of the PRO plan's limit of 25") },
    ]);
  });

  it("uses the plan, limit and share from the options and the policy config", async () => {
    expect(
      await violationsOfStack("active-share-of-plan-limit", [activationOf(21)], {}, { plan: "DEGEN" }),
    ).toEqual([]);
    expect(
      await violationsOfStack("active-share-of-plan-limit", [activationOf(21)], { plan: "DEGEN" }),
    ).toEqual([]);
    const custom = await violationsOfStack("active-share-of-plan-limit", [activationOf(3)], {
      activeLimit: 4,
      maxShare: 0.5,
    });
    expect(custom).toEqual([
      { message: expect.stringContaining("holds 3 strategies, 75% of the configured limit of 4") },
    ]);
  });

  it("counts entries unknown during preview, and a known id once", async () => {
    const activation = resource("StrategyActivation", "active", {
      strategyIds: ["a", "a", UNKNOWN_STRING, UNKNOWN_STRING],
    });
    const found = await violationsOfStack("active-share-of-plan-limit", [activation], { activeLimit: 3 });
    expect(found).toEqual([{ message: expect.stringContaining("holds 3 strategies") }]);
  });

  it("counts the strategies a wholly unknown list was computed from", async () => {
    const strategies = ["a", "b", "c"].map((n) => strategy(n, [HONEYPOT]));
    const activation = resource(
      "StrategyActivation",
      "active",
      { strategyIds: policyProxy.unknownArrayValue },
      { strategyIds: strategies },
    );
    const found = await violationsOfStack("active-share-of-plan-limit", [...strategies, activation], {
      activeLimit: 3,
    });
    expect(found).toEqual([{ message: expect.stringContaining("holds 3 strategies") }]);
  });
});

describe("followed-developers-only", () => {
  const ADDRESS = "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU";
  const walletStrategy = (developerAddress: string, deps: Props = {}) =>
    resource(
      "Strategy",
      "launches",
      {
        name: "Launches",
        triggers: ["followed_dev_new_token_created"],
        triggerConfigs: { followed_dev_new_token_created: { scope: "wallet", developerAddress } },
        rules: [HONEYPOT],
      },
      deps,
    );
  const dev = resource("FollowedDeveloper", "dev", { address: ADDRESS });

  it("accepts a wallet the stack follows, by value or as that developer's output during preview", async () => {
    expect(await violationsOfStack("followed-developers-only", [dev, walletStrategy(ADDRESS)])).toEqual([]);
    const computed = walletStrategy(UNKNOWN_STRING, { triggerConfigs: [dev] });
    expect(await violationsOfStack("followed-developers-only", [dev, computed])).toEqual([]);
  });

  it("reports a wallet the stack does not follow, or follows no longer, naming the address", async () => {
    const other = walletStrategy("9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM");
    const found = await violationsOfStack("followed-developers-only", [dev, other]);
    expect(found).toEqual([
      {
        message: expect.stringContaining(
          "developer 9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM, which this stack does not follow",
        ),
        urn: other.urn,
      },
    ]);
    const inactive = resource("FollowedDeveloper", "dev", { address: ADDRESS, active: false });
    expect(
      await violationsOfStack("followed-developers-only", [inactive, walletStrategy(ADDRESS)]),
    ).toHaveLength(1);
  });

  it("ignores strategies scoped to all developers or to a tag", async () => {
    const all = resource("Strategy", "all", {
      name: "All",
      triggerConfigs: { followed_dev_new_token_created: { scope: "all" } },
    });
    expect(await violationsOfStack("followed-developers-only", [all])).toEqual([]);
  });
});
