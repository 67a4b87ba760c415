import { describe, expect, it } from "vitest";
import {
  assertValidStrategyInput,
  FORBIDDEN_DEALBREAKERS,
  StrategyValidationError,
  validateStrategyInput,
} from "../../../provider/model";
import { BOOLEAN_RULE_IDS, NUMERIC_RULE_IDS } from "../../../provider/model/rule-catalog";

const TAG = "0b6c1c2e-6a53-4a53-9a0e-9d2a4b1f2c3d";
const base = {
  name: "Safe launches",
  triggers: ["new_token_created"],
  rules: [{ rule: "is_honeypot", dealbreaker: true }],
  isActive: false,
};

function messages(input: unknown, mode: "create" | "update" = "create"): string[] {
  const result = validateStrategyInput(input, mode);
  return result.ok ? [] : result.issues.map((i) => i.message);
}

/** Messages for base with the given rule items (create). */
function ruleMessages(...rules: unknown[]): string[] {
  return messages({ ...base, rules });
}

describe("validateStrategyInput: the strategy object", () => {
  it("accepts a minimal valid create body and returns it typed", () => {
    expect(validateStrategyInput(base, "create")).toEqual({ ok: true, value: base });
  });

  it("rejects a body that is not an object", () => {
    expect(messages(null)).toEqual(["input must be a strategy object, got null"]);
    expect(messages([base])).toEqual(["input must be a strategy object, got an array"]);
    expect(messages("x")).toEqual(['input must be a strategy object, got "x"']);
  });

  it("requires name, triggers, rules and isActive on create but nothing on update", () => {
    expect(messages({})).toEqual([
      "name is required",
      "triggers is required",
      "rules is required",
      "isActive is required",
    ]);
    expect(messages({}, "update")).toEqual([]);
  });

  it("rejects unknown fields, including prototype-pollution keys", () => {
    expect(messages({ ...base, foo: 1 })).toEqual(["foo is not a supported strategy field"]);
    const polluted = JSON.parse(`{"__proto__": {"isAdmin": true}, "name": "x"}`);
    expect(messages(polluted, "update")).toEqual(["__proto__ is not a supported strategy field"]);
    expect(messages({ ...base, "a b": 1 })).toEqual(['input["a b"] is not a supported strategy field']);
  });

  it("checks name type, blankness and length (1 to 100 characters)", () => {
    expect(messages({ ...base, name: 5 })).toEqual(["name must be a string, got 5"]);
    expect(messages({ ...base, name: "  " })).toEqual(["name must not be empty"]);
    expect(messages({ ...base, name: "x".repeat(101) })).toEqual([
      "name must be at most 100 characters, got 101",
    ]);
    expect(messages({ ...base, name: "x".repeat(100) })).toEqual([]);
  });

  it("accepts a null description and limits it to 500 characters", () => {
    expect(messages({ ...base, description: null })).toEqual([]);
    expect(messages({ ...base, description: "d".repeat(501) })).toEqual([
      "description must be at most 500 characters, got 501",
    ]);
  });

  it("checks isActive and strict are booleans", () => {
    expect(messages({ ...base, isActive: "yes", strict: 1 })).toEqual([
      'isActive must be a boolean, got "yes"',
      "strict must be a boolean, got 1",
    ]);
  });

  it("requires alertCooldownMins to be an integer from 0 to 1440", () => {
    for (const bad of [1441, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, "5"]) {
      const shown = typeof bad === "string" ? `"${bad}"` : String(bad);
      expect(messages({ ...base, alertCooldownMins: bad })).toEqual([
        `alertCooldownMins must be an integer between 0 and 1440, got ${shown}`,
      ]);
    }
    expect(messages({ ...base, alertCooldownMins: 0 })).toEqual([]);
    expect(messages({ ...base, alertCooldownMins: 1440 })).toEqual([]);
  });

  it("checks retryPolicy fields", () => {
    expect(messages({ ...base, retryPolicy: {} })).toEqual([
      "retryPolicy.type is required",
      "retryPolicy.maxAttempts is required",
      "retryPolicy.delayMinutes is required",
    ]);
    expect(
      messages({ ...base, retryPolicy: { type: "", maxAttempts: 1.5, delayMinutes: -1, x: 1 } }),
    ).toEqual([
      "retryPolicy.x is not a supported retryPolicy field",
      "retryPolicy.type must not be empty",
      "retryPolicy.maxAttempts must be an integer, got 1.5",
      "retryPolicy.delayMinutes must not be negative, got -1",
    ]);
    expect(
      messages({ ...base, retryPolicy: { type: "QUICK_RETRY", maxAttempts: 3, delayMinutes: 5 } }),
    ).toEqual([]);
  });

  it("checks matching fields", () => {
    expect(messages({ ...base, matching: { enabled: "no", minPercent: 101 } })).toEqual([
      'matching.enabled must be a boolean, got "no"',
      "matching.minPercent must be at most 100, got 101",
    ]);
    expect(messages({ ...base, matching: 3 })).toEqual(["matching must be an object, got 3"]);
  });

  it("reports every failure at once", () => {
    const result = validateStrategyInput({ name: "", triggers: ["x"], rules: [{ rule: "foo" }] }, "create");
    expect(result.ok ? [] : result.issues).toEqual([
      { path: "isActive", message: "isActive is required" },
      { path: "name", message: "name must not be empty" },
      {
        path: "triggers[0]",
        message:
          'triggers[0] "x" is not a trigger eventType; expected one of new_token_created, followed_dev_new_token_created, microblog_mention_direct, post_metadata_match, token_almost_graduated, token_graduated',
      },
      { path: "rules[0].rule", message: 'rules[0].rule "foo" is not a supported rule id' },
      { path: "rules[0].dealbreaker", message: "rules[0].dealbreaker is required" },
    ]);
  });
});

