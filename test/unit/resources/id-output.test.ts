import * as pulumi from "@pulumi/pulumi";
import { describe, expect, it } from "vitest";
import { idOutput, readIdOutputFromId } from "../../../provider/resources/id-output";

/** What an output holds and whether it is known, as a program's apply would see it. */
async function seen(output: pulumi.Output<unknown>): Promise<{ known: boolean; value: unknown }> {
  const o = output as unknown as { isKnown: Promise<boolean>; promise(): Promise<unknown> };
  return { known: await o.isKnown, value: await o.promise() };
}

/** A resource as the SDK leaves it after registering: an id, and the provider's own id output. */
function registered(id: pulumi.Output<string>, strategyId: pulumi.Output<string>) {
  return { id, strategyId } as unknown as pulumi.CustomResource & { strategyId: pulumi.Output<string> };
}

describe("the output that is the resource id", () => {
  it("is a strategy's strategyId; the other kinds' ids are fixed names or inputs", () => {
    expect(idOutput("Strategy")).toBe("strategyId");
    expect(idOutput("StrategyActivation")).toBeUndefined();
    expect(idOutput("Webhook")).toBeUndefined();
    // A developer's id is its address, an input the program knows.
    expect(idOutput("FollowedDeveloper")).toBeUndefined();
    expect(idOutput("DeveloperTags")).toBeUndefined();
  });

  it("is known when the id is (an update in place), though the provider's output is not", async () => {
    const r = registered(pulumi.output("s-1"), pulumi.output(pulumi.unknown as unknown as string));
    readIdOutputFromId(r, "Strategy");
    expect(await seen(r.strategyId)).toEqual({ known: true, value: "s-1" });
  });

  it("is unknown when the id is (a create or a replacement: a new id)", async () => {
    const r = registered(pulumi.output(pulumi.unknown as unknown as string), pulumi.output("old-id"));
    readIdOutputFromId(r, "Strategy");
    expect((await seen(r.strategyId)).known).toBe(false);
  });

  it("leaves a kind without one as it is", () => {
    const activation = { id: pulumi.output("a"), strategyIds: pulumi.output(["x"]) };
    const before = activation.strategyIds;
    readIdOutputFromId(activation as unknown as pulumi.CustomResource, "StrategyActivation");
    expect(activation.strategyIds).toBe(before);
    expect(activation).not.toHaveProperty("strategyId");
  });
});
