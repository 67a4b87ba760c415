import { describe, expect, it } from "vitest";
import { reviewActivation, unchangedActivations } from "../../../provider/review/activation";
import { parsePreview } from "../../../provider/review/preview-json";
import { digest, type StepSpec, UNKNOWN, urnOf } from "../../support/preview-fixtures";
import { base, n, render, strategyUpdate } from "./fixtures";

/**
 * The step updating the activation `active` from the ids `before` to `after` (unknown ids of
 * strategies the preview has not created yet), `after` taken from the strategies named `from`.
 */
const activationUpdate = (before: string[], after: string[], from: string[]): StepSpec => ({
  op: "update",
  kind: "StrategyActivation",
  name: "active",
  id: "activation-1",
  old: { strategyIds: before, exclusive: false },
  new: { strategyIds: after, exclusive: false },
  deps: { strategyIds: from.map((name) => urnOf("Strategy", name)) },
});

describe("renderReview: activation", () => {
  const ids = {
    a: "aaaaaaaa-0000-4000-8000-000000000001",
    b: "aaaaaaaa-0000-4000-8000-000000000002",
    out: "aaaaaaaa-0000-4000-8000-000000000003",
  };
  const strategies = (extra: { id: string; name: string; isActive: boolean }[] = []) => [
    { id: ids.a, name: "Alpha", isActive: true },
    { id: ids.b, name: "Beta", isActive: false },
    ...extra,
  ];
  const move: StepSpec[] = [
    { op: "create", kind: "Strategy", name: "gamma", new: { ...base, name: "Gamma" } },
    activationUpdate([ids.a], [ids.b, UNKNOWN], ["beta", "gamma"]),
  ];

  /** `count` active strategies of the account that the stack does not declare. */
  const activeOutside = (count: number) =>
    Array.from({ length: count }, (_, i) => ({ id: `out-${i}`, name: `Outside ${i}`, isActive: true }));

  it("names the strategies that become active (new ones too) and inactive, with the plan headroom", () => {
    const outside = activeOutside(21);
    const result = render(move, {
      account: { plan: "PRO", activeLimit: 25, strategies: strategies(outside) },
    });
    expect(result.markdown).toContain("Becomes active (starts sending alerts): “Beta”, “Gamma” (new)");
    expect(result.markdown).toContain("⚠️ **Warning:** becomes inactive (stops sending alerts): “Alpha”");
    // Beta + Gamma from the stack, 21 active outside it.
    expect(result.markdown).toContain(
      `active ${2 + outside.length} of 25 on PRO (2 declared by this stack, ${outside.length} outside it)`,
    );
    expect(result.exceedsPlan).toBe(false);
  });

  it("explains a change that would exceed the plan's active limit", () => {
    const outside = activeOutside(24);
    const result = render(move, {
      account: { plan: "PRO", activeLimit: 25, strategies: strategies(outside) },
    });
    const total = 2 + outside.length;
    expect(result.exceedsPlan).toBe(true);
    expect(result.markdown).toContain(`active ${total} of 25 on PRO`);
    expect(result.markdown).toContain(
      `**This change exceeds the plan:** PRO allows 25 active strategies and ${total} would be active`,
    );
    expect(result.markdown).toContain(`remove ${total - 25} from the active set`);
  });

  it("counts an exclusive set without the strategies it deactivates", () => {
    const exclusive = move.map((s) =>
      s.kind === "StrategyActivation" ? { ...s, new: { ...s.new, exclusive: true } } : s,
    );
    const result = render(exclusive, {
      account: {
        plan: "DEGEN",
        activeLimit: 50,
        strategies: strategies([{ id: ids.out, name: "Manual", isActive: true }]),
      },
    });
    expect(result.markdown).toContain(
      "- ⚠️ **Warning:** `exclusive`: every other active strategy of the account is deactivated (stops sending alerts), including those other stacks, the app or people activated: “Manual”",
    );
    expect(result.markdown).toContain("active 2 of 50 on DEGEN (2 declared by this stack, 0 outside it)");
  });

  it("reads an activation whose only difference is the ids of strategies updated in place as unchanged", () => {
    const specs: StepSpec[] = [
      strategyUpdate(
        { ...base, name: "Alpha" },
        {
          ...base,
          name: "Alpha",
          rules: [base.rules[0], { rule: "liquidity_usd", dealbreaker: false, min: 20000 }],
        },
        ids.a,
      ),
      activationUpdate([ids.a], [UNKNOWN], ["safety"]),
    ];
    const result = render(specs, {
      account: { plan: "PRO", activeLimit: 25, strategies: strategies() },
    });
    expect(result.counts).toEqual({ Strategy: { update: 1 } });
    expect(result.markdown).toContain(`\`liquidity_usd\`: min ${n(5000)} → ${n(20000)} (tighter)`);
    expect(result.markdown).not.toContain("StrategyActivation");
    expect(result.markdown).not.toContain("### Activation");
    expect(result.markdown).not.toMatch(/becomes (in)?active|deactivates the strategies|active set/i);
  });

  it("tells an unknown id of a new strategy from one of a strategy updated in place", () => {
    const specs: StepSpec[] = [
      strategyUpdate({ ...base, name: "Alpha" }, { ...base, name: "Alpha", alertCooldownMins: 5 }, ids.a),
      { op: "create", kind: "Strategy", name: "gamma", new: { ...base, name: "Gamma" } },
      activationUpdate([ids.a], [UNKNOWN, UNKNOWN], ["safety", "gamma"]),
    ];
    const result = render(specs, { account: { plan: "PRO", activeLimit: 25, strategies: strategies() } });
    expect(result.counts.StrategyActivation).toEqual({ update: 1 });
    expect(result.markdown).toContain("- The service activates the strategies added to this set.");
    expect(result.markdown).toContain("- Becomes active (starts sending alerts): “Gamma” (new)");
    expect(result.markdown).not.toContain("becomes inactive");
    expect(result.markdown).not.toContain("deactivates");
    expect(result.markdown).toContain("active 2 of 25 on PRO (2 declared by this stack, 0 outside it)");
  });

  it("says when the headroom is unknown because no credentials were given", () => {
    expect(render(move).markdown).toContain("Plan headroom not shown");
  });
});

