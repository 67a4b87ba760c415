import { describe, expect, it } from "vitest";
import { honeypotDealbreakerPolicy } from "../../../provider/policy/honeypot-dealbreaker";
import {
  describeInPack,
  HONEYPOT,
  LIQUIDITY,
  resource,
  strategy,
  UNKNOWN_STRING,
  violationsOfStack,
} from "./policy-harness";

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

describeInPack("honeypot-dealbreaker", "honeypot-dealbreaker.ts", honeypotDealbreakerPolicy);
