import { describe, expect, it } from "vitest";
import { strategyChanges, strategySummary } from "../../../provider/review/strategy-diff";
import { UNKNOWN } from "../../support/preview-fixtures";
import { base, render, strategyUpdate } from "./fixtures";

const noNames = { tags: {} };

describe("renderReview: strategy domain diff", () => {
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

describe("strategyChanges and strategySummary", () => {
  it("state nothing for an update that changes nothing, counting a left-out field as its default", () => {
    expect(strategyChanges(base, { ...base }, noNames)).toEqual([]);
    expect(strategyChanges(base, { ...base, strict: false, alertCooldownMins: 0 }, noNames)).toEqual([]);
  });

  it("state each changed field in the descriptor's order, the rules last", () => {
    const after = {
      ...base,
      alertCooldownMins: 0,
      strict: true,
      rules: [{ rule: "is_honeypot", dealbreaker: true }],
      triggerConfigs: { followed_dev_new_token_created: {} },
    };
    const lines = strategyChanges({ ...base, alertCooldownMins: 10 }, after, noNames);
    expect(lines.slice(0, 3)).toEqual([
      "Trigger config `followed_dev_new_token_created` set: defaults",
      "Strict mode turned on",
      "Alert cooldown: 10 minutes → none",
    ]);
    expect(lines.length).toBeGreaterThan(3);
  });

  it("summarise a new strategy: its triggers, its dealbreakers and rules, an adopted id, no default", () => {
    const lines = strategySummary(
      { ...base, adopt: "33333333-3333-4333-8333-333333333333", strict: false, triggers: [] },
      noNames,
    );
    expect(lines).toContain("Triggers: none");
    expect(lines).toContain("Adopts the existing strategy `33333333-3333-4333-8333-333333333333`");
    expect(lines.some((l) => l.startsWith("Rules (2): "))).toBe(true);
    expect(lines.some((l) => l.startsWith("Strict mode"))).toBe(false);
    expect(strategySummary({ ...base, rules: UNKNOWN }, noNames)).toContain("Rules: (known after apply)");
  });

  it("name a tag by its name when the review knows it", () => {
    const tag = "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa";
    const lines = strategySummary(
      { ...base, triggers: ["post_metadata_match"], triggerConfigs: { post_metadata_match: { tagId: tag } } },
      { tags: { [tag]: "KOL Majors" } },
    );
    expect(lines).toContain(`Trigger config \`post_metadata_match\`: tag “KOL Majors” (\`${tag}\`)`);
  });
});
