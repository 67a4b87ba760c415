import { describe, expect, it } from "vitest";
import { TYPE_TOKENS } from "../../../provider/model/type-tokens";
import { renderReview } from "../../../provider/review";
import {
  ACTIVATION_CHANGES,
  ACTIVATION_EFFECTS,
  EFFECTS,
  type EffectFacts,
  effectLine,
  effectOf,
  OPERATIONS,
  operationOf,
} from "../../../provider/review/effects";
import { md } from "../../../provider/review/markdown";
import { parsePreview } from "../../../provider/review/preview-json";
import { digest, type StepSpec, urnOf } from "../../support/preview-fixtures";

const KINDS = Object.keys(TYPE_TOKENS) as (keyof typeof TYPE_TOKENS)[];
const facts = (over: Partial<EffectFacts> = {}): EffectFacts => ({
  before: { address: "OldAddr", url: "https://h.example/a", enabled: true, strategyIds: ["a"] },
  after: { address: "NewAddr", url: "https://h.example/a", enabled: true, strategyIds: ["a"] },
  deleteFirst: false,
  ...over,
});

describe("the effects catalog", () => {
  it("has a sentence for every kind and every operation", () => {
    expect(Object.keys(EFFECTS).sort()).toEqual([...KINDS].sort());
    for (const kind of KINDS)
      for (const op of OPERATIONS) expect(effectOf(kind, op, facts()).says, `${kind} ${op}`).not.toBe("");
    for (const change of ACTIVATION_CHANGES) expect(ACTIVATION_EFFECTS[change](md`x`).says).toContain("x");
  });

  it("marks every delete as a warning: each one deletes, clears, deactivates or removes", () => {
    for (const kind of KINDS) {
      const effect = effectOf(kind, "delete", facts());
      expect(effect.destructive, kind).toBe(true);
      expect(effectLine(effect)).toMatch(/^⚠️ \*\*Warning:\*\* the service /);
    }
  });

  it("says what each delete does to the account, as the handlers do it", () => {
    const said = (kind: keyof typeof EFFECTS) => effectOf(kind, "delete", facts()).says;
    expect(said("Strategy")).toBe(
      "the service deletes the strategy from the account: its alerts stop for good.",
    );
    expect(said("StrategyActivation")).toContain("deactivates every strategy of this set");
    expect(said("Webhook")).toBe(
      "the service clears the webhook's URL and signing secret and disables it: alerts are no longer delivered.",
    );
    expect(said("FollowedDeveloper")).toContain("releases `OldAddr` (the API cannot unfollow");
    expect(said("DeveloperTags")).toContain("removes every tag of `OldAddr`");
  });

  it("says a developer replaced by another address releases the old one and follows the new one", () => {
    const dev = effectOf("FollowedDeveloper", "replace", facts());
    expect(dev.destructive).toBe(true);
    expect(dev.says).toBe(
      "the service follows `NewAddr` and releases the old address `OldAddr` (the API cannot unfollow: it stays in the followed list, inactive, with the alias that marks it released).",
    );
    const tags = effectOf("DeveloperTags", "replace", facts());
    expect(tags.says).toContain("removes every tag of the old address `OldAddr`");
  });

  it("says a replacement that keeps the identity ends as the replacement declares it: the old one's delete leaves the object alone", () => {
    const same = { after: { address: "OldAddr", url: "https://h.example/a", enabled: true } };
    for (const deleteFirst of [false, true]) {
      const f = facts({ ...same, deleteFirst });
      expect(effectOf("Webhook", "replace", f).says).toContain("Webhook: stays set to `https://h.example/a`");
      expect(effectOf("FollowedDeveloper", "replace", f).says).toContain("`OldAddr`: stays followed");
      expect(effectOf("DeveloperTags", "replace", f).says).toContain("Tags of `OldAddr`: stay as they are");
      for (const kind of ["Webhook", "FollowedDeveloper", "DeveloperTags"] as const) {
        expect(effectOf(kind, "replace", f).destructive, kind).toBe(false);
        expect(effectOf(kind, "replace", f).says).toContain("deleting the old one leaves the object alone");
      }
    }
    const set = { added: 0, removed: 1, deactivated: 0, activated: 0 };
    expect(effectOf("StrategyActivation", "replace", facts({ set })).says).toContain(
      "leaves active every strategy a set of this stack still holds",
    );
    expect(
      effectOf("StrategyActivation", "replace", facts({ set: { ...set, deactivated: 1 } })).destructive,
    ).toBe(true);
  });

  it("says a delete that another resource holds, or that the account changed, leaves the object alone", () => {
    const [by] = parsePreview(
      digest([
        { op: "create", kind: "Webhook", name: "alerts", new: { url: "https://h.example/a", enabled: true } },
      ]),
    ).steps.filter((s) => s.kind === "Webhook");
    const held = effectOf("Webhook", "delete", facts({ release: { why: "held", by: by! } }));
    expect(held).toEqual({
      says: "Deleting this resource leaves the account's webhook alone: `alerts` declares it.",
      destructive: false,
    });
    const changed = effectOf(
      "FollowedDeveloper",
      "delete",
      facts({ release: { why: "changed", live: "alias whale, active" } }),
    );
    expect(changed.says).toBe(
      "The delete leaves `OldAddr` alone: it is no longer what this resource last wrote (the account now holds alias whale, active, set outside this stack).",
    );
    expect(effectOf("DeveloperTags", "delete", facts({ release: { why: "nothing" } })).says).toBe(
      "The delete changes nothing in the account: the tags of `OldAddr` are none there.",
    );
  });

  it("warns when a webhook create or update stops deliveries, and not otherwise", () => {
    const webhook = (before: object, after: object) =>
      effectOf("Webhook", "update", facts({ before, after }));
    expect(
      effectOf("Webhook", "create", facts({ after: { url: "https://h.example/a", enabled: true } }))
        .destructive,
    ).toBe(false);
    expect(
      webhook({ url: "https://h.example/a" }, { url: "https://h.example/b", enabled: true }).destructive,
    ).toBe(false);
    expect(
      webhook({ url: "https://h.example/a", enabled: true }, { url: null, enabled: true }).says,
    ).toContain("clears the webhook's URL");
    expect(
      webhook({ url: "https://h.example/a", enabled: true }, { url: "https://h.example/a", enabled: false })
        .says,
    ).toContain("disables the webhook");
    expect(effectOf("Webhook", "create", facts({ after: { url: null, enabled: false } })).destructive).toBe(
      true,
    );
  });

  it("maps the engine's replacement steps to replace and leaves reads and sames out", () => {
    expect(operationOf("create-replacement")).toBe("replace");
    expect(operationOf("delete-replaced")).toBe("replace");
    expect(operationOf("same")).toBeUndefined();
    expect(operationOf("import")).toBeUndefined();
  });
});

