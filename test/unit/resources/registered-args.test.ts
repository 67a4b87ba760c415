import * as pulumi from "@pulumi/pulumi";
import { describe, expect, it } from "vitest";
import { REGISTERED_ARGS } from "../../../provider/resources/registered-args";
import type { WebhookArgs } from "../../../provider/resources/webhook";

const registered = REGISTERED_ARGS.Webhook as (args: WebhookArgs) => WebhookArgs;
const CREDENTIAL_URL = "https://hooks.example.com/in?token=abc123";
const PLAIN_URL = "https://hooks.example.com/in";

const resolved = (value: unknown) =>
  new Promise((resolve) => (value as pulumi.Output<unknown>).apply(resolve));

describe("the args a kind's class registers beyond its descriptor", () => {
  it("only the webhook changes its args", () => {
    expect(Object.keys(REGISTERED_ARGS)).toEqual(["Webhook"]);
  });

  it("makes a webhook url carrying a credential a Pulumi secret, a plain string or an output alike", async () => {
    for (const url of [CREDENTIAL_URL, pulumi.output(CREDENTIAL_URL)]) {
      const args = registered({ url, enabled: true });
      expect(args.enabled).toBe(true);
      expect(pulumi.Output.isInstance(args.url)).toBe(true);
      expect(await pulumi.isSecret(args.url as pulumi.Output<string>)).toBe(true);
      expect(await resolved(args.url)).toBe(CREDENTIAL_URL);
    }
  });

  it("leaves a plain url and null as they are", async () => {
    expect(registered({ url: PLAIN_URL, enabled: true }).url).toBe(PLAIN_URL);
    expect(registered({ url: null, enabled: false }).url).toBeNull();
    const output = registered({ url: pulumi.output(PLAIN_URL), enabled: true }).url;
    expect(await pulumi.isSecret(output as pulumi.Output<string>)).toBe(false);
    expect(await resolved(output)).toBe(PLAIN_URL);
  });
});
