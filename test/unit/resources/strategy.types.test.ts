import * as pulumi from "@pulumi/pulumi";
import { assertType, describe, expectTypeOf, it } from "vitest";
import type { StrategyArgs } from "../../../provider";

/**
 * Compile-time contract, checked by `npm run typecheck` (tsconfig.json includes test/): rule
 * items are a discriminated union on `rule`, so a field of another rule kind is a type error in
 * an editor, while every value may still be a Pulumi input.
 */
describe("Strategy argument types", () => {
  it("reject a field of another rule kind and an unknown trigger", () => {
    assertType<StrategyArgs>({
      name: "n",
      triggers: ["new_token_created"],
      rules: [
        // @ts-expect-error a boolean rule carries no min
        { rule: "has_website", dealbreaker: true, min: 3 },
      ],
    });
    assertType<StrategyArgs>({
      name: "n",
      triggers: ["new_token_created"],
      rules: [
        // @ts-expect-error a numeric rule carries no value
        { rule: "market_cap", dealbreaker: false, value: "x" },
      ],
    });
    assertType<StrategyArgs>({
      name: "n",
      // @ts-expect-error an unknown trigger
      triggers: ["new_token_minted"],
      rules: [{ rule: "has_website", dealbreaker: false }],
    });
  });

  it("accept Pulumi inputs at every level", () => {
    assertType<StrategyArgs>({
      name: pulumi.output("n"),
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
    });
    expectTypeOf<pulumi.Output<number>>().toExtend<NonNullable<StrategyArgs["alertCooldownMins"]>>();
  });
});
