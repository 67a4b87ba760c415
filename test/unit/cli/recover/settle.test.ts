import { describe, expect, it } from "vitest";
import type { LiveDeveloper } from "../../../../cli/recover/kind-recovery";
import { type LiveAccount, settle, type Visible } from "../../../../cli/recover/settle";
import type { PendingCreate } from "../../../../cli/recover/stack-state";
import type { RuleItem } from "../../../../provider/model/rule-items";
import { rulesToStored } from "../../../../provider/model/rule-mapping";
import type { Strategy } from "../../../../provider/model/strategy";
import { SERVICE_CLOCK_ALLOWANCE_MS } from "../../../../provider/runtime/strategy-create-once";
import { listedStrategy } from "../../../support/import-account";

const RULES: RuleItem[] = [{ rule: "liquidity_usd", dealbreaker: false, min: 5000 }];

/** A strategy on the account made at `createdAt`, whose one rule is RULES' liquidity bound. */
function live(id: string, name: string, createdAt: string, fields: Partial<Strategy> = {}): Strategy {
  return listedStrategy(id, name, {
    userId: "acct",
    triggers: [{ id: "t1", eventType: "new_token_created", enabled: true }],
    ...rulesToStored(RULES, { view: "list" }),
    createdAt,
    updatedAt: createdAt,
    ...fields,
  });
}

/**
 * The killed update's first request reached the service no earlier than 10:00:00 on the
 * service's clock, and no later than 1.2 s after (the Date header's second and the round trip).
 */
const BEGAN = "2026-11-27T10:00:00.000Z";
const UNCERTAINTY_MS = 1200;

function pending(
  name: string,
  kind: PendingCreate["kind"] = "Strategy",
  extra: Record<string, unknown> = {},
): PendingCreate {
  const inputs =
    kind === "Strategy"
      ? {
          __provider: "shell",
          name,
          triggers: ["new_token_created"],
          rules: RULES,
          createdNotBefore: BEGAN,
          createdNotBeforeUncertaintyMs: UNCERTAINTY_MS,
        }
      : { __provider: "shell" };
  return {
    urn: `urn:pulumi:dev::p::pulumi-nodejs:dynamic/strategy-alerts:${kind}::${name}`,
    kind,
    inputs: { ...inputs, ...extra },
  };
}

/** A create written by a provider that did not stamp createdNotBefore. */
function unstamped(name: string): PendingCreate {
  const create = pending(name);
  const { createdNotBefore: _, createdNotBeforeUncertaintyMs: _u, ...inputs } = create.inputs;
  return { ...create, inputs };
}

/** A create whose bound is on its machine's clock: an older provider's, or a service without a Date header. */
function localClockStamped(name: string): PendingCreate {
  const create = pending(name);
  const { createdNotBeforeUncertaintyMs: _, ...inputs } = create.inputs;
  return { ...create, inputs };
}

const at = (offsetMs: number) => new Date(Date.parse(BEGAN) + offsetMs).toISOString();

function account(strategies: Strategy[], more: Partial<LiveAccount> = {}): LiveAccount {
  return { id: "acct", strategies, ...more };
}

const NOTHING_ELSE: Visible = { held: [], pendingElsewhere: [], unreadable: [] };

function heldBy(stack: string, ...ids: string[]): Visible {
  return { ...NOTHING_ELSE, held: ids.map((id) => ({ kind: "Strategy" as const, id, stack })) };
}

