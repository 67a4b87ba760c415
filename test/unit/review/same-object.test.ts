import { describe, expect, it } from "vitest";
import { RELEASED_ALIAS } from "../../../provider/model/released-developer";
import { renderReview } from "../../../provider/review";
import { parsePreview } from "../../../provider/review/preview-json";
import { objectGroups, releaseOf } from "../../../provider/review/same-object";
import { digest, type StepSpec } from "../../support/preview-fixtures";

const URL = "https://h.example/in";
const ids = ["aaaaaaaa-0000-4000-8000-000000000001", "aaaaaaaa-0000-4000-8000-000000000002"];

/** Every resource renamed without an alias: a create of the new name, a delete of the old one. */
const renamed: StepSpec[] = [
  { op: "create", kind: "StrategyActivation", name: "active", new: { strategyIds: ids, exclusive: false } },
  { op: "create", kind: "Webhook", name: "alerts", new: { url: URL, enabled: true, adopt: true } },
  {
    op: "create",
    kind: "FollowedDeveloper",
    name: "dev2",
    new: { address: "Dev1", alias: "whale", adopt: true },
  },
  {
    op: "create",
    kind: "DeveloperTags",
    name: "tags2",
    new: { address: "Dev1", tagIds: ["t1"], adopt: true },
  },
  {
    op: "delete",
    kind: "StrategyActivation",
    name: "active-set",
    id: "a",
    old: { strategyIds: ids, exclusive: false },
  },
  { op: "delete", kind: "Webhook", name: "hook", id: "webhook", old: { url: URL, enabled: true } },
  {
    op: "delete",
    kind: "FollowedDeveloper",
    name: "dev",
    id: "Dev1",
    old: { address: "Dev1", alias: "launcher" },
  },
  { op: "delete", kind: "DeveloperTags", name: "tags", id: "Dev1", old: { address: "Dev1", tagIds: ["t1"] } },
];
const account = {
  plan: "PRO",
  activeLimit: 25,
  strategies: ids.map((id, i) => ({ id, name: `S${i}`, isActive: true })),
};

describe("objectGroups", () => {
  it("pairs the create of a new name with the delete of the old one on the same object", () => {
    const steps = parsePreview(digest(renamed)).steps;
    for (const kind of ["Webhook", "FollowedDeveloper", "DeveloperTags"] as const) {
      const [group, ...more] = objectGroups(kind, steps);
      expect(more).toEqual([]);
      expect(group?.holder.op).toBe("create");
      expect(group?.released.map((s) => s.op)).toEqual(["delete"]);
      expect(group?.members).toHaveLength(2);
    }
  });

  it("makes a replacement on the same address its own group, and one to another address none", () => {
    // Each replaces the object at address A, with one at `to`.
    const replacement = (
      kind: "FollowedDeveloper" | "DeveloperTags",
      name: string,
      to: string,
    ): StepSpec => ({
      op: "replace",
      kind,
      name,
      id: "A",
      old: { address: "A" },
      new: { address: to },
    });
    const steps = parsePreview(
      digest([replacement("FollowedDeveloper", "a", "A"), replacement("DeveloperTags", "t", "B")]),
    ).steps;
    expect(objectGroups("FollowedDeveloper", steps).map((g) => g.members.map((s) => s.name))).toEqual([
      ["a"],
    ]);
    expect(objectGroups("DeveloperTags", steps)).toEqual([]);
  });
});

describe("releaseOf", () => {
  const del = (
    kind: "Webhook" | "FollowedDeveloper" | "DeveloperTags",
    old: Record<string, unknown>,
    outputs: Record<string, unknown> = {},
  ) =>
    parsePreview(digest([{ op: "delete", kind, name: "x", id: "x", old, outputs }])).steps.filter(
      (s) => s.kind === kind,
    );

  it("leaves an object that another resource holds, or that is no longer what the state recorded", () => {
    const VERIFIED = "2026-11-20T10:00:00.000Z";
    const [hook] = del("Webhook", { url: URL, enabled: true }, { verifiedAt: VERIFIED });
    expect(releaseOf(hook!, [hook!])).toBeUndefined();
    expect(releaseOf(hook!, [hook!], { webhook: { url: URL, enabled: true } })).toBeUndefined();
    expect(releaseOf(hook!, [hook!], { webhook: { url: `${URL}/other`, enabled: true } })).toEqual({
      why: "changed",
      live: `${URL}/other`,
    });
    expect(releaseOf(hook!, [hook!], { webhook: { url: null, enabled: false } })).toEqual({ why: "nothing" });
    // Set again with the same url since: verified again, at another time on the service's clock.
    expect(
      releaseOf(hook!, [hook!], {
        webhook: { url: URL, enabled: true, verifiedAt: "2026-11-21T00:00:00.000Z" },
      }),
    ).toEqual({ why: "changed", live: `${URL} (verified again at 2026-11-21T00:00:00.000Z)` });
    expect(
      releaseOf(hook!, [hook!], { webhook: { url: URL, enabled: true, verifiedAt: VERIFIED } }),
    ).toBeUndefined();
    // Never seen verified: nothing proves it is still the one this resource wrote.
    const [unverified] = del("Webhook", { url: URL, enabled: true }, { verifiedAt: null });
    expect(releaseOf(unverified!, [unverified!], { webhook: { url: URL, enabled: true } })).toMatchObject({
      why: "unproven",
      reason: expect.stringContaining("never recorded it verified"),
    });
    const [dev] = del("FollowedDeveloper", { address: "D", alias: "a", active: true });
    expect(releaseOf(dev!, [dev!], { developers: { D: { alias: "b", isActive: true } } })).toMatchObject({
      why: "changed",
    });
    expect(releaseOf(dev!, [dev!], { developers: {} })).toEqual({ why: "nothing" });
    expect(
      releaseOf(dev!, [dev!], { developers: { D: { alias: RELEASED_ALIAS, isActive: false } } }),
    ).toEqual({ why: "nothing" });
    // Muted by someone since (or by another stack that declares it muted): held, not free.
    expect(releaseOf(dev!, [dev!], { developers: { D: { alias: "a", isActive: false } } })).toEqual({
      why: "changed",
      live: "alias a, inactive",
    });
    // A muted developer still as this resource wrote it: its delete releases it.
    const [muted] = del("FollowedDeveloper", { address: "D", alias: "a", active: false });
    expect(
      releaseOf(muted!, [muted!], { developers: { D: { alias: "a", isActive: false } } }),
    ).toBeUndefined();
    const [tags] = del("DeveloperTags", { address: "D", tagIds: ["t1"] });
    expect(releaseOf(tags!, [tags!], { tags: { D: ["t1"] } })).toBeUndefined();
    expect(releaseOf(tags!, [tags!], { tags: { D: ["t2"] } })).toMatchObject({ why: "changed" });
  });
});

