import { describe, expect, it } from "vitest";
import { otherStacks, type PulumiRunner } from "../../../../cli/recover/pulumi-cli";

/** A Pulumi CLI that answers the naming and listing commands from a file backend with two projects. */
function backend(selected: string): { pulumi: PulumiRunner; calls: string[][] } {
  const calls: string[][] = [];
  const stacks = [
    "organization/strategy-portfolio/t2",
    "organization/strategy-portfolio/staging",
    "organization/yaml-portfolio/a1",
    "organization/yaml-portfolio/t2",
  ];
  const pulumi: PulumiRunner = async (args) => {
    calls.push(args);
    if (args[0] === "stack" && args[1] === "--show-name") {
      const named = args.indexOf("--stack");
      const name = named >= 0 ? args[named + 1]! : selected;
      return `${name.includes("/") ? name : `organization/strategy-portfolio/${name}`}\n`;
    }
    if (args[0] === "stack" && args[1] === "ls")
      return JSON.stringify(stacks.map((name) => ({ name, current: name.endsWith(`/${selected}`) })));
    throw new Error(`unexpected: pulumi ${args.join(" ")}`);
  };
  return { pulumi, calls };
}

describe("the stacks recover reads besides the one it recovers", () => {
  it("are every stack of every project on the backend, fully qualified, a namesake of another project included", async () => {
    const { pulumi, calls } = backend("staging");
    expect(await otherStacks(pulumi, "t2")).toEqual([
      "organization/strategy-portfolio/staging",
      "organization/yaml-portfolio/a1",
      "organization/yaml-portfolio/t2",
    ]);
    expect(calls).toContainEqual(["stack", "ls", "--all", "--json", "--fully-qualify-stack-names"]);
  });

  it("leave out the selected stack when none is named", async () => {
    const { pulumi } = backend("staging");
    expect(await otherStacks(pulumi, undefined)).not.toContain("organization/strategy-portfolio/staging");
  });
});
