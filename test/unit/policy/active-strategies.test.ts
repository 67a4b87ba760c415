import { describe, expect, it } from "vitest";
import { activeSet } from "../../../provider/policy/active-strategies";
import { HONEYPOT, policyProxy, resource, strategy, UNKNOWN_STRING } from "./policy-harness";

describe("activeSet", () => {
  it("holds the strategies an activation lists by id, counting each known id once", () => {
    const a = strategy("a", [HONEYPOT], { strategyId: "id-a" });
    const b = strategy("b", [HONEYPOT], { strategyId: "id-b" });
    const activation = resource("StrategyActivation", "active", { strategyIds: ["id-a", "id-a", "id-x"] });
    const set = activeSet([a, b, activation]);
    expect(set.strategies.map((s) => s.urn)).toEqual([a.urn]);
    expect(set.size).toBe(2);
  });

  it("counts entries unknown during preview, and a strategy the list was computed from as active", () => {
    const a = strategy("a", [HONEYPOT]);
    const activation = resource(
      "StrategyActivation",
      "active",
      { strategyIds: ["id-b", UNKNOWN_STRING] },
      { strategyIds: [a] },
    );
    const set = activeSet([a, activation]);
    expect(set.strategies.map((s) => s.name)).toEqual(["a"]);
    expect(set.size).toBe(2);
  });

  it("counts what a wholly unknown list came from, and holds nothing without an activation", () => {
    const strategies = ["a", "b"].map((n) => strategy(n, [HONEYPOT]));
    const activation = resource(
      "StrategyActivation",
      "active",
      { strategyIds: policyProxy.unknownArrayValue },
      { strategyIds: strategies },
    );
    expect(activeSet([...strategies, activation]).size).toBe(2);
    expect(activeSet(strategies)).toEqual({ strategies: [], size: 0 });
  });
});
