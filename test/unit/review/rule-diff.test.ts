import { describe, expect, it } from "vitest";
import { describeCondition, ruleChanges } from "../../../provider/review/rule-diff";
import { base, n, render, strategyUpdate } from "./fixtures";

/** The review of the strategy's update from the rules `before` to `after`, its other fields kept. */
const reviewOfRules = (before: unknown[], after: unknown[]) =>
  render([strategyUpdate({ ...base, rules: before }, { ...base, rules: after })]).markdown;

describe("renderReview: strategy domain diff", () => {
  it("names a changed numeric threshold with old → new values", () => {
    const [before, after] = [5000, 10000];
    const md = reviewOfRules(base.rules, [
      base.rules[0],
      { rule: "liquidity_usd", dealbreaker: false, min: after },
    ]);
    expect(md).toContain(`\`liquidity_usd\`: min ${n(before)} → ${n(after)} (tighter)`);
  });

  it("says when a numeric bound is added or removed, and marks a looser bound", () => {
    const md = reviewOfRules(
      [
        { rule: "top_10_holder_percent", dealbreaker: true, max: 30 },
        { rule: "market_cap", dealbreaker: false, min: 1000, max: 90000 },
      ],
      [
        { rule: "top_10_holder_percent", dealbreaker: true, max: 40, min: 1 },
        { rule: "market_cap", dealbreaker: false, min: 1000 },
      ],
    );
    expect(md).toContain("`top_10_holder_percent`: min 1% added");
    expect(md).toContain("`top_10_holder_percent`: max 30% → 40% (looser)");
    expect(md).toContain(`\`market_cap\`: max ${n(90000)} removed`);
  });

  it("says a rule became a dealbreaker, or stopped being one", () => {
    const md = reviewOfRules(
      [
        { rule: "is_honeypot", dealbreaker: false },
        { rule: "rugged", dealbreaker: true },
      ],
      [
        { rule: "is_honeypot", dealbreaker: true },
        { rule: "rugged", dealbreaker: false },
      ],
    );
    expect(md).toContain("`is_honeypot` became a dealbreaker");
    expect(md).toContain("`rugged` is no longer a dealbreaker");
  });

  it("names disabled and re-enabled rules", () => {
    const md = reviewOfRules(
      [
        { rule: "has_website", dealbreaker: false },
        { rule: "holder_count", dealbreaker: false, min: 5, enabled: false },
      ],
      [
        { rule: "has_website", dealbreaker: false, enabled: false },
        { rule: "holder_count", dealbreaker: false, min: 5 },
      ],
    );
    expect(md).toContain("`has_website` was disabled (skipped)");
    expect(md).toContain("`holder_count` was re-enabled");
  });

  it("names added and removed rules with their condition", () => {
    const md = reviewOfRules(base.rules, [
      base.rules[0],
      { rule: "holder_count", dealbreaker: false, min: 100 },
      { rule: "risk_level", dealbreaker: true, value: "medium" },
    ]);
    expect(md).toContain(`Added rule \`holder_count\`: min ${n(100)}`);
    expect(md).toContain("Added dealbreaker `risk_level`: MEDIUM or lower");
    expect(md).toContain(`Removed rule \`liquidity_usd\` (was: min ${n(5000)})`);
  });

  it("names enum value and operator changes", () => {
    const md = reviewOfRules(
      [
        { rule: "risk_level", dealbreaker: true, value: "HIGH" },
        { rule: "launch_platform", dealbreaker: false, value: "launch_platform_a" },
      ],
      [
        { rule: "risk_level", dealbreaker: true, value: "LOW" },
        { rule: "launch_platform", dealbreaker: false, value: "launch_platform_a", operator: "not_equals" },
      ],
    );
    expect(md).toContain("`risk_level`: HIGH or lower → LOW only");
    expect(md).toContain("`launch_platform`: launch_platform_a → not launch_platform_a");
  });

  it("names changed fields of object rules: windows, levels, wallet types, cluster limits", () => {
    // One of each object rule; only the values in `changes` differ between the versions.
    const objectRules = (changes: {
      windows: Record<string, number>;
      buyPressure: string;
      minWallets: number;
      walletTypes: string[];
      maxClusterRisk: string;
    }) => [
      { rule: "volume_24h", dealbreaker: false, config: { windows: changes.windows } },
      {
        rule: "buy_sell_ratio_window",
        dealbreaker: false,
        config: { window: "1h", buyPressure: changes.buyPressure },
      },
      {
        rule: "quality_wallet_count",
        dealbreaker: false,
        config: { minWallets: changes.minWallets, walletTypes: changes.walletTypes },
      },
      {
        rule: "coordinated_wallet_cluster",
        dealbreaker: false,
        clusterConfig: {
          maxTotalHeldPct: 15,
          maxSingleClusterPct: 10,
          maxClusterRisk: changes.maxClusterRisk,
        },
      },
    ];
    const old = objectRules({
      windows: { "5m": 2000, "1h": 10000 },
      buyPressure: "strong",
      minWallets: 3,
      walletTypes: ["kol", "smart_wallet"],
      maxClusterRisk: "medium",
    });
    const neu = objectRules({
      windows: { "5m": 2000, "1h": 20000, "6h": 50000 },
      buyPressure: "aggressive",
      minWallets: 5,
      walletTypes: ["whale", "smart_wallet"],
      maxClusterRisk: "low",
    });
    const md = reviewOfRules(old, neu);
    expect(md).toContain(`\`volume_24h\`: 1h window ${n(10000)} → ${n(20000)}`);
    expect(md).toContain(`\`volume_24h\`: 6h window ${n(50000)} added`);
    expect(md).toContain("`buy_sell_ratio_window`: buyPressure strong → aggressive");
    expect(md).toContain("`quality_wallet_count`: minWallets 3 → 5");
    expect(md).toContain("`quality_wallet_count`: walletTypes added whale; removed kol");
    expect(md).toContain("`coordinated_wallet_cluster`: maxClusterRisk medium → low");
    expect(md).not.toContain("5m window");
  });
});

describe("rule changes in words", () => {
  it("describes a rule's condition without its id", () => {
    expect(String(describeCondition({ rule: "liquidity_usd", min: 5000, dealbreaker: false }))).toContain(
      "min",
    );
    expect(String(describeCondition({ rule: "liquidity_usd", dealbreaker: false }))).toBe("no bound");
    expect(String(describeCondition({ rule: "liquidity_usd", min: 1, enabled: false }))).toContain(
      "(disabled: skipped)",
    );
  });

  it("finds nothing in a reordering, and says the rules are known only after apply", () => {
    const rules = [
      { rule: "is_honeypot", dealbreaker: true },
      { rule: "liquidity_usd", dealbreaker: false, min: 5000 },
    ];
    expect(ruleChanges(rules, [...rules].reverse())).toEqual([]);
    expect(ruleChanges(rules, [rules[0]])).toHaveLength(1);
    expect(String(ruleChanges(rules, "04da6b54-80e4-46f7-96ec-b56ff0331ba9")[0])).toBe(
      "Rules: (known after apply)",
    );
  });
});
