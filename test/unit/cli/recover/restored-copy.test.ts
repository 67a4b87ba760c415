import { describe, expect, it } from "vitest";
import { createdSinceCopy, restoredReport } from "../../../../cli/recover/restored-copy";
import type { Settlement, Visible } from "../../../../cli/recover/settle";
import type { PendingCreate } from "../../../../cli/recover/stack-state";
import type { Strategy } from "../../../../provider/model/strategy";
import { SERVICE_CLOCK_ALLOWANCE_MS } from "../../../../provider/runtime/strategy-create-once";

/** The copy recover restored was written at 10:00. */
const WRITTEN = new Date("2026-11-27T10:00:00.000Z");

function live(id: string, createdAt: string, fields: Partial<Strategy> = {}): Strategy {
  return {
    id,
    name: `strategy ${id}`,
    userId: "acct",
    createdAt,
    updatedAt: createdAt,
    ...fields,
  } as Strategy;
}

const at = (offsetMs: number) => new Date(WRITTEN.getTime() + offsetMs).toISOString();
const NOTHING: Visible = { held: [], pendingElsewhere: [], unreadable: [] };

function held(stack: string, ...ids: string[]): Visible {
  return { ...NOTHING, held: ids.map((id) => ({ kind: "Strategy" as const, id, stack })) };
}

function imported(id: string): Settlement {
  const create: PendingCreate = {
    urn: `urn:pulumi:dev::p::strategy-alerts:index:Strategy::${id}`,
    kind: "Strategy",
    inputs: {},
  };
  return { create, action: "import", id, why: "test" };
}

describe("createdSinceCopy: what a checkpoint restored from an older copy cannot vouch for", () => {
  it("lists the strategies created since the copy was written that no stack holds, oldest first", () => {
    const strategies = [live("late", at(120_000)), live("early", at(5_000)), live("before", at(-3_600_000))];
    expect(createdSinceCopy(WRITTEN, strategies, NOTHING, []).map((s) => s.id)).toEqual(["early", "late"]);
  });

  it("allows the service's clock to run behind by the allowance, and no more", () => {
    const strategies = [
      live("within", at(-SERVICE_CLOCK_ALLOWANCE_MS)),
      live("beyond", at(-SERVICE_CLOCK_ALLOWANCE_MS - 1)),
    ];
    expect(createdSinceCopy(WRITTEN, strategies, NOTHING, []).map((s) => s.id)).toEqual(["within"]);
  });

  it("leaves out what a stack holds: the restored state itself and every other stack read", () => {
    const strategies = [live("ours", at(1_000)), live("theirs", at(2_000)), live("nobody's", at(3_000))];
    const visible: Visible = {
      ...NOTHING,
      held: [...held("this stack", "ours").held, ...held("org/other/prod", "theirs").held],
    };
    expect(createdSinceCopy(WRITTEN, strategies, visible, []).map((s) => s.id)).toEqual(["nobody's"]);
  });

  it("leaves out what this run imports for a pending create of the restored state", () => {
    const strategies = [live("settled", at(1_000)), live("lost", at(2_000))];
    expect(createdSinceCopy(WRITTEN, strategies, NOTHING, [imported("settled")]).map((s) => s.id)).toEqual([
      "lost",
    ]);
  });

  it("counts a strategy whose creation time does not read as recent, and never an official one", () => {
    const strategies = [live("unknown", "not a time"), live("official", at(1_000), { isGlobal: true })];
    expect(createdSinceCopy(WRITTEN, strategies, NOTHING, []).map((s) => s.id)).toEqual(["unknown"]);
  });
});

describe("restoredReport", () => {
  const restored = { from: "/state/.pulumi/backups/p/dev/dev.1.json", writtenAt: WRITTEN };

  it("names the copy and its time, lists each strategy to adopt or delete, and never says the next up is safe", () => {
    const report = restoredReport(restored, [live("s-9", at(5_000))], []);
    expect(report.proven).toBe(false);
    expect(report.lines[0]).toBe(
      "The stack's state is now the copy /state/.pulumi/backups/p/dev/dev.1.json, written 2026-11-27T10:00:00.000Z: " +
        "what the interrupted update did after that was recorded only in the lost checkpoint.",
    );
    expect(report.lines[1]).toBe(
      'Strategy s-9 "strategy s-9" (created 2026-11-27T10:00:05.000Z), held by no stack: may have been created by the ' +
        'lost part of the update: adopt it (adopt: "s-9" on the resource) or delete it before the next `pulumi up`.',
    );
    expect(report.final).toContain("the next `pulumi up` may create again the strategy listed above");
    expect(report.final).not.toContain("creates only what does not exist");
  });

  it("says the next up creates only what does not exist when nothing is listed", () => {
    const report = restoredReport(restored, [], []);
    expect(report.proven).toBe(true);
    expect(report.lines).toHaveLength(1);
    expect(report.final).toMatch(
      /^Recovered: no strategy was created since 2026-11-27T10:00:00\.000Z that no stack holds, so the next `pulumi up` creates only what does not exist yet/,
    );
  });

  it("does not vouch for accounts the key cannot read", () => {
    const report = restoredReport(restored, [], ["acct-2"]);
    expect(report.proven).toBe(false);
    expect(report.lines[1]).toContain("The stack also manages account acct-2");
    expect(report.final).not.toContain("creates only what does not exist");
  });
});
