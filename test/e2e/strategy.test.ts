import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { ApiClient } from "../../provider/api/client";
import { stackConfig, TestEmulator } from "./emulator-fixture";
import { changeReport, PulumiProject } from "./harness";

interface StrategySpec {
  name: string;
  rules: string;
  triggers?: string;
  extra?: string;
}

function program(specs: StrategySpec[]): string {
  const resources = specs
    .map(
      (s, i) => `
const s${i} = new sa.Strategy("s${i}", {
  name: ${JSON.stringify(s.name)},
  triggers: ${s.triggers ?? '["new_token_created"]'},
  rules: ${s.rules},
  ${s.extra ?? ""}
});
export const id${i} = s${i}.strategyId;`,
    )
    .join("\n");
  return `import * as sa from "pulumi-strategy-alerts";\n${resources}\n`;
}

const RULES = `[
  { rule: "liquidity_usd", dealbreaker: true, min: 5000 },
  { rule: "is_honeypot", dealbreaker: true },
  { rule: "has_website", dealbreaker: false },
  { rule: "risk_level", dealbreaker: false, value: "medium" },
]`;
const RULES_REORDERED = `[
  { rule: "risk_level", dealbreaker: false, value: "MEDIUM" },
  { rule: "has_website", dealbreaker: false },
  { rule: "is_honeypot", dealbreaker: true },
  { rule: "liquidity_usd", dealbreaker: true, min: 5000 },
]`;

function storedRuleIds(s: {
  dealbreakers: { id: string }[];
  ruleGroups: { rules: { id: string }[] }[];
}): string[] {
  return [
    ...s.dealbreakers.map((r) => r.id),
    ...s.ruleGroups.flatMap((g) => g.rules.map((r) => r.id)),
  ].sort();
}

/** The stack's programs: created, renamed, its rule changed. */
const CREATED = program([{ name: "Momentum", rules: RULES }]);
const RENAMED = program([{ name: "Momentum v2", rules: RULES }]);
const RULE_CHANGED = program([{ name: "Momentum v2", rules: RULES.replace("min: 5000", "min: 8000") }]);

describe.runIf(inject("pulumiBinDir"))("Strategy under the real engine", () => {
  let emulator: TestEmulator;
  let project: PulumiProject;
  let client: ApiClient;
  let userId: string;

  /** The id of the stack's one strategy, as the service lists it. */
  async function liveId(): Promise<string> {
    const { strategies } = await client.strategies.list();
    expect(strategies).toHaveLength(1);
    return strategies[0]!.id;
  }

  beforeAll(async () => {
    emulator = await TestEmulator.start();
    const user = await emulator.user();
    client = user.client;
    userId = user.userId;
    project = await PulumiProject.create({
      name: "strategy",
      program: CREATED,
      config: stackConfig(emulator, user.apiKey),
    });
  });

  afterAll(async () => {
    await project?.cleanup();
    await emulator?.close();
  });

  it("creates the strategy inactive, with the stored structure of its rules", async () => {
    const up = await project.up();
    expect(up.changes.create).toBe(3); // the stack, the strategy, the account pin
    const id = (await project.outputs()).id0 as string;
    const live = await client.strategies.get(id);
    expect(live.name).toBe("Momentum");
    expect(live.isActive).toBe(false);
    expect(live.dealbreakers.map((d) => d.ruleType).sort()).toEqual(["is_honeypot", "liquidity_usd"]);
  });

  it("previews no changes right after create, even with rules reordered and an enum in another case", async () => {
    await project.ensureApplied(CREATED);
    await project.writeProgram(program([{ name: "Momentum", rules: RULES_REORDERED }]));
    const preview = await project.preview();
    expect(preview.changes).toEqual({ same: 3 });
  });

  it("does not resend rules when only the name changed", async () => {
    await project.ensureApplied(CREATED);
    const id = await liveId();
    const before = storedRuleIds(await client.strategies.get(id));
    await project.writeProgram(RENAMED);
    // The plan this up runs is the one a preview shows (the same diff of known inputs).
    const up = await project.up();
    expect(up.changes.update).toBe(1);
    const live = await client.strategies.get(id);
    expect(live.name).toBe("Momentum v2");
    // A PATCH with rules regenerates every stored rule; the same ids prove rules were not sent.
    expect(storedRuleIds(live)).toEqual(before);
  });

  it("shows a rule change as an update of rules, never a replacement, and sends the whole set", async () => {
    await project.ensureApplied(RENAMED);
    const id = await liveId();
    await project.writeProgram(RULE_CHANGED);
    const preview = await project.preview();
    expect(preview.changes.update).toBe(1);
    expect(preview.changes.replace).toBeUndefined();
    const step = preview.steps.find((s) => s.op === "update");
    expect(step?.diffs).toContain("rules");
    await project.up();
    const live = await client.strategies.get(id);
    expect(live.id).toBe(id);
    const liquidity = live.dealbreakers.find((d) => d.ruleType === "liquidity_usd");
    expect(liquidity?.value).toBe(8000);
    expect(live.dealbreakers).toHaveLength(2);
    expect(live.ruleGroups.flatMap((g) => g.rules)).toHaveLength(2);
  });

  it("refreshes with no drift, then detects a change made outside Pulumi and restores it", async () => {
    await project.ensureApplied(RULE_CHANGED);
    const id = await liveId();
    const refresh = await project.refresh();
    expect(refresh.changes.update ?? 0).toBe(0);
    expect(changeReport(await project.preview())).toEqual([]);

    // Someone edits the strategy in the app: renames it and replaces the rules.
    await client.strategies.update(id, {
      name: "edited in app",
      rules: [{ rule: "has_microblog", dealbreaker: false }],
    });
    await project.refresh();
    const drift = await project.preview();
    expect(drift.changes.update).toBe(1);
    const step = drift.steps.find((s) => s.op === "update");
    expect(step?.diffs).toEqual(expect.arrayContaining(["name", "rules"]));

    await project.up();
    const live = await client.strategies.get(id);
    expect(live.name).toBe("Momentum v2");
    expect(live.dealbreakers.map((d) => d.ruleType).sort()).toEqual(["is_honeypot", "liquidity_usd"]);
    expect((await project.preview()).changes).toEqual({ same: 3 });
  });

  it("rejects invalid rules in preview, naming the field, before any request is sent", async () => {
    await emulator.clearJournal();
    await project.writeProgram(
      program([
        { name: "Momentum v2", rules: RULES },
        { name: "Broken", rules: `[{ rule: "market_cap", dealbreaker: false, min: 500, max: 100 }]` },
      ]),
    );
    const preview = await project.preview({ allowFailure: true });
    expect(preview.code).not.toBe(0);
    const errors = preview.diagnostics
      .filter((d) => d.severity === "error")
      .map((d) => d.message)
      .join("\n");
    expect(errors).toContain("rules[0].max must be greater than min");
    const writes = (await emulator.journal(userId)).filter((r) => r.method !== "GET");
    expect(writes).toEqual([]);
  });

  it("recreates a strategy deleted outside Pulumi", async () => {
    await project.ensureApplied(RULE_CHANGED);
    const id = await liveId();
    await client.strategies.delete(id);
    await project.refresh();
    const up = await project.up();
    expect(up.changes.create).toBe(1);
    const newId = (await project.outputs()).id0 as string;
    expect(newId).not.toBe(id);
    expect(await liveId()).toBe(newId);
  });

  it("destroys every strategy the stack created", async () => {
    await project.ensureApplied(RULE_CHANGED);
    await project.destroy();
    const { strategies } = await client.strategies.list();
    expect(strategies).toEqual([]);
  });
});
