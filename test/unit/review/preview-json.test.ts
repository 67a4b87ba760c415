import { describe, expect, it } from "vitest";
import { renderReview } from "../../../provider/review";
import { digest, eventStream, type StepSpec, UNKNOWN, urnOf } from "../../support/preview-fixtures";

/**
 * The engine's event stream carries no propertyDependencies: the review traces an activation's
 * unknown ids from the states alone, gives the digest's report where the states decide it, and
 * names the candidates (never a false change) where they do not.
 */
const ids = {
  safety: "11111111-0000-4000-8000-000000000001",
  momentum: "11111111-0000-4000-8000-000000000002",
};
const account = {
  plan: "PRO",
  activeLimit: 25,
  strategies: [
    { id: ids.safety, name: "Safety first", isActive: true },
    { id: ids.momentum, name: "Momentum", isActive: false },
  ],
};
const strategy = (name: string, min: number) => ({
  name,
  triggers: ["new_token_created"],
  rules: [{ rule: "liquidity_usd", dealbreaker: false, min }],
});
const update = (key: "safety" | "momentum", name: string, from: number, to: number): StepSpec => ({
  op: "update",
  kind: "Strategy",
  name: key,
  id: ids[key],
  old: strategy(name, from),
  new: strategy(name, to),
});
const activation = (before: string[], deps: string[]): StepSpec => ({
  op: "update",
  kind: "StrategyActivation",
  name: "active-set",
  id: "activation",
  old: { strategyIds: before, exclusive: false },
  new: { strategyIds: [UNKNOWN], exclusive: false },
  deps: { strategyIds: deps },
});

describe("stream ≡ digest", () => {
  it("a threshold change of the active strategy reports no activation change in both forms", () => {
    const specs = [
      update("safety", "Safety first", 5_000, 10_000),
      activation([ids.safety], [urnOf("Strategy", "safety")]),
    ];
    const fromDigest = renderReview(digest(specs), { account });
    const fromStream = renderReview(eventStream(specs), { account });
    expect(fromStream.markdown).toBe(fromDigest.markdown);
    // Its id is unknown only during the preview: `pulumi up` finds nothing to change in the set.
    expect(fromStream.counts).toEqual({ Strategy: { update: 1 } });
    expect(fromStream.markdown).not.toContain("StrategyActivation");
    expect(fromStream.markdown).not.toContain("### Activation");
    expect(fromStream.markdown).not.toMatch(/becomes (in)?active|deactivates|active set/i);
  });

  it("a new strategy activated in the same change is named in both forms", () => {
    const specs: StepSpec[] = [
      { op: "create", kind: "Strategy", name: "fresh", new: strategy("Fresh", 1) },
      activation([ids.safety], [urnOf("Strategy", "fresh")]),
    ];
    const fromDigest = renderReview(digest(specs), { account });
    expect(renderReview(eventStream(specs), { account }).markdown).toBe(fromDigest.markdown);
    expect(fromDigest.markdown).toContain("Becomes active (starts sending alerts): “Fresh” (new)");
    expect(fromDigest.markdown).toContain(
      "⚠️ **Warning:** becomes inactive (stops sending alerts): “Safety first”",
    );
  });

  it("where the stream cannot say which updated strategy an id is, names the candidates and claims no change", () => {
    const specs = [
      update("safety", "Safety first", 5_000, 10_000),
      update("momentum", "Momentum", 1, 2),
      activation([ids.safety], [urnOf("Strategy", "momentum")]),
    ];
    const exact = renderReview(digest(specs), { account }).markdown;
    expect(exact).toContain("Becomes active (starts sending alerts): “Momentum”");
    expect(exact).toContain("⚠️ **Warning:** becomes inactive (stops sending alerts): “Safety first”");
    const streamed = renderReview(eventStream(specs), { account }).markdown;
    expect(streamed).toContain(
      "Becomes active (starts sending alerts): 1 strategy whose id is known after apply, among “Momentum”, “Safety first”",
    );
    expect(streamed).toContain(
      "⚠️ **Warning:** becomes inactive (stops sending alerts): “Safety first” unless it is one of the ids known after apply",
    );
    expect(streamed).toContain("active 1 of 25 on PRO (1 declared by this stack, 0 outside it)");
  });
});