describe("reviewActivation", () => {
  it("has nothing to say when no activation changes", () => {
    expect(reviewActivation([])).toBeUndefined();
    expect(unchangedActivations([]).size).toBe(0);
  });
});

describe("reviewActivation: what a released strategy's activation activated", () => {
  const own = "bbbbbbbb-0000-4000-8000-000000000001";
  const theirs = "bbbbbbbb-0000-4000-8000-000000000002";
  const account = (active: boolean) => ({
    plan: "DEGEN",
    activeLimit: 50,
    strategies: [
      { id: own, name: "Own", isActive: true },
      { id: theirs, name: "Team one's", isActive: active },
    ],
  });
  const step = (op: "update" | "delete", outputs: Record<string, unknown>, exclusive = false): StepSpec => ({
    op,
    kind: "StrategyActivation",
    name: "team-two",
    id: "activation-2",
    old: { strategyIds: [own, theirs], exclusive: false },
    ...(op === "update" ? { new: { strategyIds: [own], exclusive } } : {}),
    outputs,
  });
  const recorded = { activatedIds: [own] };

  it("says a strategy leaving the set that the activation found active stays active, and counts it outside", () => {
    const result = render([step("update", recorded)], { account: account(true) });
    expect(result.markdown).toContain(
      "Stays active (this activation found it active and did not activate it: another stack, the app or a person did): “Team one's”",
    );
    expect(result.markdown).not.toContain("becomes inactive");
    expect(result.markdown).toContain(
      "The strategies removed from this set stay active: another set of this stack holds them, they are inactive already, or this activation found them active",
    );
    expect(result.markdown).toContain("active 2 of 50 on DEGEN (1 declared by this stack, 1 outside it)");
  });

  it("on a delete deactivates only what the activation activated", () => {
    const review = reviewActivation(parsePreview(digest([step("delete", recorded)])).steps, account(true));
    expect(review?.deactivated.map(String)).toEqual(["“Own”"]);
    expect(review?.foundActive.map(String)).toEqual(["“Team one's”"]);
    const markdown = render([step("delete", recorded)], { account: account(true) }).markdown;
    expect(markdown).toContain("the others (held by another set, inactive already, or found active");
  });

  it("treats a state without the record (release 0.2.0) as having activated its whole set, as the provider does", () => {
    const review = reviewActivation(parsePreview(digest([step("update", {})])).steps, account(true));
    expect(review?.deactivated.map(String)).toEqual(["“Team one's”"]);
    expect(review?.foundActive).toEqual([]);
  });

  it("says an exclusive set deactivates it all the same, and one inactive already is left alone", () => {
    const exclusive = reviewActivation(
      parsePreview(digest([step("update", recorded, true)])).steps,
      account(true),
    );
    expect(exclusive?.deactivated.map(String)).toEqual(["“Team one's”"]);
    const inactive = reviewActivation(parsePreview(digest([step("update", recorded)])).steps, account(false));
    expect(inactive?.inactiveAlready.map(String)).toEqual(["“Team one's”"]);
    expect(inactive?.foundActive).toEqual([]);
  });
});
