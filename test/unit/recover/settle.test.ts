import { describe, expect, it } from "vitest";
import { settle } from "../../../cli/recover/settle";
import type { PendingCreate } from "../../../cli/recover/stack-state";
import type { Strategy } from "../../../provider/model/strategy";

const RULES = [{ rule: "liquidity_usd", dealbreaker: false, min: 5000 }];

function live(id: string, name: string, createdAt: string, fields: Partial<Strategy> = {}): Strategy {
  return {
    id,
    name,
    description: null,
    userId: "u1",
    triggers: [{ id: "t1", eventType: "new_token_created", enabled: true }],
    dealbreakers: [],
    ruleGroups: [
      {
        id: "market",
        name: "Market",
        logic: "AND",
        rules: [
          { id: "r1", ruleType: "liquidity_usd", operator: "greater_than", value: 5000, enabled: true },
        ],
      },
    ],
    strict: false,
    alertCooldownMins: 0,
    isActive: false,
    createdAt,
    updatedAt: createdAt,
    ...fields,
  } as Strategy;
}

function pending(name: string, kind: PendingCreate["kind"] = "Strategy"): PendingCreate {
  return {
    urn: `urn:pulumi:dev::p::pulumi-nodejs:dynamic/strategy-alerts:${kind}::${name}`,
    kind,
    inputs: { __provider: "shell", name, triggers: ["new_token_created"], rules: RULES },
  };
}

const SINCE = Date.parse("2026-11-27T10:00:00Z");

describe("settling a killed run's pending creates", () => {
  it("imports the one twin created since the update began and held by no stack", () => {
    const [s] = settle([pending("Alpha")], {
      id: "acct",
      strategies: [live("new", "Alpha", "2026-11-27T10:01:00Z")],
      held: new Set(),
      since: SINCE,
    });
    expect(s).toMatchObject({ action: "import", id: "new" });
  });

  it("never takes a twin another stack holds, nor one made before the update began", () => {
    const [s] = settle([pending("Alpha")], {
      id: "acct",
      strategies: [
        live("other-stack", "Alpha", "2026-11-27T10:01:00Z"),
        live("yesterday", "Alpha", "2026-11-26T10:00:00Z"),
      ],
      held: new Set(["other-stack"]),
      since: SINCE,
    });
    expect(s).toMatchObject({ action: "clear" });
  });

  it("never matches on the name alone", () => {
    const namesake = live("app", "Alpha", "2026-11-27T10:01:00Z", { description: "made in the app" });
    const [s] = settle([pending("Alpha")], {
      id: "acct",
      strategies: [namesake],
      held: new Set(),
      since: SINCE,
    });
    expect(s).toMatchObject({ action: "clear" });
  });

  it("refuses to choose between several twins, and between two creates sharing one twin", () => {
    const twins = [live("a", "Alpha", "2026-11-27T10:01:00Z"), live("b", "Alpha", "2026-11-27T10:02:00Z")];
    expect(
      settle([pending("Alpha")], { id: "acct", strategies: twins, held: new Set(), since: SINCE })[0],
    ).toMatchObject({
      action: "ambiguous",
      ids: ["a", "b"],
    });
    const shared = settle([pending("Alpha"), { ...pending("Alpha"), urn: "urn:…::Alpha-2" }], {
      id: "acct",
      strategies: [twins[0]!],
      held: new Set(),
      since: SINCE,
    });
    expect(shared.map((s) => s.action)).toEqual(["ambiguous", "ambiguous"]);
  });

  it("imports an interrupted adoption by the id it adopts", () => {
    const create = { ...pending("Alpha"), inputs: { ...pending("Alpha").inputs, adopt: "adopted-id" } };
    expect(settle([create], { id: "acct", strategies: [], held: new Set(), since: SINCE })[0]).toMatchObject({
      action: "import",
      id: "adopted-id",
    });
  });

  it.each(["StrategyActivation", "Webhook", "FollowedDeveloper", "DeveloperTags"] as const)(
    "clears a %s create: it is safe to repeat",
    (kind) => {
      const [s] = settle([pending("x", kind)], { id: "acct", strategies: [], held: new Set(), since: SINCE });
      expect(s).toMatchObject({ action: "clear" });
    },
  );

  it("leaves a create of another account's provider pending, never matching it against this account", () => {
    const create = { ...pending("Alpha"), account: "other" };
    const [s] = settle([create], {
      id: "acct",
      strategies: [live("new", "Alpha", "2026-11-27T10:01:00Z")],
      held: new Set(),
      since: SINCE,
    });
    expect(s).toMatchObject({ action: "other-account", account: "other" });
  });
});
