import { describe, expect, it } from "vitest";
import { TYPE_TOKENS } from "../../../provider/model/type-tokens";
import { webhookHttpsPolicy } from "../../../provider/policy/webhook-https";
import { describeInPack, violationsOfResource } from "./policy-harness";

describe("webhook-https", () => {
  const check = (url: unknown) =>
    violationsOfResource("webhook-https", TYPE_TOKENS.Webhook, { url, enabled: true });

  it("accepts https, plain http to a loopback host, and no url", async () => {
    for (const url of [
      "https://hooks.example.com/x",
      "http://localhost:8080/h",
      "http://127.0.0.5/h",
      "http://[::1]:9/h",
      null,
    ]) {
      expect(await check(url), String(url)).toEqual([]);
    }
  });

  it("reports plain http to any other host, naming the host", async () => {
    expect(await check("http://hooks.example.com/x")).toEqual([
      expect.stringContaining("uses http for host hooks.example.com: use https"),
    ]);
    expect(await check("http://127.0.0.1.evil.com/x")).toHaveLength(1);
  });
});

describeInPack("webhook-https", "webhook-https.ts", webhookHttpsPolicy);