/** A digest with a replacement's three steps in the engine's order for `deleteBeforeReplace` or not. */
function replacementDigest(deleteFirst: boolean): string {
  const urn = urnOf("FollowedDeveloper", "dev");
  const state = (address: string, side: "old" | "new") => ({
    urn,
    type: TYPE_TOKENS.FollowedDeveloper,
    ...(side === "old" ? { id: address } : {}),
    inputs: { address, active: true },
    outputs: side === "old" ? { address, active: true } : {},
  });
  const oldState = state("Same", "old");
  const newState = state("Same", "new");
  const create = { op: "create-replacement", urn, oldState, newState };
  const replace = { op: "replace", urn, oldState, newState };
  const remove = { op: "delete-replaced", urn, oldState };
  const steps = deleteFirst ? [remove, replace, create] : [create, replace, remove];
  return JSON.stringify({ steps, diagnostics: [], changeSummary: { replace: 1 } });
}

describe("a strategy's replacement", () => {
  const strategy = { name: "Gamma", triggers: ["new_token_created"], rules: [], alertCooldownMins: 30 };

  it("says any replacement makes a new strategy and deletes the old one, also with the same content", () => {
    const changed = { ...strategy, alertCooldownMins: 45 };
    for (const f of [
      { before: strategy, after: changed, deleteFirst: false },
      { before: strategy, after: strategy, deleteFirst: false },
      { before: strategy, after: strategy, deleteFirst: true },
    ])
      expect(effectOf("Strategy", "replace", f).says).toContain(
        "creates a new strategy (a new id, inactive)",
      );
  });
});

