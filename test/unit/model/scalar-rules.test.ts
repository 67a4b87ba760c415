import { describe, expect, it } from "vitest";
import {
  BOOLEAN_RULE_IDS,
  evaluateRule,
  NUMERIC_RULE_IDS,
  RULE_CATALOG,
  RULE_FIELDS,
  type RuleItem,
} from "../../../provider/model";
import { evaluateBoolean, evaluateEnum, evaluateNumeric } from "../../../provider/model/scalar-rules";
import { CLEAN_TOKEN, tokenWith } from "./evaluation-fixtures";

const rule = (item: Record<string, unknown>) => ({ dealbreaker: false, ...item }) as RuleItem;

describe("the scalar evaluators, called directly", () => {
  it("state the field, the value and the bound in their outcome", () => {
    expect(
      evaluateBoolean({ rule: "is_honeypot", dealbreaker: true }, tokenWith({ isHoneypot: true })),
    ).toEqual({
      status: "fail",
      reason: "isHoneypot is true, must be false",
      actual: true,
    });
    expect(
      evaluateNumeric(
        { rule: "liquidity_usd", dealbreaker: false, min: 100 },
        tokenWith({ liquidityUsd: 150 }),
      ),
    ).toMatchObject({ status: "pass" });
    expect(
      evaluateNumeric(
        { rule: "liquidity_usd", dealbreaker: false, min: 100 },
        tokenWith({ liquidityUsd: undefined }),
      ),
    ).toEqual({ status: "no_data", reason: "no data (liquidityUsd)" });
    expect(
      evaluateEnum(
        { rule: "risk_level", dealbreaker: false, value: "LOW" },
        tokenWith({ riskLevel: "HIGH" }),
      ),
    ).toMatchObject({ status: "fail" });
  });
});

describe("boolean rules", () => {
  it("is_honeypot passes a token that is not a honeypot and fails a honeypot", () => {
    expect(evaluateRule(rule({ rule: "is_honeypot" }), CLEAN_TOKEN)).toMatchObject({
      passed: true,
      actual: false,
    });
    const r = evaluateRule(rule({ rule: "is_honeypot" }), tokenWith({ isHoneypot: true }));
    expect(r).toMatchObject({ passed: false, skipped: false, noData: false, actual: true });
    expect(r.reason).toBe("isHoneypot is true, must be false");
  });

  it("has_website passes a token with a website and fails one without", () => {
    expect(evaluateRule(rule({ rule: "has_website" }), CLEAN_TOKEN).passed).toBe(true);
    expect(evaluateRule(rule({ rule: "has_website" }), tokenWith({ hasWebsite: false })).passed).toBe(false);
  });

  it.each(BOOLEAN_RULE_IDS.filter((id) => id !== "at_least_one_social"))(
    "%s holds when the token's flag equals the catalog's stored polarity",
    (id) => {
      const def = RULE_CATALOG[id];
      const want = def.kind === "boolean" && def.storedValue;
      const field = RULE_FIELDS[id][0];
      expect(evaluateRule(rule({ rule: id }), tokenWith({ [field]: want }))).toMatchObject({ passed: true });
      expect(evaluateRule(rule({ rule: id }), tokenWith({ [field]: !want }))).toMatchObject({
        passed: false,
        skipped: false,
      });
      expect(evaluateRule(rule({ rule: id }), tokenWith({ [field]: undefined }))).toMatchObject({
        passed: false,
        noData: true,
        reason: `no data (${field})`,
      });
    },
  );

  it("enabled=false skips a boolean rule whatever the token says", () => {
    const r = evaluateRule(rule({ rule: "is_honeypot", enabled: false }), tokenWith({ isHoneypot: true }));
    expect(r).toMatchObject({ passed: false, skipped: true, noData: false });
  });

  it("at_least_one_social passes with any one link, fails with none, and has no data when unknown links could decide", () => {
    const none = { hasWebsite: false, hasMessenger: false, hasMicroblog: false };
    const item = rule({ rule: "at_least_one_social" });
    expect(evaluateRule(item, tokenWith({ ...none, hasMessenger: true })).passed).toBe(true);
    expect(evaluateRule(item, tokenWith(none))).toMatchObject({ passed: false, noData: false });
    expect(evaluateRule(item, tokenWith({ ...none, hasMicroblog: undefined }))).toMatchObject({
      noData: true,
    });
    // A known link decides even when another one is unknown.
    expect(evaluateRule(item, tokenWith({ ...none, hasWebsite: true, hasMicroblog: undefined })).passed).toBe(
      true,
    );
  });
});

