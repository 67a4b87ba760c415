import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { declareAccount } from "../../../../cli/import/declarations";
import { plainFields } from "../../../../cli/import/plain-fields";
import { renderProgram } from "../../../../cli/import/render-program";
import { renderYamlProgram } from "../../../../cli/import/render-yaml";
import { accountSnapshot, listedStrategy, runProgram } from "../../../support/import-account";

const ID = "00000001-0000-4000-8000-000000000000";
const ADDRESS = "DevAddr1111111111111111111111111111111111111";

describe("account text a program may not declare", () => {
  it("is declared as its plain text, with one printable sentence for the comment and one warning naming the object", () => {
    const args: Record<string, unknown> = { name: "Line\u2028two", description: "fine" };
    const replaced = plainFields(args, [{ key: "name", allowLineBreaks: false }], `strategy "x" (${ID})`);
    expect(args.name).toBe("Line two");
    expect(replaced.note).toBe(
      "In the account, name contains the line or paragraph separator \\u2028 at position 5: names and descriptions are plain text; the name is declared with those characters left out (the first `pulumi up` writes that).",
    );
    expect(replaced.warnings).toEqual([
      `strategy "x" (${ID}): name contains the line or paragraph separator \\u2028 at position 5: names and descriptions are plain text; a program cannot declare it, so the name is declared with those characters left out (the first \`pulumi up\` writes that)`,
    ]);
  });

  it("takes the stand-in, or leaves the field out, when nothing visible is left", () => {
    const args: Record<string, unknown> = { name: "\u3164", description: "\u200b", alias: "\u2060" };
    const replaced = plainFields(
      args,
      [
        { key: "name", allowLineBreaks: false, standIn: { value: "Strategy s1", effect: "renamed" } },
        { key: "description", allowLineBreaks: true, standIn: { value: null, effect: "cleared" } },
        { key: "alias", allowLineBreaks: false },
      ],
      "strategy s1",
    );
    expect(args).toEqual({ name: "Strategy s1", description: null });
    expect(replaced.warnings).toHaveLength(3);
    expect(replaced.note).toContain('the name is declared as "Strategy s1" (renamed)');
    expect(replaced.note).toContain("the description is declared as null (cleared)");
    expect(replaced.note).toContain("the alias is left out of the program (the account keeps it as it is)");
  });

  it("leaves text the rule accepts alone, and says nothing", () => {
    const args: Record<string, unknown> = { name: "Momentum 👩‍💻", description: "a\n\tb" };
    const replaced = plainFields(
      args,
      [
        { key: "name", allowLineBreaks: false },
        { key: "description", allowLineBreaks: true },
      ],
      "strategy",
    );
    expect(args).toEqual({ name: "Momentum 👩‍💻", description: "a\n\tb" });
    expect(replaced).toEqual({ note: undefined, warnings: [] });
  });

  it("writes the comment above the resource in both programs, which still compile and parse", async () => {
    const snapshot = accountSnapshot({
      strategies: [listedStrategy(ID, "Safety\u200bfirst", { description: "bom\ufeff" })],
      developers: [{ address: ADDRESS, alias: "\u3164", isActive: true, tagIds: [] }],
    });
    const declarations = declareAccount(snapshot);
    expect(declarations.warnings.join("\n")).toContain(
      `(${ID}): name contains the invisible character \\u200b`,
    );
    expect(declarations.warnings.join("\n")).toContain(`followed developer "${ADDRESS}": alias contains`);
    const { source } = renderProgram(declarations);
    expect(source).toMatch(
      /\/\/ In the account, name contains the invisible character \\u200b at position 7.*\n.*new sa\.Strategy/,
    );
    const { declared } = await runProgram(source, { developer: [], microblog: [] });
    expect(declared.find((d) => d.type === "Strategy")!.args).toMatchObject({
      name: "Safetyfirst",
      description: "bom",
    });
    expect(declared.find((d) => d.type === "FollowedDeveloper")!.args).toEqual({
      address: ADDRESS,
      adopt: true,
    });
    const yaml = renderYamlProgram("p", declarations);
    expect(yaml).toContain(
      "  # In the account, alias contains the invisible character \\u3164 at position 1",
    );
    const doc = parse(yaml) as { resources: Record<string, { properties: Record<string, unknown> }> };
    expect(
      Object.values(doc.resources)
        .map((r) => r.properties.name)
        .filter(Boolean),
    ).toEqual(["Safetyfirst"]);
  });
});
