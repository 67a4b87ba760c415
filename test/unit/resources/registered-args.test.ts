import * as pulumi from "@pulumi/pulumi";
import { describe, expect, it } from "vitest";
import { kindOf, RESOURCE_KINDS } from "../../../provider/model/kinds";
import { registeredArgs } from "../../../provider/resources/registered-args";
import type { WebhookArgs } from "../../../provider/resources/webhook";

const registered = (args: WebhookArgs): WebhookArgs => registeredArgs("Webhook", args);
const CREDENTIAL_URL = "https://hooks.example.com/in?token=abc123";
const PLAIN_URL = "https://hooks.example.com/in";

const resolved = (value: unknown) =>
  new Promise((resolve) => (value as pulumi.Output<unknown>).apply(resolve));

/** The inputs a kind's descriptor marks `secretWithCredential`. */
const marked = (kind: (typeof RESOURCE_KINDS)[number]) =>
  Object.entries(kindOf(kind).inputs).flatMap(([name, f]) => (f.secretWithCredential ? [name] : []));

describe("the args a kind's class registers beyond its descriptor", () => {
  it("seals every input its descriptor marks secretWithCredential, of any kind", async () => {
    const kinds = RESOURCE_KINDS.filter((kind) => marked(kind).length > 0);
    expect(kinds).toContain("Webhook");
    for (const kind of kinds) {
      const args = registeredArgs(
        kind,
        Object.fromEntries(marked(kind).map((name) => [name, CREDENTIAL_URL])),
      );
      for (const name of marked(kind)) {
        const value = (args as Record<string, unknown>)[name];
        expect(await pulumi.isSecret(value as pulumi.Output<string>), `${kind}.${name}`).toBe(true);
      }
    }
  });

  it("registers the args of a kind that marks no input as the program passed them", () => {
    const unmarked = RESOURCE_KINDS.filter((kind) => marked(kind).length === 0);
    expect(unmarked.length).toBeGreaterThan(0);
    for (const kind of unmarked) {
      // Even an arg that looks like a credential url: only the descriptor's fact seals one.
      const args = { url: CREDENTIAL_URL, name: "n" };
      expect(registeredArgs(kind, args), kind).toBe(args);
    }
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
