import { describe, expect, it } from "vitest";
import { renderReview } from "../../../provider/index";
import type { BacktestReport } from "../../../provider/review";
import { PreviewParseError } from "../../../provider/review";
import {
  digest,
  eventStream,
  PROVIDER_CLOSURE,
  type StepSpec,
  UNKNOWN,
  urnOf,
} from "../../support/preview-fixtures";

const n = (x: number) => x.toLocaleString("en-US");

const base = {
  name: "Safety first",
  triggers: ["new_token_created"],
  rules: [
    { rule: "is_honeypot", dealbreaker: false },
    { rule: "liquidity_usd", dealbreaker: false, min: 5000 },
  ],
};

function strategyUpdate(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  id = "11111111-1111-4111-8111-111111111111",
): StepSpec {
  return { op: "update", kind: "Strategy", name: "safety", id, old: before, new: after };
}

function render(specs: StepSpec[], context = {}) {
  return renderReview(digest(specs), context);
}

describe("renderReview: summary", () => {
  it("says No changes when the preview plans nothing but the stack", () => {
    const result = render([]);
    expect(result.markdown).toContain("No changes.");
    expect(result.hasChanges).toBe(false);
    expect(result.counts).toEqual({});
  });

  it("counts creates, updates, deletes and replacements per resource kind", () => {
    const specs: StepSpec[] = [
      { op: "create", kind: "Strategy", name: "a", new: base },
      { op: "create", kind: "Strategy", name: "b", new: { ...base, name: "B" } },
      strategyUpdate(base, { ...base, alertCooldownMins: 5 }),
      {
        op: "delete",
        kind: "FollowedDeveloper",
        name: "dev",
        id: "Dev1",
        old: { address: "Dev1", active: true },
      },
      {
        op: "replace",
        kind: "Webhook",
        name: "hook",
        id: "webhook",
        old: { url: null, enabled: true },
        new: { url: null, enabled: false },
      },
      { op: "same", kind: "DeveloperTags", name: "tags", id: "Dev1", old: { address: "Dev1", tagIds: [] } },
    ];
    const result = render(specs);
    expect(result.counts).toEqual({
      Strategy: { create: 2, update: 1 },
      FollowedDeveloper: { delete: 1 },
      Webhook: { replace: 1 },
    });
    expect(result.markdown).toContain("| Resource | create | update | delete | replace |");
    expect(result.markdown).toContain("| Strategy | 2 | 1 | 0 | 0 |");
    expect(result.markdown).toContain("| FollowedDeveloper | 0 | 0 | 1 | 0 |");
    expect(result.markdown).toContain("| Webhook | 0 | 0 | 0 | 1 |");
    expect(result.markdown).not.toContain("DeveloperTags");
  });

  it("never prints the serialized provider", () => {
    const md = render([strategyUpdate(base, { ...base, name: "Renamed" })]).markdown;
    expect(md).not.toContain("__provider");
    expect(md).not.toContain(PROVIDER_CLOSURE.slice(0, 20));
    expect(md).not.toContain("require(");
  });
});