describe("validateStrategyInput: triggers and triggerConfigs", () => {
  it("requires a non-empty triggers array on create only", () => {
    expect(messages({ ...base, triggers: [] })).toEqual([
      "triggers must not be empty; expected some of new_token_created, followed_dev_new_token_created, microblog_mention_direct, post_metadata_match, token_almost_graduated, token_graduated",
    ]);
    expect(messages({ triggers: [] }, "update")).toEqual([]);
    expect(messages({ ...base, triggers: "new_token_created" })).toEqual([
      'triggers must be an array of trigger eventTypes, got "new_token_created"',
    ]);
  });

  it("rejects repeated triggers and more than 6 entries", () => {
    expect(messages({ ...base, triggers: ["token_graduated", "token_graduated"] })).toEqual([
      'triggers[1] repeats "token_graduated"',
    ]);
    const seven = messages({ ...base, triggers: Array(7).fill("token_graduated") });
    expect(seven[0]).toBe("triggers must have at most 6 entries, got 7");
  });

  it("requires a tagId for the microblog tag triggers when they are used", () => {
    expect(messages({ ...base, triggers: ["microblog_mention_direct", "post_metadata_match"] })).toEqual([
      "triggerConfigs.microblog_mention_direct.tagId is required when the microblog_mention_direct trigger is used",
      "triggerConfigs.post_metadata_match.tagId is required when the post_metadata_match trigger is used",
    ]);
    const configs = { microblog_mention_direct: { tagId: "all" }, post_metadata_match: { tagId: TAG } };
    expect(
      messages({
        ...base,
        triggers: ["microblog_mention_direct", "post_metadata_match"],
        triggerConfigs: configs,
      }),
    ).toEqual([]);
  });

  it("accepts only all or a UUID as a microblog tagId", () => {
    const input = {
      ...base,
      triggers: ["post_metadata_match"],
      triggerConfigs: { post_metadata_match: { tagId: "abc" } },
    };
    expect(messages(input)).toEqual([
      'triggerConfigs.post_metadata_match.tagId must be "all" or a microblog tag id (UUID), got "abc"',
    ]);
  });

  it("rejects a config for a trigger the strategy does not use", () => {
    const input = { ...base, triggerConfigs: { post_metadata_match: { tagId: "all" } } };
    expect(messages(input)).toEqual([
      "triggerConfigs.post_metadata_match is set but post_metadata_match is not in triggers",
    ]);
  });

  it("does not cross-check configs in a patch that leaves triggers unchanged", () => {
    expect(messages({ triggerConfigs: { post_metadata_match: { tagId: "all" } } }, "update")).toEqual([]);
    expect(messages({ triggers: ["post_metadata_match"] }, "update")).toEqual([
      "triggerConfigs.post_metadata_match.tagId is required when the post_metadata_match trigger is used",
    ]);
  });

  it("rejects configs keyed by unknown or unconfigurable event types", () => {
    expect(messages({ ...base, triggerConfigs: { foo: {}, new_token_created: {} } })).toEqual([
      "triggerConfigs.foo is not a trigger eventType; expected one of microblog_mention_direct, post_metadata_match, followed_dev_new_token_created",
      "triggerConfigs.new_token_created is not allowed: the new_token_created trigger takes no configuration",
    ]);
  });

  it("treats a null triggerConfigs as none", () => {
    expect(messages({ ...base, triggerConfigs: null })).toEqual([]);
  });

  describe("followed_dev_new_token_created", () => {
    const P = "triggerConfigs.followed_dev_new_token_created";
    const dev = (config: unknown) =>
      messages({
        ...base,
        triggers: ["followed_dev_new_token_created"],
        triggerConfigs: { followed_dev_new_token_created: config },
      });

    it("behaves as scope all when omitted", () => {
      expect(messages({ ...base, triggers: ["followed_dev_new_token_created"] })).toEqual([]);
      expect(dev({})).toEqual([]);
      expect(dev({ scope: "all" })).toEqual([]);
    });

    it("accepts only the scopes all, tag and wallet", () => {
      expect(dev({ scope: "x" })).toEqual([
        `${P}.scope "x" is not a followed-developer scope; expected one of all, tag, wallet`,
      ]);
    });

    it("requires tagId for scope tag and developerAddress for scope wallet", () => {
      expect(dev({ scope: "tag" })).toEqual([`${P}.tagId is required when scope is tag`]);
      expect(dev({ scope: "wallet" })).toEqual([`${P}.developerAddress is required when scope is wallet`]);
      expect(dev({ scope: "tag", tagId: TAG })).toEqual([]);
      expect(dev({ scope: "wallet", developerAddress: "So1anaDevWa11et" })).toEqual([]);
    });

    it("rejects fields that belong to another scope", () => {
      expect(dev({ tagId: TAG })).toEqual([`${P}.tagId is only allowed when scope is tag`]);
      expect(dev({ scope: "tag", tagId: TAG, developerAddress: "abc" })).toEqual([
        `${P}.developerAddress is only allowed when scope is wallet`,
      ]);
    });

    it("checks the shape of tagId and developerAddress", () => {
      expect(dev({ scope: "tag", tagId: "t1" })).toEqual([
        `${P}.tagId must be a developer tag id (UUID), got "t1"`,
      ]);
      expect(dev({ scope: "wallet", developerAddress: " " })).toEqual([
        `${P}.developerAddress must be a non-empty wallet address, got " "`,
      ]);
      expect(dev({ scope: "all", extra: 1 })).toEqual([
        `${P}.extra is not a supported field of this trigger config`,
      ]);
    });
  });
});

