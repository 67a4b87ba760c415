import { describe, expect, it } from "vitest";
import type { AccountDeclarations, Declaration } from "../../../../cli/import/declarations";
import { programOutputs } from "../../../../cli/import/program-outputs";

const declared = (kind: Declaration["kind"]): Declaration =>
  ({
    kind,
    name: { resource: kind.toLowerCase() },
    args: {},
    importId: "id",
    referenced: false,
  }) as unknown as Declaration;

const account = (...resources: Declaration[]): AccountDeclarations => ({
  resources,
  secrets: [],
  warnings: [],
});

describe("programOutputs", () => {
  it("exports the activation's active set, in the order of the declarations, and nothing of the other kinds", () => {
    const activation = declared("StrategyActivation");
    const outputs = programOutputs(
      account(declared("Strategy"), declared("Webhook"), activation, declared("FollowedDeveloper")),
    );
    expect(outputs).toEqual([{ declaration: activation, output: "activeStrategyIds" }]);
  });

  it("exports nothing for an account without an activation", () => {
    expect(programOutputs(account(declared("Strategy"), declared("DeveloperTags")))).toEqual([]);
  });
});
