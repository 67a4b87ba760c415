import * as pulumi from "@pulumi/pulumi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningEmulator, startEmulator } from "../../../emulator/server";
import { createClient } from "../../../provider/api/client";
import {
  getAccountOutput,
  getDeveloperTagsOutput,
  getStrategiesOutput,
} from "../../../provider/functions/lookup-outputs";
import { getDeveloperTags } from "../../../provider/functions/lookups";
import { controlOk } from "../../support/emulator";

/** An Output's value, outside a program (nothing is unknown there). */
function resolvedValue<T>(output: pulumi.Output<T>): Promise<T> {
  return new Promise((resolve) => output.apply((value) => resolve(value)));
}

describe("the lookups' Output forms against the emulator", () => {
  let em: RunningEmulator;
  let options: { apiKey: string; baseUrl: string };

  beforeAll(async () => {
    em = await startEmulator({ port: 0, history: false });
    const { apiKey } = await controlOk<{ apiKey: string }>(em, "POST", "/users", { plan: "DEGEN" });
    options = { apiKey, baseUrl: em.baseUrl };
    const client = createClient(options);
    try {
      await client.strategies.create({
        name: "wanted",
        triggers: ["token_graduated"],
        rules: [{ rule: "has_website", dealbreaker: false }],
        isActive: false,
      });
    } finally {
      await client.close();
    }
  });

  afterAll(async () => {
    await em?.close();
  });

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