describe("validateStrategyInput: rules", () => {
  it("requires a non-empty rules array on create; a patch may clear the rules", () => {
    expect(messages({ ...base, rules: [] })).toEqual([
      "rules must not be empty: a strategy needs at least one rule",
    ]);
    expect(messages({ rules: [] }, "update")).toEqual([]);
    expect(messages({ ...base, rules: {} })).toEqual(["rules must be an array of rule items, got an object"]);
  });

  it("accepts at most 50 rules", () => {
    // Each rule once: boolean rules as they are, numeric ones with a min.
    const rules = [
      ...BOOLEAN_RULE_IDS.map((rule) => ({ rule, dealbreaker: false })),
      ...NUMERIC_RULE_IDS.map((rule) => ({ rule, dealbreaker: false, min: 1 })),
    ];
    expect(messages({ ...base, rules: rules.slice(0, 50) })).toEqual([]);
    expect(messages({ ...base, rules: rules.slice(0, 51) })).toEqual([
      "rules must have at most 50 items, got 51",
    ]);
  });

  it("names the offending item when it is not an object or lacks rule and dealbreaker", () => {
    expect(ruleMessages("x")).toEqual(['rules[0] must be an object with a rule id, got "x"']);
    expect(ruleMessages({})).toEqual(["rules[0].rule is required", "rules[0].dealbreaker is required"]);
    expect(ruleMessages({ rule: 5, dealbreaker: "yes" })).toEqual([
      "rules[0].rule must be a string, got 5",
      'rules[0].dealbreaker must be a boolean, got "yes"',
    ]);
  });

  it("rejects unknown rule ids and unknown item fields", () => {
    expect(ruleMessages({ rule: "foo", dealbreaker: false })).toEqual([
      'rules[0].rule "foo" is not a supported rule id',
    ]);
    expect(ruleMessages({ rule: "is_honeypot", dealbreaker: false, threshold: 1 })).toEqual([
      "rules[0].threshold is not a supported rule item field",
    ]);
  });

  it.each(Object.values(FORBIDDEN_DEALBREAKERS))("rejects %s as a dealbreaker", (id) => {
    const found = ruleMessages({ rule: id, dealbreaker: true });
    expect(found).toContain(`rules[0].dealbreaker: ${id} cannot be a dealbreaker`);
  });

  describe("boolean rules", () => {
    it("accept enabled true or false", () => {
      expect(ruleMessages({ rule: "is_honeypot", dealbreaker: true, enabled: false })).toEqual([]);
      expect(ruleMessages({ rule: "has_website", dealbreaker: false, enabled: true })).toEqual([]);
    });

    it("must not carry min, max, value or operator", () => {
      expect(
        ruleMessages({
          rule: "is_honeypot",
          dealbreaker: true,
          min: 1,
          max: 2,
          value: "x",
          operator: "equals",
        }),
      ).toEqual([
        "rules[0].min is not allowed on boolean rule is_honeypot",
        "rules[0].max is not allowed on boolean rule is_honeypot",
        "rules[0].value is not allowed on boolean rule is_honeypot",
        "rules[0].operator is not allowed on boolean rule is_honeypot",
      ]);
    });

    it("need a boolean enabled", () => {
      expect(ruleMessages({ rule: "is_honeypot", dealbreaker: true, enabled: "no" })).toEqual([
        'rules[0].enabled must be a boolean, got "no"',
      ]);
    });
  });

  describe("numeric rules", () => {
    const numeric = (fields: object) => ruleMessages({ rule: "liquidity_usd", dealbreaker: true, ...fields });

    it("accept min, max or both", () => {
      expect(numeric({ min: 1000 })).toEqual([]);
      expect(numeric({ max: 5 })).toEqual([]);
      expect(numeric({ min: 0, max: 5, enabled: false })).toEqual([]);
    });

    it("must carry min and/or max", () => {
      expect(numeric({})).toEqual(["rules[0] must carry min and/or max for numeric rule liquidity_usd"]);
    });

    it("need non-negative finite bounds", () => {
      expect(numeric({ min: -1 })).toEqual(["rules[0].min must not be negative, got -1"]);
      expect(numeric({ min: Number.NaN })).toEqual(["rules[0].min must be a finite number, got NaN"]);
      expect(numeric({ max: Number.POSITIVE_INFINITY })).toEqual([
        "rules[0].max must be a finite number, got Infinity",
      ]);
      expect(numeric({ max: "5" })).toEqual(['rules[0].max must be a finite number, got "5"']);
    });

    it("need max greater than min", () => {
      expect(numeric({ min: 5, max: 5 })).toEqual(["rules[0].max must be greater than min (min 5, max 5)"]);
      expect(numeric({ min: 5, max: 1 })).toEqual(["rules[0].max must be greater than min (min 5, max 1)"]);
    });

    it("must not carry value, and carry enabled only as false", () => {
      expect(numeric({ min: 1, value: "x", enabled: true })).toEqual([
        "rules[0].value is not allowed on numeric rule liquidity_usd",
        "rules[0].enabled must be false or omitted on numeric rule liquidity_usd, got true",
      ]);
    });
  });

  describe("enum rules", () => {
    it("accept risk_level in any case and launch_platform exactly", () => {
      expect(ruleMessages({ rule: "risk_level", dealbreaker: true, value: "high" })).toEqual([]);
      expect(
        ruleMessages({
          rule: "launch_platform",
          dealbreaker: false,
          value: "launch_platform_c",
          operator: "not_equals",
        }),
      ).toEqual([]);
    });

    it("must carry a string value", () => {
      expect(ruleMessages({ rule: "risk_level", dealbreaker: true })).toEqual([
        "rules[0].value is required for enum rule risk_level",
      ]);
      expect(ruleMessages({ rule: "risk_level", dealbreaker: true, value: 3 })).toEqual([
        "rules[0].value must be a string, got 3",
      ]);
    });

    it("reject values outside the allowed set", () => {
      expect(ruleMessages({ rule: "risk_level", dealbreaker: true, value: "extreme" })).toEqual([
        'rules[0].value "extreme" is not a valid risk_level; expected one of CRITICAL, HIGH, MEDIUM, LOW (case-insensitive)',
      ]);
      expect(
        ruleMessages({ rule: "launch_platform", dealbreaker: true, value: "LAUNCH_PLATFORM_A" }),
      ).toEqual([
        'rules[0].value "LAUNCH_PLATFORM_A" is not a valid launch_platform; expected one of launch_platform_a, launch_platform_b, launch_platform_c, launch_platform_d, launch_platform_e, launch_platform_f, launch_platform_g',
      ]);
    });

    it("accept only equals and not_equals as operator", () => {
      expect(ruleMessages({ rule: "risk_level", dealbreaker: true, value: "LOW", operator: "gt" })).toEqual([
        'rules[0].operator "gt" is not an enum operator; expected one of equals, not_equals',
      ]);
    });

    it("must not carry enabled, min or max", () => {
      expect(
        ruleMessages({ rule: "risk_level", dealbreaker: true, value: "LOW", enabled: true, min: 1, max: 2 }),
      ).toEqual([
        "rules[0].enabled is not allowed on enum rule risk_level",
        "rules[0].min is not allowed on enum rule risk_level",
        "rules[0].max is not allowed on enum rule risk_level",
      ]);
    });
  });

  describe("object rules", () => {
    const object = (rule: string, config: unknown, extra: object = {}) =>
      ruleMessages({ rule, dealbreaker: false, config, ...extra });

    it("must carry config (clusterConfig for the cluster rule)", () => {
      expect(ruleMessages({ rule: "volume_24h", dealbreaker: false })).toEqual([
        "rules[0].config is required for object rule volume_24h",
      ]);
      expect(ruleMessages({ rule: "coordinated_wallet_cluster", dealbreaker: false, config: {} })).toEqual([
        "rules[0].config is not allowed on object rule coordinated_wallet_cluster; use clusterConfig",
        "rules[0].clusterConfig is required for object rule coordinated_wallet_cluster",
      ]);
      expect(object("volume_24h", { windows: { "1h": 1 } }, { clusterConfig: {} })).toEqual([
        "rules[0].clusterConfig is not allowed on object rule volume_24h; only coordinated_wallet_cluster takes it",
      ]);
    });

    it("must not carry min, max or value, and take a boolean enabled", () => {
      expect(object("volume_24h", { windows: { "1h": 1 } }, { min: 1, value: "x", enabled: 1 })).toEqual([
        "rules[0].min is not allowed on object rule volume_24h",
        "rules[0].value is not allowed on object rule volume_24h",
        "rules[0].enabled must be a boolean, got 1",
      ]);
      expect(object("volume_24h", { windows: { "1h": 1 } }, { enabled: false })).toEqual([]);
    });

    it("check volume_24h windows", () => {
      expect(object("volume_24h", 5)).toEqual(["rules[0].config must be an object, got 5"]);
      expect(object("volume_24h", { windows: {}, foo: 1 })).toEqual([
        "rules[0].config.foo is not a supported field of volume_24h config",
        "rules[0].config.windows must set a threshold for at least one of 5m, 1h, 6h, 24h",
      ]);
      expect(object("volume_24h", { windows: { "10m": 1, "5m": -1 } })).toEqual([
        'rules[0].config.windows["10m"] is not a volume window; expected one of 5m, 1h, 6h, 24h',
        'rules[0].config.windows["5m"] must not be negative, got -1',
      ]);
    });

    it("check the buy/sell ratio and volume spike configs", () => {
      expect(object("buy_sell_ratio_window", { window: "2h" })).toEqual([
        'rules[0].config.window "2h" is not a window label; expected one of 5m, 1h, 6h, 24h',
        "rules[0].config.buyPressure is required",
      ]);
      expect(object("validated_volume_spike", { window: "5m", volumeSpike: "huge" })).toEqual([
        'rules[0].config.volumeSpike "huge" is not a volumeSpike level; expected one of off, noticeable, strong, very_strong, explosive',
      ]);
      expect(object("buy_sell_ratio_window", { window: "1h", buyPressure: "strong" })).toEqual([]);
    });

    it("check the quality wallet configs and walletTypes", () => {
      expect(object("quality_wallet_count", { minWallets: 1.5, walletTypes: [] })).toEqual([
        "rules[0].config.minWallets must be an integer, got 1.5",
        "rules[0].config.walletTypes must not be empty; expected some of smart_wallet, kol, whale, profitable_trader",
      ]);
      expect(
        object("quality_wallet_total_value", { minTotalValueUsd: 100, walletTypes: ["kol", "kol", "bot"] }),
      ).toEqual([
        'rules[0].config.walletTypes[1] repeats "kol"',
        'rules[0].config.walletTypes[2] "bot" is not a wallet type; expected one of smart_wallet, kol, whale, profitable_trader',
      ]);
      expect(
        object("quality_wallet_min_winrate", {
          minWinratePct: 101,
          minWalletsAboveThreshold: 2,
          walletTypes: "kol",
        }),
      ).toEqual([
        "rules[0].config.minWinratePct must be at most 100, got 101",
        'rules[0].config.walletTypes must be an array of wallet types, got "kol"',
      ]);
    });

    it("check the cluster config", () => {
      const cluster = (clusterConfig: unknown) =>
        ruleMessages({ rule: "coordinated_wallet_cluster", dealbreaker: false, clusterConfig });
      expect(cluster({ maxTotalHeldPct: -1, maxSingleClusterPct: 10, maxClusterRisk: "extreme" })).toEqual([
        "rules[0].clusterConfig.maxTotalHeldPct must not be negative, got -1",
        'rules[0].clusterConfig.maxClusterRisk "extreme" is not a cluster risk level; expected one of low, medium, high, very_high',
      ]);
      expect(cluster({ maxTotalHeldPct: 30, maxSingleClusterPct: 10, maxClusterRisk: "high" })).toEqual([]);
    });
  });
});

