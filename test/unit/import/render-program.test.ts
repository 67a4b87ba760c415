import { describe, expect, it } from "vitest";
import { awkwardProgram, TAG_A, TAG_B } from "../../support/awkward-account";

// That the program is formatted and type-checks (tsc and Biome run as processes) is tested in
// test/integration/import/render-program.test.ts.
describe("the generated program", () => {
  const { strategies, source, warnings } = awkwardProgram();

  it("gives awkward names valid, readable resource and variable names", () => {
    expect(source).toContain('const sayHelloTo100x = new sa.Strategy("say-hello-to-100x", {');
    expect(source).toContain(`new sa.Strategy("strategy-${strategies[1]!.id.slice(0, 8)}", {`);
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
});