describe("a strategy create: the bound its update stamped on the service's clock", () => {
  it("imports the one twin created after the bound and its uncertainty, held by no stack", () => {
    const [s] = settle([pending("Alpha")], account([live("new", "Alpha", at(4000))]), NOTHING_ELSE);
    expect(s).toMatchObject({ action: "import", id: "new" });
    expect(s).toHaveProperty("why", expect.stringContaining(BEGAN));
    expect(
      settle([pending("Alpha")], account([live("edge", "Alpha", at(UNCERTAINTY_MS))]), NOTHING_ELSE)[0],
    ).toMatchObject({ action: "import", id: "edge" });
  });

  it("never takes a twin made 7 s before the bound (another team's, on another backend or in the app): cleared", () => {
    const [s] = settle([pending("Alpha")], account([live("theirs", "Alpha", at(-7000))]), NOTHING_ELSE);
    expect(s).toMatchObject({ action: "clear" });
    expect(s).not.toHaveProperty("id");
    // Not even a millisecond before: no allowance for the service's clock, the bound is on it.
    expect(
      settle([pending("Alpha")], account([live("just", "Alpha", at(-1))]), NOTHING_ELSE)[0],
    ).toMatchObject({ action: "clear" });
  });

  it("lists a twin inside the uncertainty and says how to take it, importing nothing", () => {
    const [s] = settle([pending("Alpha")], account([live("band", "Alpha", at(600))]), NOTHING_ELSE);
    expect(s).toMatchObject({ action: "unproven", candidates: [`strategy band (created ${at(600)})`] });
    expect(s).toHaveProperty("reason", expect.stringContaining("rerun with --adopt band"));
    expect(s).toHaveProperty("reason", expect.stringContaining(`${UNCERTAINTY_MS} ms`));
    expect(
      settle([pending("Alpha")], account([live("band", "Alpha", at(600))]), NOTHING_ELSE, ["band"])[0],
    ).toMatchObject({ action: "import", id: "band", why: "named with --adopt" });
  });

  it("takes the one after the band when the other twin is older than the bound", () => {
    const twins = [live("theirs", "Alpha", at(-7000)), live("ours", "Alpha", at(2500))];
    expect(settle([pending("Alpha")], account(twins), NOTHING_ELSE)[0]).toMatchObject({
      action: "import",
      id: "ours",
    });
  });

  it("never takes a twin made before the bound, even minutes before (another run's, or the app's)", () => {
    const [s] = settle(
      [pending("Alpha")],
      account([live("earlier", "Alpha", "2026-11-27T09:41:00Z")]),
      NOTHING_ELSE,
    );
    expect(s).toMatchObject({ action: "clear" });
  });

  it("never matches on the name alone", () => {
    const namesake = live("app", "Alpha", "2026-11-27T10:01:00Z", { description: "made in the app" });
    const [s] = settle([pending("Alpha")], account([namesake]), NOTHING_ELSE);
    expect(s).toMatchObject({ action: "clear" });
  });

  it("leaves several twins pending for a person, and two creates sharing one twin", () => {
    const twins = [live("a", "Alpha", "2026-11-27T10:01:00Z"), live("b", "Alpha", "2026-11-27T10:02:00Z")];
    const [several] = settle([pending("Alpha")], account(twins), NOTHING_ELSE);
    expect(several).toMatchObject({ action: "unproven" });
    expect(several).toHaveProperty("reason", expect.stringContaining("--adopt <id>"));
    expect(several).toHaveProperty("candidates", [
      "strategy a (created 2026-11-27T10:01:00Z)",
      "strategy b (created 2026-11-27T10:02:00Z)",
    ]);
    const shared = settle(
      [pending("Alpha"), { ...pending("Alpha"), urn: "urn:…::Alpha-2" }],
      account([twins[0]!]),
      NOTHING_ELSE,
    );
    expect(shared.map((s) => s.action)).toEqual(["unproven", "unproven"]);
  });
});