describe("assertValidStrategyInput", () => {
  it("returns the typed value of a valid input", () => {
    expect(assertValidStrategyInput(base, "create")).toEqual(base);
  });

  it("throws a StrategyValidationError carrying and listing every issue", () => {
    let error: unknown;
    try {
      assertValidStrategyInput({ ...base, name: "", alertCooldownMins: 2000 }, "create");
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(StrategyValidationError);
    const v = error as StrategyValidationError;
    expect(v.issues.map((i) => i.path)).toEqual(["name", "alertCooldownMins"]);
    expect(v.message).toBe(
      "Invalid strategy (2 problems):\n  - name must not be empty\n  - alertCooldownMins must be an integer between 0 and 1440, got 2000",
    );
  });
});

describe("validateStrategyInput: undefined values", () => {
  it("treats a field holding undefined as absent and leaves it out of the value", () => {
    const input = {
      ...base,
      description: undefined,
      rules: [{ rule: "risk_level", dealbreaker: true, value: "LOW", enabled: undefined, min: undefined }],
    };
    expect(validateStrategyInput(input, "create")).toEqual({
      ok: true,
      value: { ...base, rules: [{ rule: "risk_level", dealbreaker: true, value: "LOW" }] },
    });
  });

  it("keeps a developer address exactly as written", () => {
    const input = {
      ...base,
      triggers: ["followed_dev_new_token_created"],
      triggerConfigs: { followed_dev_new_token_created: { scope: "wallet", developerAddress: "AbC123" } },
    };
    const result = validateStrategyInput(input, "create");
    expect(result.ok && result.value.triggerConfigs).toEqual(input.triggerConfigs);
  });
});

describe("validateStrategyInput: each rule once", () => {
  const rulesMessages = (rules: unknown[]) => messages({ ...base, rules });

  it("names both items of a repeated rule in the order written, with what to do", () => {
    expect(
      rulesMessages([
        { rule: "has_website", dealbreaker: false },
        { rule: "liquidity_usd", dealbreaker: true, min: 1000 },
        { rule: "is_honeypot", dealbreaker: true },
        { rule: "liquidity_usd", dealbreaker: true, max: 90000 },
      ]),
    ).toEqual([
      "rules[3] repeats rules[1] (liquidity_usd): a strategy holds each rule once; put min and max in one item",
    ]);
  });

  it("counts a dealbreaker and a plain item of one rule as a repeat", () => {
    expect(
      rulesMessages([
        { rule: "is_honeypot", dealbreaker: true },
        { rule: "is_honeypot", dealbreaker: false, enabled: false },
      ]),
    ).toEqual(["rules[1] repeats rules[0] (is_honeypot): a strategy holds each rule once; keep one item"]);
  });

  it("reports every repeat, each against the first item it clashes with", () => {
    const item = { rule: "market_cap", dealbreaker: false, min: 1 };
    expect(rulesMessages([item, item, item])).toEqual([
      "rules[1] repeats rules[0] (market_cap): a strategy holds each rule once; put min and max in one item",
      "rules[2] repeats rules[0] (market_cap): a strategy holds each rule once; put min and max in one item",
    ]);
  });

  it("lets not_equals items exclude several values of an enum rule, and nothing else repeat it", () => {
    const notA = {
      rule: "launch_platform",
      dealbreaker: true,
      operator: "not_equals",
      value: "launch_platform_a",
    };
    const notB = { ...notA, value: "launch_platform_b" };
    expect(rulesMessages([notA, notB])).toEqual([]);
    expect(
      rulesMessages([
        { rule: "risk_level", dealbreaker: false, operator: "not_equals", value: "critical" },
        {
          rule: "risk_level",
          dealbreaker: false,
          operator: "not_equals",
          value: "HIGH",
        },
      ]),
    ).toEqual([]);
    const hint =
      "only not_equals items with different values may repeat an enum rule (each excludes one value)";
    expect(rulesMessages([notA, notA])).toEqual([
      `rules[1] repeats rules[0] (launch_platform): a strategy holds each rule once; ${hint}`,
    ]);
    // The same level in another case is the same value.
    const notHigh = { rule: "risk_level", dealbreaker: false, operator: "not_equals", value: "high" };
    expect(rulesMessages([notHigh, { ...notHigh, value: "HIGH" }])).toHaveLength(1);
    const equalsA = { rule: "launch_platform", dealbreaker: true, value: "launch_platform_a" };
    expect(rulesMessages([notB, equalsA])).toEqual([
      `rules[1] repeats rules[0] (launch_platform): a strategy holds each rule once; ${hint}`,
    ]);
  });

  it("checks a patch's rules too, and leaves items without a known rule id to their own check", () => {
    const item = { rule: "is_mintable", dealbreaker: true };
    const patch = validateStrategyInput({ rules: [item, item] }, "update");
    expect(patch.ok ? [] : patch.issues.map((i) => i.path)).toEqual(["rules[1]"]);
    expect(
      rulesMessages([
        { rule: "nope", dealbreaker: true },
        { rule: "nope", dealbreaker: true },
      ]),
    ).toEqual([
      'rules[0].rule "nope" is not a supported rule id',
      'rules[1].rule "nope" is not a supported rule id',
    ]);
  });
});