describe("renderReview: strategy domain diff", () => {
  it("names a changed numeric threshold with old → new values", () => {
    const [before, after] = [5000, 10000];
    const md = render([
      strategyUpdate(base, {
        ...base,
        rules: [base.rules[0], { rule: "liquidity_usd", dealbreaker: false, min: after }],
      }),
    ]).markdown;
    expect(md).toContain(`\`liquidity_usd\`: min ${n(before)} → ${n(after)} (tighter)`);
  });

  it("says when a numeric bound is added or removed, and marks a looser bound", () => {
    const old = {
      ...base,
      rules: [
        { rule: "top_10_holder_percent", dealbreaker: true, max: 30 },
        { rule: "market_cap", dealbreaker: false, min: 1000, max: 90000 },
      ],
    };
    const neu = {
      ...base,
      rules: [
        { rule: "top_10_holder_percent", dealbreaker: true, max: 40, min: 1 },
        { rule: "market_cap", dealbreaker: false, min: 1000 },
      ],
    };
    const md = render([strategyUpdate(old, neu)]).markdown;
    expect(md).toContain("`top_10_holder_percent`: min 1% added");
    expect(md).toContain("`top_10_holder_percent`: max 30% → 40% (looser)");
    expect(md).toContain(`\`market_cap\`: max ${n(90000)} removed`);
  });

  it("says a rule became a dealbreaker, or stopped being one", () => {
    const old = {
      ...base,
      rules: [
        { rule: "is_honeypot", dealbreaker: false },
        { rule: "rugged", dealbreaker: true },
      ],
    };
    const neu = {
      ...base,
      rules: [
        { rule: "is_honeypot", dealbreaker: true },
        { rule: "rugged", dealbreaker: false },
      ],
    };
    const md = render([strategyUpdate(old, neu)]).markdown;
    expect(md).toContain("`is_honeypot` became a dealbreaker");
    expect(md).toContain("`rugged` is no longer a dealbreaker");
  });

  it("names disabled and re-enabled rules", () => {
    const old = {
      ...base,
      rules: [
        { rule: "has_website", dealbreaker: false },
        { rule: "holder_count", dealbreaker: false, min: 5, enabled: false },
      ],
    };
    const neu = {
      ...base,
      rules: [
        { rule: "has_website", dealbreaker: false, enabled: false },
        { rule: "holder_count", dealbreaker: false, min: 5 },
      ],
    };
    const md = render([strategyUpdate(old, neu)]).markdown;
    expect(md).toContain("`has_website` was disabled (skipped)");
    expect(md).toContain("`holder_count` was re-enabled");
  });

  it("names added and removed rules with their condition", () => {
    const neu = {
      ...base,
      rules: [
        base.rules[0],
        { rule: "holder_count", dealbreaker: false, min: 100 },
        { rule: "risk_level", dealbreaker: true, value: "medium" },
      ],
    };
    const md = render([strategyUpdate(base, neu)]).markdown;
    expect(md).toContain(`Added rule \`holder_count\`: min ${n(100)}`);
    expect(md).toContain("Added dealbreaker `risk_level`: MEDIUM or lower");
    expect(md).toContain(`Removed rule \`liquidity_usd\` (was: min ${n(5000)})`);
  });

  it("names enum value and operator changes", () => {
    const old = {
      ...base,
      rules: [
        { rule: "risk_level", dealbreaker: true, value: "HIGH" },
        { rule: "launch_platform", dealbreaker: false, value: "launch_platform_a" },
      ],
    };
    const neu = {
      ...base,
      rules: [
        { rule: "risk_level", dealbreaker: true, value: "LOW" },
        { rule: "launch_platform", dealbreaker: false, value: "launch_platform_a", operator: "not_equals" },
      ],
    };
    const md = render([strategyUpdate(old, neu)]).markdown;
    expect(md).toContain("`risk_level`: HIGH or lower → LOW only");
    expect(md).toContain("`launch_platform`: launch_platform_a → not launch_platform_a");
  });

  it("names changed fields of object rules: windows, levels, wallet types, cluster limits", () => {
    const old = {
      ...base,
      rules: [
        { rule: "volume_24h", dealbreaker: false, config: { windows: { "5m": 2000, "1h": 10000 } } },
        {
          rule: "buy_sell_ratio_window",
          dealbreaker: false,
          config: { window: "1h", buyPressure: "strong" },
        },
        {
          rule: "quality_wallet_count",
          dealbreaker: false,
          config: { minWallets: 3, walletTypes: ["kol", "smart_wallet"] },
        },
        {
          rule: "coordinated_wallet_cluster",
          dealbreaker: false,
          clusterConfig: { maxTotalHeldPct: 15, maxSingleClusterPct: 10, maxClusterRisk: "medium" },
        },
      ],
    };
    const neu = {
      ...base,
      rules: [
        {
          rule: "volume_24h",
          dealbreaker: false,
          config: { windows: { "5m": 2000, "1h": 20000, "6h": 50000 } },
        },
        {
          rule: "buy_sell_ratio_window",
          dealbreaker: false,
          config: { window: "1h", buyPressure: "aggressive" },
        },
        {
          rule: "quality_wallet_count",
          dealbreaker: false,
          config: { minWallets: 5, walletTypes: ["whale", "smart_wallet"] },
        },
        {
          rule: "coordinated_wallet_cluster",
          dealbreaker: false,
          clusterConfig: { maxTotalHeldPct: 15, maxSingleClusterPct: 10, maxClusterRisk: "low" },
        },
      ],
    };
    const md = render([strategyUpdate(old, neu)]).markdown;
    expect(md).toContain(`\`volume_24h\`: 1h window ${n(10000)} → ${n(20000)}`);
    expect(md).toContain(`\`volume_24h\`: 6h window ${n(50000)} added`);
    expect(md).toContain("`buy_sell_ratio_window`: buyPressure strong → aggressive");
    expect(md).toContain("`quality_wallet_count`: minWallets 3 → 5");
    expect(md).toContain("`quality_wallet_count`: walletTypes added whale; removed kol");
    expect(md).toContain("`coordinated_wallet_cluster`: maxClusterRisk medium → low");
    expect(md).not.toContain("5m window");
  });

  it("names trigger, trigger config, cooldown, name, description, strict and matching changes", () => {
    const tagA = "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa";
    const tagB = "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb";
    const old = {
      ...base,
      description: "Old words",
      triggers: ["microblog_mention_direct", "new_token_created"],
      triggerConfigs: { microblog_mention_direct: { tagId: tagA } },
      alertCooldownMins: 30,
    };
    const neu = {
      ...base,
      name: "Safety second",
      description: "New words",
      triggers: ["microblog_mention_direct", "token_graduated"],
      triggerConfigs: { microblog_mention_direct: { tagId: tagB } },
      alertCooldownMins: 60,
      strict: true,
      matching: { enabled: true, minPercent: 80 },
    };
    const md = render([strategyUpdate(old, neu)], {
      tagNames: { [tagA]: "KOL Majors", [tagB]: "Degen Calls" },
    }).markdown;
    expect(md).toContain("Name: “Safety first” → “Safety second”");
    expect(md).toContain("Description: “Old words” → “New words”");
    expect(md).toContain("Trigger added: `token_graduated`");
    expect(md).toContain("Trigger removed: `new_token_created`");
    expect(md).toContain(
      `Trigger config \`microblog_mention_direct\`: tag “KOL Majors” (\`${tagA}\`) → tag “Degen Calls” (\`${tagB}\`)`,
    );
    expect(md).toContain("Alert cooldown: 30 minutes → 60 minutes");
    expect(md).toContain("Strict mode turned on");
    expect(md).toContain("Matching: off (every group must pass) → at least 80% of the rules");
  });

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

  it("shows values known only after apply as such", () => {
    const neu = {
      ...base,
      triggers: ["followed_dev_new_token_created"],
      triggerConfigs: { followed_dev_new_token_created: { scope: "wallet", developerAddress: UNKNOWN } },
    };
    const md = render([{ op: "create", kind: "Strategy", name: "dev", new: neu }]).markdown;
    expect(md).toContain("scope wallet, developer (known after apply)");
    expect(md).not.toContain(UNKNOWN);
  });
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
    {
      op: "update",
      kind: "StrategyActivation",
      name: "active",
      id: "activation-1",
      old: { strategyIds: [ids.a], exclusive: false },
      new: { strategyIds: [ids.b, UNKNOWN], exclusive: false },
      deps: { strategyIds: [urnOf("Strategy", "beta"), urnOf("Strategy", "gamma")] },
    },
  ];

  it("names the strategies that become active (new ones too) and inactive, with the plan headroom", () => {
    const outside = Array.from({ length: 21 }, (_, i) => ({
      id: `out-${i}`,
      name: `Outside ${i}`,
      isActive: true,
    }));
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
    const outside = Array.from({ length: 24 }, (_, i) => ({
      id: `out-${i}`,
      name: `Outside ${i}`,
      isActive: true,
    }));
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
      "- ⚠️ **Warning:** `exclusive`: every other active strategy of the account is deactivated (stops sending alerts), made in the app or not: “Manual”",
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
      {
        op: "update",
        kind: "StrategyActivation",
        name: "active",
        id: "activation-1",
        old: { strategyIds: [ids.a], exclusive: false },
        new: { strategyIds: [UNKNOWN], exclusive: false },
        deps: { strategyIds: [urnOf("Strategy", "safety")] },
      },
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
      {
        op: "update",
        kind: "StrategyActivation",
        name: "active",
        id: "activation-1",
        old: { strategyIds: [ids.a], exclusive: false },
        new: { strategyIds: [UNKNOWN, UNKNOWN], exclusive: false },
        deps: { strategyIds: [urnOf("Strategy", "safety"), urnOf("Strategy", "gamma")] },
      },
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

describe("renderReview: webhook, developers and tags", () => {
  const secret = "whsec_0123456789abcdef";

  it("shows a webhook URL change without credentials, query values or the signing secret", () => {
    const md = render([
      {
        op: "update",
        kind: "Webhook",
        name: "hook",
        id: "webhook",
        old: { url: "https://user:pass@old.example/a?token=abc", enabled: true, requireVerified: true },
        new: {
          url: "https://new.example/alerts?key=zzz&x=1",
          enabled: true,
          requireVerified: true,
          rotation: "2",
        },
        outputs: { secret, hasSecret: true },
      },
    ]).markdown;
    expect(md).toContain("Webhook URL: `https://***@old.example/a?***` → `https://new.example/alerts?***`");
    expect(md).toContain("Signing secret rotation requested");
    for (const leaked of [secret, "pass", "abc", "zzz"]) expect(md).not.toContain(leaked);
  });

  it("masks path tokens, bare query keys and URLs in errors, and never prints a URL that does not parse", () => {
    const slack = "https://hooks.slack.com/services/T000/B000/XXXXSECRET";
    const md = renderReview(
      digest(
        [
          {
            op: "update",
            kind: "Webhook",
            name: "hook",
            id: "webhook",
            old: { url: "https://api.example.org/bot123:ABCsecret/send?SECRETONLY", enabled: true },
            new: { url: "not a url SECRETPLAIN", enabled: true },
          },
        ],
        [{ severity: "error", message: `webhook url ${slack} rejected; try http://[bad/x?token=SECRETQ` }],
      ),
      {
        policyViolations: [
          { policyPack: "p", policyName: "n", enforcementLevel: "advisory", message: `see ${slack}` },
        ],
      },
    ).markdown;
    expect(md).toContain("Webhook URL: `https://api.example.org/***/send?***` → (not a valid URL)");
    expect(md).toContain("`https://hooks.slack.com/services/***/***/***`");
    expect(md).toContain("`http://***`");
    for (const leaked of ["ABCsecret", "SECRETONLY", "SECRETPLAIN", "XXXXSECRET", "SECRETQ", "T000"])
      expect(md).not.toContain(leaked);
  });

  it("describes following, changing and unfollowing developers", () => {
    const md = render([
      {
        op: "create",
        kind: "FollowedDeveloper",
        name: "d1",
        new: { address: "Dev1Addr", alias: "launcher", active: true },
      },
      {
        op: "update",
        kind: "FollowedDeveloper",
        name: "d2",
        id: "Dev2Addr",
        old: { address: "Dev2Addr", alias: "a", active: true },
        new: { address: "Dev2Addr", alias: "b", active: false },
      },
      {
        op: "delete",
        kind: "FollowedDeveloper",
        name: "d3",
        id: "Dev3Addr",
        old: { address: "Dev3Addr", active: true },
      },
    ]).markdown;
    expect(md).toContain("Follow developer `Dev1Addr` as “launcher”");
    expect(md).toContain("Alias of `Dev2Addr`: “a” → “b”");
    expect(md).toContain("Developer `Dev2Addr` paused (inactive)");
    expect(md).toContain(
      "- ⚠️ **Warning:** the service deactivates `Dev3Addr` (the API cannot unfollow: it stays in the followed list, inactive, alias kept).",
    );
    expect(md).toContain(
      "- ⚠️ **Warning:** the service deactivates `Dev2Addr`: it stays in the followed list, inactive.",
    );
    expect(md).not.toMatch(/unfollow developer/i);
  });

  it("names developer tags added and removed", () => {
    const t = {
      trusted: "cccccccc-cccc-4ccc-8ccc-cccccccccccc",
      watch: "dddddddd-dddd-4ddd-8ddd-dddddddddddd",
    };
    const md = render(
      [
        {
          op: "update",
          kind: "DeveloperTags",
          name: "tags",
          id: "Dev1Addr",
          old: { address: "Dev1Addr", tagIds: [t.trusted] },
          new: { address: "Dev1Addr", tagIds: [t.watch] },
        },
      ],
      { tagNames: { [t.trusted]: "Trusted", [t.watch]: "Watchlist" } },
    ).markdown;
    expect(md).toContain(`Tags added to \`Dev1Addr\`: “Watchlist” (\`${t.watch}\`)`);
    expect(md).toContain(`Tags removed from \`Dev1Addr\`: “Trusted” (\`${t.trusted}\`)`);
  });
});

describe("renderReview: creates, deletes and replacements of every kind", () => {
  it("describes each kind when it is created, deleted or replaced", () => {
    const tag = "eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee";
    const md = render([
      {
        op: "replace",
        kind: "Strategy",
        name: "safety",
        id: "33333333-3333-4333-8333-333333333333",
        old: base,
        new: { ...base, alertCooldownMins: 10 },
      },
      {
        op: "create",
        kind: "Webhook",
        name: "hook",
        new: { url: "https://hooks.example/a", enabled: true, requireVerified: true },
      },
      { op: "create", kind: "DeveloperTags", name: "t1", new: { address: "Dev9", tagIds: [tag] } },
      {
        op: "delete",
        kind: "DeveloperTags",
        name: "t2",
        id: "Dev8",
        old: { address: "Dev8", tagIds: [tag] },
      },
      {
        op: "create",
        kind: "StrategyActivation",
        name: "active",
        new: { strategyIds: ["44444444-4444-4444-8444-444444444444"], exclusive: false },
      },
      { op: "create", kind: "random:index/randomId:RandomId", name: "salt", new: { byteLength: 4 } },
    ]).markdown;
    expect(md).toContain("#### “Safety first” (`safety`): replaced");
    expect(md).toContain("Alert cooldown: none → 10 minutes");
    expect(md).toContain("Webhook set to `https://hooks.example/a`, enabled");
    expect(md).toContain(`Tags added to \`Dev9\`: \`${tag}\``);
    expect(md).toContain(
      "- ⚠️ **Warning:** the service removes every tag of `Dev8` (the developer stays followed, without tags).",
    );
    expect(md).not.toContain("no longer managed");
    expect(md).toContain(
      "- ⚠️ **Warning:** the service creates a new strategy (a new id, inactive) and deletes the old one from the account",
    );
    expect(md).not.toContain("takes the existing strategy over");
    expect(md).toContain("Becomes active (starts sending alerts): `44444444-4444-4444-8444-444444444444`");
    expect(md).toContain("### Other resources");
    expect(md).toContain("- Create `random:index/randomId:RandomId` `salt`");
  });
});

describe("renderReview: policy violations, diagnostics and inputs", () => {
  const violation = {
    resourceUrn: urnOf("Strategy", "safety"),
    message: 'Strategy "Safety first" has no dealbreaker',
    color: "never",
    policyName: "strategy-has-dealbreaker",
    policyPackName: "strategy-guardrails",
    policyPackVersion: "0.1.0",
    policyPackVersionTag: "0.1.0",
    enforcementLevel: "mandatory",
  };

  it("reports policy violations found in the engine event stream", () => {
    const result = renderReview(
      eventStream([strategyUpdate(base, { ...base, alertCooldownMins: 5 })], [violation]),
    );
    expect(result.markdown).toContain("### Policy violations");
    expect(result.markdown).toContain(
      "**mandatory** `strategy-guardrails/strategy-has-dealbreaker` on `safety`",
    );
    expect(result.markdown).toContain("Alert cooldown: none → 5 minutes");
  });

  it("adds policy violations from an event log to a digest, and shows preview errors", () => {
    const md = renderReview(
      digest(
        [],
        [
          {
            urn: urnOf("StrategyActivation", "active"),
            message: "too many active strategies",
            severity: "error",
          },
        ],
      ),
      {
        policyViolations: [
          {
            policyPack: "guardrails",
            policyName: "cooldown",
            enforcementLevel: "advisory",
            message: "cooldown below 5 minutes",
          },
        ],
      },
    ).markdown;
    expect(md).toContain("**advisory** `guardrails/cooldown`: cooldown below 5 minutes");
    expect(md).toContain("**error** (`active`): too many active strategies");
    expect(md).toContain("**The preview failed** with 1 error");
    expect(md).toContain("No changes were planned before the preview failed.");
    expect(md).not.toContain("No changes.");
  });

  it("cuts a preview error that quotes a huge value, and lists at most thirty errors", () => {
    const huge = {
      urn: urnOf("Strategy", "huge"),
      message: `error: property name value {${"n".repeat(100_000)}} has a problem`,
      severity: "error",
    };
    const others = Array.from({ length: 40 }, (_, i) => ({
      urn: urnOf("Strategy", `s${i}`),
      message: `problem ${i}`,
      severity: "error",
    }));
    const md = renderReview(digest([], [huge, ...others])).markdown;
    expect(md.length).toBeLessThan(10_000);
    expect(md).toMatch(/cut: 100036 characters/);
    expect(md).toContain("problem 28");
    expect(md).not.toContain("problem 29");
    expect(md).toContain("and 11 more errors and warnings (see the preview's log)");
  });

  it("rejects input that is not a preview, saying what was expected", () => {
    expect(() => renderReview("")).toThrow(PreviewParseError);
    expect(() => renderReview("hello")).toThrow(/pulumi preview --json/);
    expect(() => renderReview(JSON.stringify({ steps: "no", changeSummary: {} }))).toThrow(/steps/);
  });

  it("labels a drift check", () => {
    const drifted = renderReview(digest([strategyUpdate(base, { ...base, alertCooldownMins: 5 })]), {
      mode: "drift",
    });
    expect(drifted.markdown).toContain("## Strategy alerts drift check");
    expect(drifted.markdown).toContain("**Drift found:**");
    expect(renderReview(digest([]), { mode: "drift" }).markdown).toContain("No drift");
    const gone = renderReview(digest([{ op: "create", kind: "Strategy", name: "safety", new: base }]), {
      mode: "drift",
    });
    expect(gone.markdown).toContain(
      "#### “Safety first” (`safety`): missing from the account (deleted in the app?)",
    );
  });
});

describe("renderReview: backtests and size", () => {
  const report: BacktestReport = {
    from: "2026-11-20T00:00:00.000Z",
    to: "2026-11-26T00:00:00.000Z",
    threshold: 2,
    strategies: [
      {
        strategy: "Safety first",
        status: "measured",
        before: { tested: 120, positives: 40, precision: 0.25, recall: 0.5, f1: 1 / 3 },
        after: { tested: 120, positives: 20, precision: 0.4, recall: 0.4, f1: 0.4 },
        newlyMatched: [],
        newlyMissed: [{ tokenAddress: "TokMissed1", currentMultiple: 3.5, winner: true }],
        newlyMatchedTotal: 0,
        newlyMissedTotal: 1,
        reusedCurrentJob: true,
      },
      {
        strategy: "Fresh",
        status: "unmeasured",
        reason: "the daily backtest quota does not cover it",
        newlyMatched: [],
        newlyMissed: [],
        newlyMatchedTotal: 0,
        newlyMissedTotal: 0,
      },
    ],
    temporaryStrategies: [{ name: "[review-tmp abc123] Safety first", deleted: true }],
    jobsCreated: 1,
    dailyQuota: 25,
  };

  it("shows metrics before → after, the tokens that changed, what was not measured and the temporary strategies", () => {
    const md = render([], { backtests: report }).markdown;
    expect(md).toContain(
      "Window 2026-11-20 00:00 – 2026-11-26 00:00 UTC (hourly snapshots); a winner reaches 2×",
    );
    expect(md).toContain("| “Safety first” | 120 | 40 → 20 | 25% → 40% | 50% → 40% | 33.3% → 40% |");
    expect(md).toContain("no longer matches 1 token: `TokMissed1` 3.5× (winner)");
    expect(md).toContain("“Fresh” was **not measured**: the daily backtest quota does not cover it");
    expect(md).toContain("reused today's completed job of the current version for 1 strategy");
    expect(md).toContain("1 temporary inactive strategy made for this review");
    expect(md).toContain("each was deleted afterwards");
  });

  it("says when no strategy changes what it matches", () => {
    const md = render([], {
      backtests: { ...report, strategies: [], temporaryStrategies: [], jobsCreated: 0 },
    }).markdown;
    expect(md).toContain("nothing to backtest");
    expect(md).not.toContain("| Strategy | tested |");
  });

  it("stays under GitHub's comment limit and says what was shortened", () => {
    const rules = (k: number) =>
      Array.from({ length: 40 }, (_, i) => ({
        rule: "liquidity_usd",
        dealbreaker: false,
        min: 1000 * (i + 1) + k,
      }));
    const specs: StepSpec[] = Array.from({ length: 60 }, (_, i) => ({
      op: "update",
      kind: "Strategy",
      name: `s${i}`,
      id: `id-${i}`,
      old: { ...base, name: `Strategy number ${i} ${"x".repeat(150)}`, rules: rules(0) },
      new: { ...base, name: `Strategy number ${i} ${"x".repeat(150)}`, rules: rules(7) },
    }));
    const full = render(specs, { maxLength: 10_000_000 });
    expect(full.markdown.length).toBeGreaterThan(65_536);
    expect(full.shortened).toEqual([]);
    const result = render(specs);
    expect(result.markdown.length).toBeLessThan(65_536);
    expect(result.shortened.length).toBeGreaterThan(0);
    expect(result.markdown).toContain("**Shortened** to fit GitHub's 65,536-character comment limit");
    // The summary and the first strategy stay whole.
    expect(result.markdown).toContain("| Strategy | 60 |");
    expect(result.shortened[0]).toMatch(/^the change lists of \d+ strategies /);
    expect(result.markdown).toContain(`\`liquidity_usd\`: min ${n(1000)} → ${n(1007)}`);
  });
});