describe("replacements in a review", () => {
  it("reads a replacement's order from its steps and states the effect of that order", () => {
    for (const deleteFirst of [false, true]) {
      const [step] = parsePreview(replacementDigest(deleteFirst)).steps;
      expect(step).toMatchObject({ op: "replace", deleteFirst, kind: "FollowedDeveloper" });
      expect(step?.old?.inputs).toMatchObject({ address: "Same" });
      expect(step?.new?.inputs).toMatchObject({ address: "Same" });
      const { markdown, counts } = renderReview(replacementDigest(deleteFirst));
      expect(counts).toEqual({ FollowedDeveloper: { replace: 1 } });
      // Either order, the replacement holds the developer: the old one's delete leaves it followed.
      expect(markdown).toContain(
        "- `Same`: stays followed (`dev` is replaced; deleting the old one leaves it alone, as the replacement holds it).",
      );
      expect(markdown).not.toMatch(/deactivates|ends inactive/);
    }
  });
});

describe("every kind and operation in a rendered report", () => {
  const strategy = { name: "Alpha", triggers: ["new_token_created"], rules: [] };
  const specs: StepSpec[] = [
    { op: "create", kind: "Strategy", name: "s1", new: strategy },
    { op: "delete", kind: "Strategy", name: "s2", id: "id-2", old: { ...strategy, name: "Beta" } },
    {
      op: "delete",
      kind: "StrategyActivation",
      name: "active",
      id: "activation-1",
      old: { strategyIds: ["id-2"], exclusive: false },
    },
    {
      op: "delete",
      kind: "Webhook",
      name: "hook",
      id: "webhook",
      old: { url: "https://h.example/a", enabled: true },
    },
    {
      op: "delete",
      kind: "FollowedDeveloper",
      name: "dev",
      id: "Dev1",
      old: { address: "Dev1", active: true },
    },
    {
      op: "delete",
      kind: "DeveloperTags",
      name: "tags",
      id: "Dev1",
      old: { address: "Dev1", tagIds: ["t1"] },
    },
  ];

  it("puts each effect line under its resource, a delete's as a warning", () => {
    const { markdown } = renderReview(digest(specs), {
      account: {
        plan: "PRO",
        activeLimit: 25,
        strategies: [{ id: "id-2", name: "Beta", isActive: true }],
      },
    });
    expect(markdown).toContain(
      "#### “Beta” (`s2`): deleted\n\n- ⚠️ **Warning:** the service deletes the strategy from the account",
    );
    expect(markdown).toContain(
      "### Activation\n\n- ⚠️ **Warning:** the service deactivates every strategy of this set",
    );
    expect(markdown).toContain("- ⚠️ **Warning:** becomes inactive (stops sending alerts): “Beta”");
    expect(markdown).toContain(
      "### Webhook\n\n- ⚠️ **Warning:** the service clears the webhook's URL and signing secret and disables it: alerts are no longer delivered.\n- Webhook URL cleared: `https://h.example/a` → none",
    );
    expect(markdown).toContain("### Followed developers\n\n- ⚠️ **Warning:** the service releases `Dev1`");
    expect(markdown).toContain(
      "### Developer tags\n\n- ⚠️ **Warning:** the service removes every tag of `Dev1`",
    );
    expect(markdown).not.toMatch(/left as it is|no longer managed|unfollow developer/i);
  });

  it("quotes names as written while the webhook URL field stays masked", () => {
    const { markdown } = renderReview(
      digest([
        {
          op: "create",
          kind: "Strategy",
          name: "s1",
          new: { ...strategy, name: "[ref]: https://evil.example" },
        },
        {
          op: "create",
          kind: "Strategy",
          name: "s2",
          new: { ...strategy, name: "Sniper ?token=abc", description: "see https://dex.example/p?token=abc" },
        },
        {
          op: "create",
          kind: "Webhook",
          name: "hook",
          new: { url: "https://user:pw@hooks.example/in?token=s3cr3t", enabled: true },
        },
      ]),
    );
    expect(markdown).toContain("#### “\\[ref\\]: `https://evil.example`” (`s1`)");
    expect(markdown).not.toContain("https://evil.example/");
    expect(markdown).toContain("#### “Sniper ?token=abc” (`s2`)");
    expect(markdown).toContain("Description: “see `https://dex.example/p?token=abc`”");
    expect(markdown).toContain("Webhook set to `https://***@hooks.example/in?***`, enabled");
    for (const leaked of ["s3cr3t", "user:pw"]) expect(markdown).not.toContain(leaked);
  });
});
