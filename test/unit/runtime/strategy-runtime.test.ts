import { describe, expect, it } from "vitest";
import { canonicalRules } from "../../../provider/model/canonical";
import { rulesToStored } from "../../../provider/model/rule-mapping";
import type { Strategy } from "../../../provider/model/strategy";
import { adoptionPatch } from "../../../provider/runtime/strategy-adoption";
import { sameContent } from "../../../provider/runtime/strategy-create-once";
import { inputsFromLive } from "../../../provider/runtime/strategy-live-inputs";
import { changedFields, patchFor } from "../../../provider/runtime/strategy-patch";
import { outputsAfterPatch } from "../../../provider/runtime/strategy-patch-result";
import { tokenAgeWarnings } from "../../../provider/runtime/token-age";

const RULES = [
  { rule: "liquidity_usd", dealbreaker: true, min: 5000 },
  { rule: "has_website", dealbreaker: false },
];

function live(overrides: Partial<Strategy> = {}, rules: unknown[] = RULES): Strategy {
  let n = 0;
  const stored = rulesToStored(rules as never, { view: "list", newId: () => `id-${++n}` });
  return {
    id: "s-1",
    name: "Momentum",
    description: null,
    userId: "u-1",
    triggers: [{ id: "t-1", eventType: "new_token_created", enabled: true }],
    ...stored,
    strict: false,
    alertCooldownMins: 0,
    isActive: false,
    createdAt: "2026-11-01T00:00:00.000Z",
    updatedAt: "2026-11-01T00:00:00.000Z",
    ...overrides,
  } as Strategy;
}

describe("Strategy update planning", () => {
  const olds = { name: "Momentum", triggers: ["new_token_created"], rules: RULES, alertCooldownMins: 10 };

  it("does not resend rules when only the name changed", () => {
    expect(patchFor(olds, { ...olds, name: "Momentum v2" })).toEqual({ name: "Momentum v2" });
  });

  it("sends the whole rule set when any rule changed", () => {
    const rules = [{ ...RULES[0], min: 8000 }, RULES[1]];
    expect(patchFor(olds, { ...olds, rules })).toEqual({ rules });
  });

  it("resets an optional input removed from code to the service's default", () => {
    const { alertCooldownMins: _removed, ...news } = olds;
    expect(patchFor(olds, news)).toEqual({ alertCooldownMins: 0 });
  });

  it("sends trigger configs together with changed triggers", () => {
    const triggerConfigs = { post_metadata_match: { tagId: "all" } };
    const news = { ...olds, triggers: ["post_metadata_match"], triggerConfigs };
    expect(patchFor({ ...olds, triggerConfigs }, news)).toEqual({
      triggers: ["post_metadata_match"],
      triggerConfigs,
    });
  });

  it("never counts adopt as a change", () => {
    expect(changedFields(olds, { ...olds, adopt: "s-9" })).toEqual([]);
  });
});

describe("inputs rebuilt from the live strategy on refresh", () => {
  // Inputs in state are canonical (check made them so).
  const previous = {
    name: "Momentum",
    triggers: ["new_token_created"],
    rules: canonicalRules(RULES as never),
    retryPolicy: { type: "QUICK_RETRY", maxAttempts: 2, delayMinutes: 1 },
    strategyId: "s-1",
  };

  it("equal the declared inputs when nothing changed (no perpetual diff)", () => {
    const inputs = inputsFromLive(previous, live());
    expect(changedFields(previous, inputs)).toEqual([]);
    // Fields the API never returns are kept; outputs are not inputs.
    expect(inputs.retryPolicy).toEqual(previous.retryPolicy);
    expect(inputs.strategyId).toBeUndefined();
  });

  it("show a rule edited and a trigger disabled in the app", () => {
    const edited = live({ triggers: [{ id: "t-1", eventType: "new_token_created", enabled: false }] }, [
      RULES[1],
    ]);
    expect(changedFields(previous, inputsFromLive(previous, edited))).toEqual(["triggers", "rules"]);
  });

  it("show a default changed in the app even when the code leaves the field out", () => {
    expect(changedFields(previous, inputsFromLive(previous, live({ alertCooldownMins: 30 })))).toEqual([
      "alertCooldownMins",
    ]);
  });
});