describe("numeric rules", () => {
  it("min is exclusive: liquidity_usd min 10000 fails at exactly 10000 and passes above", () => {
    const item = rule({ rule: "liquidity_usd", min: 10_000 });
    expect(evaluateRule(item, tokenWith({ liquidityUsd: 10_000 }))).toMatchObject({
      passed: false,
      reason: "liquidityUsd 10000 is not greater than 10000",
      actual: 10_000,
    });
    expect(evaluateRule(item, tokenWith({ liquidityUsd: 10_000.01 })).passed).toBe(true);
  });

  it("max is exclusive: dev_wallet_percent max 5 fails at exactly 5 and passes below", () => {
    const item = rule({ rule: "dev_wallet_percent", max: 5 });
    expect(evaluateRule(item, tokenWith({ devWalletPercent: 5 })).passed).toBe(false);
    expect(evaluateRule(item, tokenWith({ devWalletPercent: 4.99 })).passed).toBe(true);
  });

  it("min and max together require a value strictly between them", () => {
    const item = rule({ rule: "market_cap", min: 10_000, max: 100_000 });
    expect(evaluateRule(item, tokenWith({ marketCap: 50_000 })).passed).toBe(true);
    expect(evaluateRule(item, tokenWith({ marketCap: 5_000 })).passed).toBe(false);
    const above = evaluateRule(item, tokenWith({ marketCap: 200_000 }));
    expect(above).toMatchObject({ passed: false, reason: "marketCap 200000 is not less than 100000" });
  });

  it("token_age compares minutes", () => {
    const item = rule({ rule: "token_age", max: 60 });
    expect(evaluateRule(item, tokenWith({ ageMinutes: 59 })).passed).toBe(true);
    expect(evaluateRule(item, tokenWith({ ageMinutes: 90 })).passed).toBe(false);
  });

  it.each(NUMERIC_RULE_IDS)(
    "%s reads its field, fails outside the bounds and has no data without the field",
    (id) => {
      const field = RULE_FIELDS[id][0];
      const item = rule({ rule: id, min: 10, max: 20 });
      expect(evaluateRule(item, tokenWith({ [field]: 15 })).passed).toBe(true);
      expect(evaluateRule(item, tokenWith({ [field]: 25 })).passed).toBe(false);
      expect(evaluateRule(item, tokenWith({ [field]: 10 })).passed).toBe(false);
      expect(evaluateRule(item, tokenWith({ [field]: undefined }))).toMatchObject({
        noData: true,
        passed: false,
      });
    },
  );

  it("enabled=false skips a numeric rule", () => {
    const r = evaluateRule(rule({ rule: "liquidity_usd", min: 1e9, enabled: false }), CLEAN_TOKEN);
    expect(r).toMatchObject({ skipped: true, passed: false });
  });

  it("a value of the wrong type reads as no data instead of comparing", () => {
    const r = evaluateRule(rule({ rule: "liquidity_usd", min: 1 }), tokenWith({ liquidityUsd: "5000" }));
    expect(r).toMatchObject({ noData: true, reason: "no data (liquidityUsd)" });
    expect(
      evaluateRule(rule({ rule: "liquidity_usd", min: 1 }), tokenWith({ liquidityUsd: Number.NaN })).noData,
    ).toBe(true);
  });
});

describe("enum rules", () => {
  const risk = (value: string, operator?: string) =>
    rule({ rule: "risk_level", value, ...(operator === undefined ? {} : { operator }) });

  it("risk_level equals HIGH is a threshold: it matches HIGH, MEDIUM and LOW but not CRITICAL", () => {
    for (const level of ["HIGH", "MEDIUM", "LOW"])
      expect(evaluateRule(risk("HIGH"), tokenWith({ riskLevel: level })).passed).toBe(true);
    expect(evaluateRule(risk("HIGH"), tokenWith({ riskLevel: "CRITICAL" }))).toMatchObject({
      passed: false,
      reason: "riskLevel CRITICAL is above HIGH",
    });
  });

  it("risk_level equals LOW matches only LOW", () => {
    expect(evaluateRule(risk("LOW"), tokenWith({ riskLevel: "LOW" })).passed).toBe(true);
    expect(evaluateRule(risk("LOW"), tokenWith({ riskLevel: "MEDIUM" })).passed).toBe(false);
  });

  it("risk_level equals CRITICAL matches every level", () => {
    for (const level of ["CRITICAL", "HIGH", "MEDIUM", "LOW"])
      expect(evaluateRule(risk("CRITICAL"), tokenWith({ riskLevel: level })).passed).toBe(true);
  });

  it("risk_level values are case-insensitive", () => {
    expect(evaluateRule(risk("medium"), tokenWith({ riskLevel: "LOW" })).passed).toBe(true);
    expect(evaluateRule(risk("Medium"), tokenWith({ riskLevel: "HIGH" })).passed).toBe(false);
  });

  it("risk_level not_equals excludes exactly that level", () => {
    expect(evaluateRule(risk("CRITICAL", "not_equals"), tokenWith({ riskLevel: "CRITICAL" })).passed).toBe(
      false,
    );
    expect(evaluateRule(risk("CRITICAL", "not_equals"), tokenWith({ riskLevel: "HIGH" })).passed).toBe(true);
    expect(evaluateRule(risk("MEDIUM", "not_equals"), tokenWith({ riskLevel: "CRITICAL" })).passed).toBe(
      true,
    );
  });

  it("risk_level without a token level has no data", () => {
    expect(evaluateRule(risk("HIGH"), tokenWith({ riskLevel: undefined })).noData).toBe(true);
  });

  it("launch_platform equals and not_equals are exact", () => {
    const on = (value: string, operator?: string) =>
      rule({ rule: "launch_platform", value, ...(operator === undefined ? {} : { operator }) });
    const token = tokenWith({ launchPlatform: "launch_platform_b" });
    expect(evaluateRule(on("launch_platform_b"), token).passed).toBe(true);
    expect(evaluateRule(on("launch_platform_a"), token).passed).toBe(false);
    expect(evaluateRule(on("launch_platform_b", "not_equals"), token).passed).toBe(false);
    expect(evaluateRule(on("launch_platform_a", "not_equals"), token).passed).toBe(true);
    expect(
      evaluateRule(on("launch_platform_a", "not_equals"), tokenWith({ launchPlatform: undefined })).noData,
    ).toBe(true);
  });
});
