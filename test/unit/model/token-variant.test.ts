import { describe, expect, it } from "vitest";
import { healthyLaunch } from "../../../provider/fixtures";
import { TokenFixtureError, tokenVariant } from "../../../provider/model/token-variant";

describe("tokenVariant", () => {
  it("applies changes to a copy and removes fields set to undefined", () => {
    const variant = tokenVariant(healthyLaunch, { liquidityUsd: 1, hasWebsite: undefined });
    expect(variant.liquidityUsd).toBe(1);
    expect(variant).not.toHaveProperty("hasWebsite");
    expect(healthyLaunch.liquidityUsd).toBe(16_000);
    expect(Object.isFrozen(variant)).toBe(false);
  });

  it("names a misspelt field or an impossible value instead of ignoring it", () => {
    expect(() => tokenVariant(healthyLaunch, { liquidityUSD: 5 } as never)).toThrow(TokenFixtureError);
    expect(() => tokenVariant(healthyLaunch, { liquidityUSD: 5 } as never)).toThrow(
      "tokenVariant of Steady Hands: unknown field liquidityUSD",
    );
    expect(() => tokenVariant(healthyLaunch, { sellTax: 140 })).toThrow(/sellTax: /);
  });
});
