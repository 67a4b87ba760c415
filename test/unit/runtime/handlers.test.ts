import { describe, expect, it } from "vitest";
import type { ResourceKind } from "../../../provider/model/type-tokens";
import { UNKNOWN } from "../../../provider/model/unknown-value";
import { RuntimeContext } from "../../../provider/runtime/context";
import { handlers } from "../../../provider/runtime/handlers";
import type { PropertyBag } from "../../../provider/runtime/inputs";

/**
 * The failures of a check that fails before any request (the context has no credentials), by the
 * field each reason starts with. No failure names a property: the engine would print the
 * program's value beside it (check-failures.ts).
 */
async function reasons(kind: ResourceKind, news: PropertyBag): Promise<Record<string, string>> {
  const result = await handlers[kind].check(new RuntimeContext(), {}, news);
  const failures = result.failures ?? [];
  expect(failures.map((f) => f.property).filter((p) => p !== "")).toEqual([]);
  return Object.fromEntries(failures.map((f) => [f.reason.split(" ")[0], f.reason]));
}

describe("a check tells a wrong type from a missing field", () => {
  it.each(["FollowedDeveloper", "DeveloperTags"] as const)("%s address", async (kind) => {
    const tags = kind === "DeveloperTags" ? { tagIds: [] } : {};
    const wrong = await reasons(kind, { address: 12, ...tags });
    expect(wrong.address).toMatch(
      /^address must be a string \(.*wallet address\), got 12; an address of digits needs quotes$/,
    );
    expect(wrong.address).not.toContain("required");
    expect((await reasons(kind, { address: { a: 1 }, ...tags })).address).toMatch(
      /must be a string .*, got an object$/,
    );
    expect((await reasons(kind, { ...tags })).address).toMatch(/^address is required: /);
    expect((await reasons(kind, { address: null, ...tags })).address).toMatch(/^address is required: /);
    expect((await reasons(kind, { address: "  ", ...tags })).address).toMatch(/^address must not be empty: /);
    expect(await reasons(kind, { address: UNKNOWN, ...tags })).toEqual({});
    // The service's format, which no escape, bidi control or invisible character fits.
    for (const hostile of ["7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJos\u001b", "7xKX\u202e", "\u200b"])
      expect((await reasons(kind, { address: hostile, ...tags })).address).toMatch(
        /^address must be a base58 wallet address \(32-44 characters\) or 0x followed by 40 hex digits, got "/,
      );
  });

  it("FollowedDeveloper alias and active name the type they got", async () => {
    expect(
      await reasons("FollowedDeveloper", {
        address: "0x1111111111111111111111111111111111111111",
        alias: 5,
        active: "yes",
      }),
    ).toEqual({
      alias: "alias must be a string, got 5",
      active: 'active must be a boolean, got "yes"',
    });
  });

  it("id lists: missing, not an array, an element of another type, a blank element", async () => {
    expect(await reasons("DeveloperTags", { address: "0x1111111111111111111111111111111111111111" })).toEqual(
      {
        tagIds: "tagIds is required: an array of developer tag ids ([] for none)",
      },
    );
    expect(
      await reasons("DeveloperTags", { address: "0x1111111111111111111111111111111111111111", tagIds: "t1" }),
    ).toEqual({
      tagIds: 'tagIds must be an array of developer tag ids, got "t1"',
    });
    expect(
      await reasons("DeveloperTags", {
        address: "0x1111111111111111111111111111111111111111",
        tagIds: ["t1", 7, ""],
      }),
    ).toEqual({
      "tagIds[0]": 'tagIds[0] must be a UUID (a developer tag id), got "t1"',
      "tagIds[1]": "tagIds[1] must be a string, got 7 (a developer tag id)",
      "tagIds[2]": "tagIds[2] must not be empty (a developer tag id)",
    });
    expect(await reasons("StrategyActivation", {})).toEqual({
      strategyIds: "strategyIds is required: an array of strategy ids ([] for none)",
    });
    expect(await reasons("StrategyActivation", { strategyIds: [1], exclusive: "no" })).toEqual({
      "strategyIds[0]": "strategyIds[0] must be a string, got 1 (a strategy id)",
      exclusive: 'exclusive must be a boolean, got "no"',
    });
  });

  it("Webhook url, enabled and requireVerified", async () => {
    expect(await reasons("Webhook", { url: 42, requireVerified: "true" })).toEqual({
      url: "url must be a string (an http(s) URL) or null for none, got 42",
      enabled: "enabled is required: true or false",
      requireVerified: 'requireVerified must be a boolean, got "true"',
    });
    expect(await reasons("Webhook", { url: "ftp://h.example/x", enabled: "on" })).toEqual({
      url: 'url must be an http(s) URL or null for none; its scheme is "ftp"',
      enabled: 'enabled must be a boolean, got "on"',
    });
    // The URL is not quoted: it may carry its credential.
    const token = "abcdEFGH1234ijklMNOP";
    const bad = await reasons("Webhook", { url: `hooks.example.com/${token}`, enabled: true });
    expect(bad.url).toBe(
      "url must be an http(s) URL or null for none; it is not an absolute URL (https://host/path)",
    );
  });

  it("Strategy fields and adopt", async () => {
    const failed = await reasons("Strategy", {
      name: 12,
      triggers: ["new_token_created"],
      rules: [{ rule: "is_honeypot", dealbreaker: true }],
      adopt: 3,
    });
    expect(failed).toEqual({
      name: "name must be a string, got 12",
      adopt: "adopt must be a string (the id of an existing strategy), got 3",
    });
    expect((await reasons("Strategy", { triggers: ["new_token_created"], rules: [] })).name).toBe(
      "name is required",
    );
  });
});

describe("ids and labels the service would refuse fail the preview", () => {
  it("a Strategy's adopt id that is not a UUID", async () => {
    const strategy = {
      name: "S",
      triggers: ["new_token_created"],
      rules: [{ rule: "is_honeypot", dealbreaker: true }],
    };
    expect((await reasons("Strategy", { ...strategy, adopt: "not-an-id" })).adopt).toBe(
      'adopt must be a UUID (the id of an existing strategy), got "not-an-id"',
    );
  });

  it("a Webhook's rotation that holds an escape or a bidi control", async () => {
    const hook = { url: null, enabled: false };
    expect((await reasons("Webhook", { ...hook, rotation: "2026\u001b]0;x" })).rotation ?? "").toMatch(
      /^rotation contains the control character \\u001b at position 5: labels are plain text$/,
    );
    expect(Object.values(await reasons("Webhook", { ...hook, rotation: "a\u202eb" })).join()).toContain(
      "rotation contains the bidi control character \\u202e at position 2",
    );
    expect((await reasons("Webhook", { ...hook, rotation: 7 })).rotation).toBe(
      "rotation must be a string, got 7",
    );
  });
});
