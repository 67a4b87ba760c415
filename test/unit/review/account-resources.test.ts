import { describe, expect, it } from "vitest";
import { UNKNOWN } from "../../../provider/model/unknown-value";
import { ACCOUNT_KINDS, urlWords } from "../../../provider/review/account-resources";
import type { PlanStep } from "../../../provider/review/preview-json";
import { render, webhookUpdate } from "./fixtures";

const statementsOf = (kind: string) => {
  const entry = ACCOUNT_KINDS.find((k) => k.kind === kind);
  if (entry === undefined) throw new Error(`no account kind ${kind}`);
  return (step: Partial<PlanStep>) => entry.statements(step as PlanStep, { tags: {} });
};

describe("the account-level kinds", () => {
  it("are every kind without a section of its own, each under its descriptor's heading", () => {
    expect(ACCOUNT_KINDS.map((k) => [k.kind, k.heading])).toEqual([
      ["Webhook", "Webhook"],
      ["FollowedDeveloper", "Followed developers"],
      ["DeveloperTags", "Developer tags"],
    ]);
  });

  it("show a URL masked, a secret one as (secret), and none as none", () => {
    expect(urlWords("https://u:p@hooks.example/a?k=v")).toBe("`https://***@hooks.example/a?***`");
    expect(urlWords("[secret]")).toBe("(secret)");
    // The engine's event stream carries a secret value as an object.
    expect(urlWords({ plaintext: "https://hooks.example/a" })).toBe("(secret)");
    expect(urlWords(null)).toBe("none");
    expect(urlWords(UNKNOWN)).toBe("(known after apply)");
    expect(urlWords("not a url")).toBe("(not a valid URL)");
  });

  it("word a webhook cleared, and a developer or tags not known until apply", () => {
    const webhook = statementsOf("Webhook");
    expect(
      webhook({
        op: "update",
        name: "hook",
        old: { inputs: { url: "https://a.example/" } },
        new: { inputs: { url: null } },
      } as never),
    ).toEqual([
      "Webhook URL: `https://a.example/` → none",
      "Clearing the URL also removes the signing secret.",
    ]);
    const tags = statementsOf("DeveloperTags");
    expect(
      tags({ op: "create", name: "t", new: { inputs: { address: "Dev1", tagIds: UNKNOWN } } } as never),
    ).toEqual(["Tags of `Dev1`: (known after apply)"]);
    expect(
      tags({ op: "create", name: "t", new: { inputs: { address: "Dev1", tagIds: [] } } } as never),
    ).toEqual(["Tags of `Dev1`: none"]);
  });
});

describe("renderReview: webhook, developers and tags", () => {
  const secret = "whsec_0123456789abcdef";

  it("shows a webhook URL change without credentials, query values or the signing secret", () => {
    const md = render([
      webhookUpdate(
        { url: "https://user:pass@old.example/a?token=abc", enabled: true, requireVerified: true },
        {
          url: "https://new.example/alerts?key=zzz&x=1",
          enabled: true,
          requireVerified: true,
          rotation: "2",
        },
        { secret, hasSecret: true },
      ),
    ]).markdown;
    expect(md).toContain("Webhook URL: `https://***@old.example/a?***` → `https://new.example/alerts?***`");
    expect(md).toContain("Signing secret rotation requested");
    for (const leaked of [secret, "pass", "abc", "zzz"]) expect(md).not.toContain(leaked);
  });

  it("masks path tokens and bare query keys, and never prints a URL that does not parse", () => {
    const md = render([
      webhookUpdate(
        { url: "https://api.example.org/bot123:ABCsecret/send?SECRETONLY", enabled: true },
        { url: "not a url SECRETPLAIN", enabled: true },
      ),
    ]).markdown;
    expect(md).toContain("Webhook URL: `https://api.example.org/***/send?***` → (not a valid URL)");
    for (const leaked of ["ABCsecret", "SECRETONLY", "SECRETPLAIN"]) expect(md).not.toContain(leaked);
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
      "- ⚠️ **Warning:** the service releases `Dev3Addr` (the API cannot unfollow: it stays in the followed list, inactive, with the alias that marks it released).",
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
