import { describe, expect, it } from "vitest";
import type { PulumiRunner } from "../../../../cli/recover/pulumi-cli";
import { recoverStack } from "../../../../cli/recover/recover-stack";

/** A Pulumi CLI whose stack export is `deployment`, recording the commands it is given. */
function pulumiExporting(deployment: unknown): { pulumi: PulumiRunner; calls: string[][] } {
  const calls: string[][] = [];
  const pulumi: PulumiRunner = async (args) => {
    calls.push(args);
    if (args[0] === "stack" && args[1] === "export") return JSON.stringify({ version: 3, deployment });
    throw new Error(`unexpected pulumi ${args.join(" ")}`);
  };
  return { pulumi, calls };
}

describe("recoverStack", () => {
  it("finds nothing to recover in a stack without an interrupted create, and changes nothing", async () => {
    const { pulumi, calls } = pulumiExporting({
      resources: [{ urn: "urn:pulumi:dev::p::pulumi:pulumi:Stack::p-dev", type: "pulumi:pulumi:Stack" }],
    });
    const lines: string[] = [];
    const outcome = await recoverStack({
      cwd: "/nonexistent",
      stack: "dev",
      apply: false,
      log: (line) => lines.push(line),
      pulumi,
    });
    expect(outcome).toBe("nothing");
    expect(lines).toEqual([
      "No interrupted create of a strategy-alerts resource in this stack: nothing to recover.",
    ]);
    expect(calls).toEqual([["stack", "export", "--stack", "dev"]]);
  });

  it("lets a failure of the Pulumi CLI that no repair covers through", async () => {
    const pulumi: PulumiRunner = async () => {
      throw new Error("pulumi: command not found");
    };
    await expect(
      recoverStack({ cwd: "/nonexistent", stack: undefined, apply: true, log: () => {}, pulumi }),
    ).rejects.toThrow("pulumi: command not found");
  });
});
