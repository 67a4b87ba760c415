import { describe, expect, it } from "vitest";
import { activeSharePolicy } from "../../../provider/policy/active-share";
import {
  describeInPack,
  HONEYPOT,
  policyProxy,
  resource,
  strategy,
  UNKNOWN_STRING,
  violationsOfStack,
} from "./policy-harness";

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

describeInPack("active-share-of-plan-limit", "active-share.ts", activeSharePolicy);