describe("a strategy create: what the other stacks hold", () => {
  const made = live("a1-strategy", "Alpha", "2026-11-27T10:00:05Z");

  it("never takes a twin a stack of another project holds, even one made after the check: cleared", () => {
    const [s] = settle(
      [pending("Alpha")],
      account([made]),
      heldBy("organization/yaml-portfolio/a1", made.id),
    );
    expect(s).toMatchObject({ action: "clear" });
  });

  it("leaves it pending when another stack has an interrupted create of the same content", () => {
    const visible: Visible = {
      ...NOTHING_ELSE,
      pendingElsewhere: [{ stack: "organization/other/prod", create: pending("Alpha") }],
    };
    const [s] = settle([pending("Alpha")], account([made]), visible);
    expect(s).toMatchObject({ action: "unproven", candidates: [expect.stringContaining(made.id)] });
    expect(s).toHaveProperty("reason", expect.stringContaining("organization/other/prod"));
  });

  it("ignores another stack's interrupted create of another account", () => {
    const visible: Visible = {
      ...NOTHING_ELSE,
      pendingElsewhere: [{ stack: "o/p/s", create: { ...pending("Alpha"), account: "someone-else" } }],
    };
    expect(settle([pending("Alpha")], account([made]), visible)[0]).toMatchObject({ action: "import" });
  });

  it("imports nothing by itself while a stack cannot be read, and names it; clears what has no candidate", () => {
    const visible: Visible = {
      ...NOTHING_ELSE,
      unreadable: [{ stack: "organization/locked/prod", reason: "failed to decrypt" }],
    };
    const [s, nothing] = settle([pending("Alpha"), pending("Beta")], account([made]), visible);
    expect(s).toMatchObject({ action: "unproven" });
    expect(s).toHaveProperty("reason", expect.stringContaining("organization/locked/prod"));
    expect(nothing).toMatchObject({ action: "clear" });
  });
});

describe("a strategy create whose bound is on its machine's clock (an older provider's, or no Date header)", () => {
  it("is read as before, with the allowance, but never imported by itself however recent its twin", () => {
    const [s] = settle([localClockStamped("Alpha")], account([live("x", "Alpha", at(5000))]), NOTHING_ELSE);
    expect(s).toMatchObject({ action: "unproven", candidates: [expect.stringContaining("x")] });
    expect(s).toHaveProperty("reason", expect.stringContaining("machine that ran its update"));
    expect(s).toHaveProperty("reason", expect.stringContaining("rerun with --adopt x"));
    const within = settle(
      [localClockStamped("Alpha")],
      account([live("a", "Alpha", at(-SERVICE_CLOCK_ALLOWANCE_MS))]),
      NOTHING_ELSE,
    );
    expect(within[0]).toMatchObject({ action: "unproven" });
  });

  it("is cleared when no unheld twin exists since its bound less the allowance", () => {
    const [s] = settle(
      [localClockStamped("Alpha")],
      account([live("b", "Alpha", at(-SERVICE_CLOCK_ALLOWANCE_MS - 1000))]),
      NOTHING_ELSE,
    );
    expect(s).toMatchObject({ action: "clear" });
    expect(s).toHaveProperty("reason", expect.stringContaining("machine's clock"));
  });
});

describe("a strategy create without createdNotBefore (an older provider's)", () => {
  it("is never imported by itself, however recent its twin", () => {
    const [s] = settle(
      [unstamped("Alpha")],
      account([live("x", "Alpha", "2026-11-27T10:00:05Z")]),
      NOTHING_ELSE,
    );
    expect(s).toMatchObject({ action: "unproven", candidates: [expect.stringContaining("x")] });
    expect(s).toHaveProperty("reason", expect.stringContaining("createdNotBefore"));
  });

  it("is cleared when no unheld strategy of its content exists at all", () => {
    const held = live("held", "Alpha", "2026-11-27T10:00:05Z");
    expect(settle([unstamped("Alpha")], account([held]), heldBy("o/p/s", "held"))[0]).toMatchObject({
      action: "clear",
    });
  });

  it("is imported when named with --adopt", () => {
    const [s] = settle(
      [unstamped("Alpha")],
      account([live("x", "Alpha", "2026-11-27T10:00:05Z")]),
      NOTHING_ELSE,
      ["x"],
    );
    expect(s).toMatchObject({ action: "import", id: "x", why: "named with --adopt" });
  });
});

