import { describe, expect, it } from "vitest";
import {
  assertValidStrategyInput,
  StrategyValidationError,
  validateStrategyInput,
} from "../../../provider/model";
import { BOOLEAN_RULE_IDS, NUMERIC_RULE_IDS } from "../../../provider/model/rule-catalog";
import { base, messages, TAG } from "./strategy-input";

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
