import * as pulumi from "@pulumi/pulumi";
import { describe, expect, it } from "vitest";
import type { StrategyArgs } from "../../../provider";

/**
 * Compile-time contract (checked by `npm run typecheck`, part of `npm test`): rule items are a
 * discriminated union on `rule`, so a field of another rule kind is a type error in an editor,
 * while every value may still be a Pulumi input.
 */
function argsThatMustNotCompile(): StrategyArgs[] {
  const booleanWithMin: StrategyArgs = {
    name: "n",
    triggers: ["new_token_created"],
    rules: [
      // @ts-expect-error a boolean rule carries no min
      { rule: "has_website", dealbreaker: true, min: 3 },
    ],
  };
  const numericWithValue: StrategyArgs = {
    name: "n",
    triggers: ["new_token_created"],
    rules: [
      // @ts-expect-error a numeric rule carries no value
      { rule: "market_cap", dealbreaker: false, value: "x" },
    ],
  };
  const unknownTrigger: StrategyArgs = {
    name: "n",
    // @ts-expect-error an unknown trigger
    triggers: ["new_token_minted"],
    rules: [{ rule: "has_website", dealbreaker: false }],
  };
  return [booleanWithMin, numericWithValue, unknownTrigger];
}

function argsThatCompile(): StrategyArgs {
  return {
    name: "n",
    triggers: ["followed_dev_new_token_created"],
    triggerConfigs: {
      followed_dev_new_token_created: { scope: "wallet", developerAddress: pulumi.output("7xKX") },
    },
    rules: [
      { rule: "market_cap", dealbreaker: true, min: pulumi.output(3) },
      { rule: "risk_level", dealbreaker: false, value: "LOW" },
      {
        rule: "coordinated_wallet_cluster",
        dealbreaker: false,
        clusterConfig: { maxTotalHeldPct: 20, maxSingleClusterPct: 10, maxClusterRisk: "medium" },
      },
    ],
  };
}

describe("Strategy argument types", () => {
  it("accept inputs at every level and reject a field of another rule kind (see the @ts-expect-error lines)", () => {
    expect(argsThatMustNotCompile()).toHaveLength(3);
    expect(argsThatCompile().rules).toBeDefined();
  });
});