describe("--adopt <strategy id>", () => {
  const twin = live("x", "Alpha", "2026-11-27T09:00:00Z");

  it("imports the named strategy for the pending create of its content, before the bound too", () => {
    const [a, b] = settle([pending("Beta"), pending("Alpha")], account([twin]), NOTHING_ELSE, ["x"]);
    expect(a).toMatchObject({ action: "clear" });
    expect(b).toMatchObject({ action: "import", id: "x" });
  });

  it("gives two identical creates one named strategy each", () => {
    const other = live("y", "Alpha", "2026-11-27T09:00:00Z");
    const both = settle(
      [pending("Alpha"), { ...pending("Alpha"), urn: "urn:…::Alpha-2" }],
      account([twin, other]),
      NOTHING_ELSE,
      ["x", "y"],
    );
    expect(both.map((s) => (s.action === "import" ? s.id : s.action))).toEqual(["x", "y"]);
  });

  it.each([
    [
      "held by another stack",
      account([twin]),
      heldBy("organization/yaml-portfolio/a1", "x"),
      /stack organization\/yaml-portfolio\/a1 holds it/,
    ],
    [
      "not the account's (another account's, or gone)",
      account([]),
      NOTHING_ELSE,
      /not one of this account's strategies/,
    ],
    [
      "of another content",
      account([live("x", "Other", "2026-11-27T10:01:00Z")]),
      NOTHING_ELSE,
      /no interrupted Strategy create/,
    ],
  ])("refuses a strategy %s, changing nothing", (_what, acct, visible, message) => {
    expect(() => settle([pending("Alpha")], acct, visible, ["x"])).toThrow(message);
  });
});

describe("Webhook, FollowedDeveloper and DeveloperTags creates", () => {
  const hook = pending("hook", "Webhook", {
    url: "https://hooks.example/a",
    enabled: true,
    requireVerified: true,
  });
  const follow = pending("dev", "FollowedDeveloper", { address: "Dev1", active: true, alias: "whale" });
  const tags = pending("tags", "DeveloperTags", { address: "Dev1", tagIds: ["t2", "t1"] });
  const developer = (d: Partial<LiveDeveloper>): LiveAccount =>
    account([], {
      developers: new Map([["Dev1", { address: "Dev1", alias: null, active: true, tagIds: [], ...d }]]),
    });

  it("clears each when its object does not exist: safe to repeat", () => {
    const none = account([], { webhook: { url: null, enabled: false }, developers: new Map() });
    expect(settle([hook, follow, tags], none, NOTHING_ELSE).map((s) => s.action)).toEqual([
      "clear",
      "clear",
      "clear",
    ]);
    // Followed once and deleted since (inactive, no tags): it does not exist either.
    expect(settle([follow], developer({ active: false }), NOTHING_ELSE)[0]).toMatchObject({
      action: "clear",
    });
  });

  it("leaves an object that exists as declared pending: another stack or the app may hold it", () => {
    const hookSet = account([], { webhook: { url: "https://hooks.example/a", enabled: true } });
    const [s] = settle([hook], hookSet, NOTHING_ELSE);
    expect(s).toMatchObject({ action: "unproven", candidates: ["webhook"] });
    expect(s).toHaveProperty("reason", expect.stringContaining("--adopt webhook"));
    const both = settle([follow, tags], developer({ alias: "whale", tagIds: ["t1", "t2"] }), NOTHING_ELSE);
    expect(both.map((x) => x.action)).toEqual(["unproven", "unproven"]);
  });

  it("imports one that exists as declared when --adopt names it", () => {
    const hookSet = account([], { webhook: { url: "https://hooks.example/a", enabled: true } });
    expect(settle([hook], hookSet, NOTHING_ELSE, ["webhook"])[0]).toMatchObject({
      action: "import",
      id: "webhook",
    });
    const both = settle([follow, tags], developer({ alias: "whale", tagIds: ["t1", "t2"] }), NOTHING_ELSE, [
      "Dev1",
    ]);
    expect(both).toMatchObject([
      { action: "import", id: "Dev1" },
      { action: "import", id: "Dev1" },
    ]);
  });

  it("leaves one that exists otherwise pending, and refuses to adopt it", () => {
    const elsewhere = account([], { webhook: { url: "https://hooks.example/other", enabled: true } });
    expect(settle([hook], elsewhere, NOTHING_ELSE)[0]).toMatchObject({ action: "unproven", candidates: [] });
    expect(() => settle([hook], elsewhere, NOTHING_ELSE, ["webhook"])).toThrow(
      /not what the interrupted Webhook create declares/,
    );
    expect(settle([tags], developer({ tagIds: ["t1"] }), NOTHING_ELSE)[0]).toMatchObject({
      action: "unproven",
    });
  });

  it("refuses to adopt an object a stack of this account holds", () => {
    const hookSet = account([], { webhook: { url: "https://hooks.example/a", enabled: true } });
    const visible: Visible = {
      ...NOTHING_ELSE,
      held: [{ kind: "Webhook", id: "webhook", account: "acct", stack: "organization/alerts/prod" }],
    };
    expect(() => settle([hook], hookSet, visible, ["webhook"])).toThrow(
      /organization\/alerts\/prod holds it/,
    );
    // Another account's webhook is another object.
    const theirs: Visible = { ...NOTHING_ELSE, held: [{ ...visible.held[0]!, account: "other" }] };
    expect(settle([hook], hookSet, theirs, ["webhook"])[0]).toMatchObject({ action: "import" });
  });

  it("clears a create that declares adopt: true: the next up takes the object over", () => {
    const hookSet = account([], { webhook: { url: "https://hooks.example/a", enabled: true } });
    expect(
      settle([{ ...hook, inputs: { ...hook.inputs, adopt: true } }], hookSet, NOTHING_ELSE)[0],
    ).toMatchObject({
      action: "clear",
    });
  });

  it("clears a StrategyActivation create: the set is not a server object", () => {
    expect(settle([pending("act", "StrategyActivation")], account([]), NOTHING_ELSE)[0]).toMatchObject({
      action: "clear",
    });
  });
});

