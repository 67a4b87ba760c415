import { describe, expect, it } from "vitest";
import { renderReview } from "../../../provider/index";
import { digest, eventStream, PROVIDER_CLOSURE, type StepSpec, urnOf } from "../../support/preview-fixtures";
import { base, n, render, strategyUpdate, webhookUpdate } from "./fixtures";

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

describe("renderReview: URLs quoted by diagnostics", () => {
  it("masks the URLs that errors and policy violations quote", () => {
    const slack = "https://hooks.slack.com/services/T000/B000/XXXXSECRET";
    const md = renderReview(
      digest(
        [
          webhookUpdate(
            { url: "https://api.example.org/bot123:ABCsecret/send?SECRETONLY", enabled: true },
            { url: "not a url SECRETPLAIN", enabled: true },
          ),
        ],
        [{ severity: "error", message: `webhook url ${slack} rejected; try http://[bad/x?token=SECRETQ` }],
      ),
      {
        policyViolations: [
          { policyPack: "p", policyName: "n", enforcementLevel: "advisory", message: `see ${slack}` },
        ],
      },
    ).markdown;
    expect(md).toContain("`https://hooks.slack.com/services/***/***/***`");
    expect(md).toContain("`http://***`");
    for (const leaked of ["XXXXSECRET", "SECRETQ", "T000"]) expect(md).not.toContain(leaked);
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