describe("a rename without an alias in a review: each object's end state once", () => {
  const { markdown } = renderReview(digest(renamed), { account });

  it("states the webhook, the developer and its tags once, as they end", () => {
    expect(markdown).toContain(
      "### Webhook\n\n- Webhook: stays set to `https://h.example/in` (moves to resource `alerts`; deleting `hook` leaves it alone).\n\n",
    );
    expect(markdown).toContain(
      "### Followed developers\n\n- `Dev1`: stays followed (moves to resource `dev2`; deleting `dev` leaves it alone).\n- Alias of `Dev1`: “launcher” → “whale”\n\n",
    );
    expect(markdown).toContain(
      "### Developer tags\n\n- Tags of `Dev1`: stay as they are (moves to resource `tags2`; deleting `tags` leaves it alone).\n",
    );
    expect(markdown).not.toMatch(
      /Webhook set to|URL cleared|clears|deactivates `Dev1`|removes every tag|Follow developer/,
    );
    expect(markdown).not.toContain("⚠️");
  });

  it("lists strategies active before and after as staying active, not as activated and deactivated", () => {
    expect(markdown).toContain(
      "- Stays active (another set of this stack, or the replacement, holds it): “S0”, “S1”",
    );
    expect(markdown).not.toMatch(/Becomes active|becomes inactive/);
    expect(markdown).toContain("Deleting this activation deactivates none of its strategies");
    expect(markdown).toContain("active 2 of 25 on PRO (2 declared by this stack, 0 outside it)");
  });

  it("names what a lone delete does when the account changed the object, and when another set holds a strategy", () => {
    const lone = renderReview(
      digest([
        { op: "delete", kind: "Webhook", name: "hook", id: "webhook", old: { url: URL, enabled: true } },
        {
          op: "delete",
          kind: "StrategyActivation",
          name: "old-set",
          id: "a",
          old: { strategyIds: ids, exclusive: false },
        },
        { op: "same", kind: "StrategyActivation", name: "kept", id: "b", old: { strategyIds: [ids[0]] } },
      ]),
      {
        account: {
          ...account,
          strategies: [account.strategies[0]!, { ...account.strategies[1]!, isActive: false }],
        },
        live: { webhook: { url: "https://elsewhere.example/x", enabled: true } },
      },
    ).markdown;
    expect(lone).toContain(
      "- The delete leaves the account's webhook alone: it is no longer what this resource last wrote (the account now holds `https://elsewhere.example/x`, set outside this stack).",
    );
    expect(lone).toContain("- Stays active (another set of this stack, or the replacement, holds it): “S0”");
    expect(lone).toContain(
      "- Left alone (inactive in the account already, deactivated outside this stack): “S1”",
    );
    expect(lone).not.toContain("becomes inactive");
  });
});

describe("a delete that leaves the account's webhook alone", () => {
  it("says why and does not also say that its URL is cleared", () => {
    const preview = digest([
      { op: "delete", kind: "Webhook", name: "hook", id: "webhook", old: { url: URL, enabled: true } },
    ]);
    const withRecord = JSON.parse(preview) as {
      steps: { oldState?: { outputs?: Record<string, unknown> } }[];
    };
    for (const step of withRecord.steps) if (step.oldState?.outputs) step.oldState.outputs.verifiedAt = null;
    const { markdown } = renderReview(JSON.stringify(withRecord), {
      live: { webhook: { url: URL, enabled: true } },
    });
    expect(markdown).toContain("The delete leaves the account's webhook alone");
    expect(markdown).not.toContain("Webhook URL cleared");
  });
});
