import { describe, expect, it } from "vitest";
import { declareAccount } from "../../../../cli/import/declarations";
import { referencedVariables } from "../../../../cli/import/program-references";
import { richAccount } from "./sdk-account";

describe("the variables a program uses", () => {
  it("are exactly those another declaration's inputs refer to", () => {
    const declarations = declareAccount(richAccount());
    const used = referencedVariables(declarations);
    // A strategy's trigger config names Alice's developer; the activation names two strategies.
    expect([...used].sort()).toEqual(["devAliceTheDeployer", "momentum", "safetyFirst"]);
    // Every one of them is some declaration's variable, and a resource nothing refers to is not one.
    const variables = declarations.resources.map((d) => d.name.variable);
    for (const v of used) expect(variables).toContain(v);
    expect(used.has("activation")).toBe(false);
    expect(used.has("dev9wzdxwbb")).toBe(false);
  });
});