describe("what recover never settles for this account", () => {
  it("imports an interrupted adoption by the id it declares", () => {
    const create = pending("Alpha", "Strategy", { adopt: "adopted-id" });
    expect(settle([create], account([]), NOTHING_ELSE)[0]).toMatchObject({
      action: "import",
      id: "adopted-id",
    });
  });

  it("leaves a create of another account's provider pending, never matching it against this account", () => {
    const create = { ...pending("Alpha"), account: "other" };
    const [s] = settle([create], account([live("new", "Alpha", "2026-11-27T10:01:00Z")]), NOTHING_ELSE);
    expect(s).toMatchObject({ action: "other-account", account: "other" });
  });

  it("refuses an --adopt id that names nothing pending", () => {
    expect(() => settle([pending("Alpha")], account([]), NOTHING_ELSE, ["webhook"])).toThrow(
      /no Webhook create/,
    );
  });
});

describe("whose holding counts (kind-recovery.ts, idScope)", () => {
  it("counts a stack of another account holding a strategy: a strategy's id is the service's", () => {
    const made = live("new", "Alpha", at(4000));
    const theirs: Visible = {
      ...NOTHING_ELSE,
      held: [{ kind: "Strategy", id: "new", account: "other", stack: "o/p/s" }],
    };
    expect(settle([pending("Alpha")], account([made]), theirs)[0]).toMatchObject({ action: "clear" });
    expect(() => settle([pending("Alpha")], account([made]), theirs, ["new"])).toThrow(
      /stack o\/p\/s holds it/,
    );
  });

  it("names the kind whose fixed id an --adopt gives when no create of it is pending", () => {
    expect(() => settle([pending("Alpha")], account([]), NOTHING_ELSE, ["active-strategies"])).toThrow(
      /not one of this account's strategies/,
    );
    expect(() => settle([pending("Alpha")], account([]), NOTHING_ELSE, ["webhook"])).toThrow(
      /--adopt webhook: no Webhook create of this account is pending/,
    );
  });
});