describe("adopting an existing strategy", () => {
  const declared = {
    name: "Momentum",
    triggers: ["new_token_created"],
    rules: canonicalRules(RULES as never),
  };

  it("sends nothing when the code declares the strategy as the service holds it, rules in any order", () => {
    expect(adoptionPatch(live({ triggerConfigs: null } as never, [...RULES].reverse()), declared)).toEqual(
      {},
    );
  });

  it("sends only the fields that differ", () => {
    const patch = adoptionPatch(live({ triggerConfigs: null, alertCooldownMins: 30 } as never), {
      ...declared,
      name: "Momentum v2",
    });
    expect(patch).toEqual({ name: "Momentum v2", alertCooldownMins: 0 });
  });

  it("compares returned trigger configs, and sends declared ones the service does not return", () => {
    const configs = { post_metadata_match: { tagId: "all" } };
    const withConfigs = { ...declared, triggers: ["post_metadata_match"], triggerConfigs: configs };
    const triggers = [{ id: "t-1", eventType: "post_metadata_match", enabled: true }];
    expect(adoptionPatch(live({ triggers, triggerConfigs: configs } as never), withConfigs)).toEqual({});
    expect(adoptionPatch(live({ triggers } as never), withConfigs)).toEqual({ triggerConfigs: configs });
    // Not returned and not declared: left as the service holds it, never reset to null.
    expect(adoptionPatch(live(), declared)).toEqual({});
  });

  it("always sends a declared retryPolicy, which the service never returns", () => {
    const retryPolicy = { type: "QUICK_RETRY", maxAttempts: 3, delayMinutes: 5 };
    expect(adoptionPatch(live({ triggerConfigs: null } as never), { ...declared, retryPolicy })).toEqual({
      retryPolicy,
    });
  });
});

describe("reconciling a create whose answer was lost", () => {
  const body = {
    name: "Momentum",
    triggers: ["new_token_created" as const],
    rules: RULES as never,
    isActive: false,
  };

  it("recognises the strategy by name and canonical content", () => {
    expect(sameContent(live(), body)).toBe(true);
  });

  it("never matches on the name alone", () => {
    expect(sameContent(live({}, [RULES[1]]), body)).toBe(false);
    expect(
      sameContent(live({ triggers: [{ id: "t", eventType: "token_graduated", enabled: true }] }), body),
    ).toBe(false);
  });
});

describe("token_age thresholds from before the unit change", () => {
  it("warn when a pre-change strategy stores an hours-sized threshold", () => {
    const old = live({ createdAt: "2026-02-01T00:00:00.000Z" }, [
      { rule: "token_age", dealbreaker: true, max: 24 },
    ]);
    const [warning] = tokenAgeWarnings(old);
    expect(warning).toContain("token_age less_than 24");
    expect(warning).toContain("24 hours = 1440 minutes");
  });

  it("stay quiet for strategies created after the change or thresholds already in minutes", () => {
    expect(tokenAgeWarnings(live({}, [{ rule: "token_age", dealbreaker: true, max: 24 }]))).toEqual([]);
    expect(
      tokenAgeWarnings(
        live({ createdAt: "2026-02-01T00:00:00.000Z" }, [
          { rule: "token_age", dealbreaker: true, max: 1440 },
        ]),
      ),
    ).toEqual([]);
  });
});

describe("Strategy outputs after a PATCH (no read-back)", () => {
  const before = {
    strategyId: "s-1",
    userId: "u-1",
    dealbreakers: live().dealbreakers,
    ruleGroups: live().ruleGroups,
    isActive: true,
    createdAt: "2026-11-01T00:00:00.000Z",
    updatedAt: "2026-11-01T00:00:00.000Z",
  };

  it("takes the regenerated rule ids from the answer when the patch carried rules", () => {
    const after = live({ updatedAt: "2026-11-02T00:00:00.000Z" }, [
      { rule: "market_cap", dealbreaker: true, max: 9 },
    ]);
    const answer = {
      id: "s-1",
      name: "Momentum",
      description: null,
      isActive: true,
      dealbreakers: after.dealbreakers,
      ruleGroups: after.ruleGroups,
      updatedAt: after.updatedAt,
    };
    const result = outputsAfterPatch(before, { rules: [] }, answer);
    expect(result).toEqual({
      known: true,
      live: {
        ...before,
        dealbreakers: after.dealbreakers,
        ruleGroups: after.ruleGroups,
        updatedAt: after.updatedAt,
      },
    });
  });

  it("keeps the previous rule structures and identity when the patch left rules alone", () => {
    const answer = { id: "s-1", name: "Renamed", description: null, isActive: false };
    const result = outputsAfterPatch(before, { name: "Renamed" }, answer);
    expect(result).toEqual({ known: true, live: { ...before, isActive: false } });
  });

  it("asks for a read-back when the answer to a rules patch lacks the generated structures", () => {
    const answer = { id: "s-1", name: "Momentum", description: null, isActive: true };
    expect(outputsAfterPatch(before, { rules: [] }, answer)).toEqual({ known: false });
  });
});
