import { describe, expect, it } from "vitest";
import { TYPE_TOKENS } from "../../../provider/model/type-tokens";
import { webhookHttpsPolicy } from "../../../provider/policy/webhook-https";
import { policy, violationsOfResource } from "./policy-harness";

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

describe("webhook-https in the pack", () => {
  it("is the policy webhook-https.ts makes, with its description and default enforcement", () => {
    const own = webhookHttpsPolicy({});
    const inPack = policy("webhook-https");
    expect(own.name).toBe("webhook-https");
    expect(inPack.description).toBe(own.description);
    expect(inPack.enforcementLevel).toBe(own.enforcementLevel);
    expect(webhookHttpsPolicy({ enforcementLevels: { "webhook-https": "disabled" } }).enforcementLevel).toBe(
      "disabled",
    );
  });
});
