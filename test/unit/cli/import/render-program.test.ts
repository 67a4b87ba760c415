import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { declareAccount } from "../../../../cli/import/declarations";
import { renderProgram } from "../../../../cli/import/render-program";
import { awkwardProgram, TAG_A, TAG_B } from "../../../support/awkward-account";
import { runProgram } from "../../../support/import-account";
import { ALIAS, declaredNames, declaredText, hostile, RAW, snapshot } from "./adversarial-account";

// That the program is formatted and type-checks (tsc and Biome run as processes) is tested in
// test/integration/cli/import/render-program.test.ts.
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

describe("the TypeScript program of adversarial account data", () => {
  it("holds the exact text, where a program may declare it, in escaped string literals", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(hostile, { minLength: 1, maxLength: 3 }), hostile, async (names, alias) => {
        const { source } = renderProgram(declareAccount(snapshot(names, alias, "", "https://a.example/in")));
        expect(source).not.toMatch(RAW);
        const { declared } = await runProgram(source, {
          developer: [{ id: "x", name: alias }],
          microblog: [],
        });
        expect(declared.filter((d) => d.type === "Strategy").map((d) => d.args.name)).toEqual(
          declaredNames(names),
        );
        expect(declared.find((d) => d.type === "FollowedDeveloper")!.args.alias).toBe(
          declaredText(alias, ALIAS, undefined),
        );
      }),
      { numRuns: 100 },
    );
  });
});
