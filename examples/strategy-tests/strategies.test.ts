/**
 * What the team expects of its strategies, checked offline against the package's token
 * fixtures: nothing here calls the API, so it runs in CI before any `pulumi preview`.
 */
import { evaluateStrategy } from "pulumi-strategy-alerts";
import {
  FIXTURE_DEVELOPER,
  followedDeveloperLaunch,
  graduatedWinner,
  graduatingToken,
  healthyLaunch,
  honeypot,
  rug,
  tokenFixtures,
  tokenVariant,
} from "pulumi-strategy-alerts/fixtures";
import { describe, expect, it } from "vitest";
import { momentum, portfolio, safetyFirst, trustedDeveloper } from "./strategies";

const failed = (result: ReturnType<typeof evaluateStrategy>) => result.failedRules.map((r) => r.rule).sort();

describe("Safety first", () => {
  it("never alerts on a honeypot, and says which dealbreakers stopped it", () => {
    const result = evaluateStrategy(safetyFirst, honeypot);
    expect(result.matched).toBe(false);
    expect(result.dealbreakerFailed).toBe(true);
    expect(failed(result)).toEqual(["is_honeypot", "risk_level", "sell_tax"]);
    expect(result.failedRules.find((r) => r.rule === "is_honeypot")?.reason).toMatch(/isHoneypot/);
    expect(result.failedRules.find((r) => r.rule === "sell_tax")?.reason).toMatch(/sellTax 99/);
  });

  it("never alerts on a rug", () => {
    const result = evaluateStrategy(safetyFirst, rug);
    expect(result.matched).toBe(false);
    expect(failed(result)).toEqual([
      "has_creator_rug_history",
      "has_freeze_authority",
      "is_mintable",
      "risk_level",
      "rugged",
    ]);
  });

  it.each([
    ["healthy launch", healthyLaunch],
    ["graduating token", graduatingToken],
    ["graduated winner", graduatedWinner],
    ["followed developer's launch", followedDeveloperLaunch],
  ])("alerts on the %s", (_name, token) => {
    const result = evaluateStrategy(safetyFirst, token);
    expect(result.failureReason).toBeNull();
    expect(result.matched).toBe(true);
  });

  it("stops alerting when liquidity falls to its floor (the bound is exclusive)", () => {
    const thin = tokenVariant(healthyLaunch, { liquidityUsd: 5_000 });
    const result = evaluateStrategy(safetyFirst, thin);
    expect(result.matched).toBe(false);
    expect(result.failureReason).toBe(
      "group market failed: liquidity_usd liquidityUsd 5000 is not greater than 5000",
    );
  });

  it("is strict: a token without liquidity data does not alert", () => {
    const unknown = tokenVariant(healthyLaunch, { liquidityUsd: undefined });
    const result = evaluateStrategy(safetyFirst, unknown);
    expect(result.matched).toBe(false);
    expect(result.failedRules).toEqual([expect.objectContaining({ rule: "liquidity_usd", noData: true })]);
  });
});

describe("Momentum", () => {
  it("alerts on the graduating token", () => {
    const result = evaluateStrategy(momentum, graduatingToken);
    expect(result.matched).toBe(true);
    expect(result.matchedGroups).toEqual(["market", "volume_activity", "clusters"]);
  });

  it("stays quiet on a healthy launch far from graduating, reporting every rule it failed with why", () => {
    const result = evaluateStrategy(momentum, healthyLaunch);
    expect(result.matched).toBe(false);
    expect(failed(result)).toEqual([
      "bonding_progress",
      "buy_sell_ratio_window",
      "quality_wallet_count",
      "volume_24h",
    ]);
    for (const rule of result.failedRules) expect(rule.reason).toMatch(/\w+ .+/);
    expect(result.failedRules.find((r) => r.rule === "bonding_progress")?.reason).toBe(
      "bondingProgress 22 is not greater than 80",
    );
  });

  it("ignores the graduating token once buying has cooled", () => {
    const cooled = tokenVariant(graduatingToken, { buyPressure: { "1h": "slight" } });
    expect(evaluateStrategy(momentum, cooled).failureReason).toMatch(/buy_sell_ratio_window/);
  });

  it("lets the graduated winner go once buying pressure has cooled", () => {
    const result = evaluateStrategy(momentum, graduatedWinner);
    expect(result.matched).toBe(false);
    expect(failed(result)).toEqual(["buy_sell_ratio_window"]);
    expect(result.failedRules[0]?.reason).toMatch(/moderate/);
  });
});

describe("Trusted developer", () => {
  it("watches the wallet that launched the followed developer's token, and alerts on that launch", () => {
    expect(trustedDeveloper.triggerConfigs.followed_dev_new_token_created.developerAddress).toBe(
      followedDeveloperLaunch.developerAddress,
    );
    expect(followedDeveloperLaunch.developerAddress).toBe(FIXTURE_DEVELOPER);
    expect(evaluateStrategy(trustedDeveloper, followedDeveloperLaunch).matched).toBe(true);
  });

  it("does not alert on an older launch of the same developer", () => {
    const older = tokenVariant(followedDeveloperLaunch, { ageMinutes: 45 });
    expect(evaluateStrategy(trustedDeveloper, older).failureReason).toMatch(/token_age/);
  });
});

describe("the whole portfolio", () => {
  it.each(portfolio.map((s) => [s.name, s] as const))(
    "%s never alerts on the honeypot or the rug",
    (_name, s) => {
      expect(evaluateStrategy(s, tokenFixtures.honeypot).matched).toBe(false);
      expect(evaluateStrategy(s, tokenFixtures.rug).matched).toBe(false);
    },
  );

  it("cannot be fooled by a misspelt field in a variant", () => {
    expect(() => tokenVariant(healthyLaunch, { liquidityUSD: 1 } as never)).toThrow(
      /unknown field liquidityUSD/,
    );
  });
});
