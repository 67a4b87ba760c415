import { describe, expect, it } from "vitest";
import { declareAccount } from "../../../cli/import/declarations";
import type { AccountSnapshot } from "../../../cli/import/read-account";
import { renderProgram } from "../../../cli/import/render-program";
import type { Strategy } from "../../../provider/model/strategy";
import { biomeFormat, typeCheckFiles } from "../../support/generated-program";
import { accountSnapshot, listedStrategy } from "../../support/import-account";

let n = 0;
const uuid = (i: number) => `${String(i).padStart(8, "0")}-0000-4000-8000-000000000000`;

function strategy(name: string, fields: Partial<Strategy> & { triggerConfigs?: unknown } = {}): Strategy {
  return listedStrategy(uuid(++n), name, { isActive: true, ...fields });
}

const TAG_A = uuid(900);
const TAG_B = uuid(901);

function snapshot(strategies: Strategy[]): AccountSnapshot {
  return accountSnapshot({
    strategies,
    developers: [
      { address: "DevNoAlias111111111111111111111111111111111", isActive: true, tagIds: [TAG_B, TAG_A] },
    ],
    // Two tags share a name: neither can be looked up by it.
    developerTags: [
      { id: TAG_A, name: "Twins" },
      { id: TAG_B, name: "Twins" },
    ],
    webhook: { enabled: false, url: "https://hooks.example.com/in", hasSecret: true },
  });
}

describe("the generated program", () => {
  const awkward = [
    strategy('Say "hello" to 100x'),
    strategy("日本語"),
    strategy("2x hunters"),
    strategy("delete"),
    strategy(`A ${"very ".repeat(20)}long strategy name`, { description: "It's \"quoted\" and it's fine" }),
    strategy("Mentions", {
      triggers: [{ id: "t", eventType: "microblog_mention_direct", enabled: true }],
      triggerConfigs: undefined,
      isActive: false,
    }),
  ];
  const { source, warnings } = renderProgram(declareAccount(snapshot(awkward)));

  it("is formatted for any names, quotes and lengths", async () => {
    expect((await biomeFormat(source)).stdout).toBe(source);
  });

  it("gives awkward names valid, readable resource and variable names", () => {
    expect(source).toContain('const sayHelloTo100x = new sa.Strategy("say-hello-to-100x", {');
    expect(source).toContain(`new sa.Strategy("strategy-${awkward[1]!.id.slice(0, 8)}", {`);
    expect(source).toContain('const strategy2xHunters = new sa.Strategy("2x-hunters", {');
    expect(source).toContain('const strategyDelete = new sa.Strategy("delete", {');
    expect(source).toContain("name: 'Say \"hello\" to 100x',");
  });

  it("writes shared tag names as ids, and the webhook as it is (not verified: requireVerified false)", () => {
    expect(source.replace(/\s+/g, " ")).toContain(
      `tagIds: [ ${JSON.stringify(TAG_A)}, ${JSON.stringify(TAG_B)}, ]`,
    );
    expect(source).not.toContain("getDeveloperTags");
    expect(source).toMatch(
      /url: "https:\/\/hooks\.example\.com\/in",\s+enabled: false,\s+requireVerified: false,/,
    );
  });

  it("warns when the service does not return a tag trigger's config, instead of guessing silently", () => {
    expect(warnings).toEqual([
      expect.stringMatching(/"Mentions".*triggerConfigs\.microblog_mention_direct\.tagId/),
    ]);
    expect(source).toContain('microblog_mention_direct: { tagId: "all" }');
  });

  it("type-checks", async () => {
    const res = await typeCheckFiles({ "index.ts": source });
    expect(res.stdout + res.stderr).toBe("");
  }, 60_000);
});
