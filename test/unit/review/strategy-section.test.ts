import { describe, expect, it } from "vitest";
import { parsePreview } from "../../../provider/review/preview-json";
import { strategyBlocks } from "../../../provider/review/strategy-section";
import { digest } from "../../support/preview-fixtures";
import { base, n, render, strategyUpdate } from "./fixtures";

describe("renderReview: strategy domain diff", () => {
  it("never shows a pure reordering of rules, triggers or wallet types", () => {
    const old = {
      ...base,
      triggers: ["new_token_created", "token_graduated"],
      rules: [
        { rule: "liquidity_usd", dealbreaker: false, min: 5000 },
        { rule: "is_honeypot", dealbreaker: false },
        {
          rule: "quality_wallet_count",
          dealbreaker: false,
          config: { minWallets: 3, walletTypes: ["kol", "smart_wallet"] },
        },
      ],
    };
    const neu = {
      ...base,
      triggers: ["token_graduated", "new_token_created"],
      rules: [
        {
          rule: "quality_wallet_count",
          dealbreaker: false,
          config: { walletTypes: ["smart_wallet", "kol"], minWallets: 3 },
        },
        { rule: "is_honeypot", dealbreaker: false, enabled: true },
        { rule: "liquidity_usd", dealbreaker: false, min: 5000 },
      ],
    };
    const md = render([strategyUpdate(old, neu)]).markdown;
    expect(md).toContain("No domain change");
    expect(md).not.toMatch(/Added|Removed|→|Trigger/);
  });

  it("describes a new strategy in full and a deleted one by name", () => {
    const neu = {
      ...base,
      name: "Fresh",
      rules: [
        { rule: "is_honeypot", dealbreaker: true },
        { rule: "market_cap", dealbreaker: false, max: 50000 },
      ],
      alertCooldownMins: 15,
    };
    const md = render([
      { op: "create", kind: "Strategy", name: "fresh", new: neu },
      {
        op: "delete",
        kind: "Strategy",
        name: "old",
        id: "22222222-2222-4222-8222-222222222222",
        old: { ...base, name: "Old one" },
      },
    ]).markdown;
    expect(md).toContain("#### “Fresh” (`fresh`): new strategy");
    expect(md).toContain("Triggers: `new_token_created`");
    expect(md).toContain("Dealbreakers (1): `is_honeypot` must be false");
    expect(md).toContain(`Rules (1): \`market_cap\` max ${n(50000)}`);
    expect(md).toContain("Alert cooldown: 15 minutes");
    expect(md).toContain("#### “Old one” (`old`): deleted");
    expect(md).toContain(
      "#### “Old one” (`old`): deleted\n\n- ⚠️ **Warning:** the service deletes the strategy from the account: its alerts stop for good.\n",
    );
    expect(md).toContain(`Its ${base.rules.length} rules go with it.`);
    expect(md).toContain(
      "#### “Fresh” (`fresh`): new strategy\n\n- The service creates the strategy, inactive: it sends no alerts until a StrategyActivation activates it.\n",
    );
  });
});

describe("strategyBlocks", () => {
  it("writes no section without a strategy step, and a heading then one block per strategy", () => {
    expect(strategyBlocks([], { tags: {} }, false)).toEqual([]);
    const { steps } = parsePreview(digest([{ op: "create", kind: "Strategy", name: "safety", new: base }]));
    const blocks = strategyBlocks(
      steps.filter((s) => s.kind === "Strategy"),
      { tags: {} },
      false,
    );
    expect(blocks).toHaveLength(2);
    expect(blocks[1]?.strategy?.name).toBe("Safety first");
    expect(blocks[1]?.full[0]).toMatch(/^#### “Safety first” \(`safety`\): /);
  });
});
