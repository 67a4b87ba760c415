import * as pulumi from "@pulumi/pulumi";
import { describe, expect, it } from "vitest";
import {
  getAccountOutput,
  getDeveloperTagsOutput,
  getStrategiesOutput,
} from "../../../provider/functions/lookup-outputs";
import { getDeveloperTags } from "../../../provider/functions/lookups";
import { useLookupAccount } from "./fixtures";

/** An Output's value, outside a program (nothing is unknown there). */
function resolvedValue<T>(output: pulumi.Output<T>): Promise<T> {
  return new Promise((resolve) => output.apply((value) => resolve(value)));
}

describe("the lookups' Output forms against the emulator", () => {
  const options = useLookupAccount("wanted");

  it("answer with the lookup's result as an Output", async () => {
    expect((await resolvedValue(getAccountOutput(options))).plan).toBe("DEGEN");
    const tags = await resolvedValue(getDeveloperTagsOutput(options));
    expect(tags.length).toBeGreaterThan(0);
    expect(tags).toEqual(await getDeveloperTags(options));
  });

  it("take their arguments as Inputs, an Output of another resource included", async () => {
    const name = pulumi.output(Promise.resolve("wanted"));
    const found = await resolvedValue(getStrategiesOutput({ name }, options));
    expect(found.map((s) => s.name)).toEqual(["wanted"]);
    expect(await resolvedValue(getStrategiesOutput({ name: "nothing like it" }, options))).toEqual([]);
  });
});
