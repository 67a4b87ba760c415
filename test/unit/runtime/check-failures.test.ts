import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import * as structproto from "google-protobuf/google/protobuf/struct_pb";
import { describe, expect, it } from "vitest";
import type { ApiClient } from "../../../provider/api/client";
import { UNKNOWN } from "../../../provider/model/unknown-value";
import { StrategyAlertsProvider } from "../../../provider/plugin/server";
import { boundedFailures, namedReason } from "../../../provider/runtime/check-failures";
import { RuntimeContext } from "../../../provider/runtime/context";
import { followedDeveloperHandler } from "../../../provider/runtime/followed-developer";
import { handlers } from "../../../provider/runtime/handlers";
import { strategyHandler } from "../../../provider/runtime/strategy";

const RULE = { rule: "liquidity_usd", dealbreaker: true, min: 1 };

describe("check failures stay short whatever the input's size", () => {
  it("name no property, so the engine quotes no value of the program, and each reason names its field", () => {
    const shown = boundedFailures([
      { property: "name", reason: "name must be at most 100 characters, got 100000" },
      { property: "rules[0].max", reason: "rules[0].max must be greater than min (min 10, max 5)" },
      { property: "alertCooldownMins", reason: "must be at most 1440" },
    ]);
    expect(shown).toEqual([
      { property: "", reason: "name must be at most 100 characters, got 100000" },
      { property: "", reason: "rules[0].max must be greater than min (min 10, max 5)" },
      // A reason that does not name its field is led by it.
      { property: "", reason: "alertCooldownMins: must be at most 1440" },
    ]);
    expect(namedReason({ property: "p\u001b", reason: "bad" })).toBe("p\\u001b: bad");
  });

  it("shows twenty failures, then how many more, with each reason cut", () => {
    const failures = Array.from({ length: 9_999 }, (_, i) => ({
      property: `rules[${i + 1}]`,
      reason: "x".repeat(5_000),
    }));
    const shown = boundedFailures(failures);
    expect(shown).toHaveLength(21);
    expect(shown[20]).toEqual({
      property: "",
      reason: "… and 9979 more problems of the same resource (fix the ones above first)",
    });
    expect(shown[0]?.reason.length).toBeLessThan(1_100);
  });

  it("a strategy of 10,000 rules and a name of 100,000 characters fails its check in a few kilobytes", async () => {
    const result = await handlers.Strategy.check(
      new RuntimeContext(),
      {},
      {
        name: `${"n".repeat(100_000)}\u001b`,
        triggers: ["new_token_created"],
        rules: Array.from({ length: 10_000 }, () => RULE),
      },
    );
    const text = JSON.stringify(result.failures);
    expect(text.length).toBeLessThan(5_000);
    expect(text).toContain("name must be at most 100 characters, got 100001");
    expect(text).toContain("rules must have at most 50 items, got 10000");
    expect(text).toContain("name contains the control character \\\\u001b at position 100001");
  });
});

describe("check failures never make the engine print a hostile or secret value", () => {
  it("a Webhook's check of a url with a password names no property", async () => {
    const result = await handlers.Webhook.check(
      new RuntimeContext(),
      {},
      { url: "https://user:pa%40ss@hooks.example.com/in", enabled: true },
    );
    expect(result.failures).toEqual([
      { property: "", reason: "url must not contain credentials (a user name or password before the host)" },
    ]);
  });
});

describe("checked at apply", () => {
  it("the plugin warns once on the resource whose checked input is unknown", async () => {
    const warned: [string, string][] = [];
    const provider = new StrategyAlertsProvider(undefined, async (urn, message) => {
      warned.push([urn, message]);
    });
    const check = provider.service().check as (
      call: { request: provproto.CheckRequest },
      cb: (err: unknown, res?: provproto.CheckResponse) => void,
    ) => void;
    const urn = "urn:pulumi:dev::p::strategy-alerts:index:FollowedDeveloper::dev";
    // A developer the stack already holds: a new one's check would first ask the service whether
    // someone else follows it (a request this test without a service cannot make).
    const request = new provproto.CheckRequest()
      .setUrn(urn)
      .setOlds(
        structproto.Struct.fromJavaScript({
          address: "0x1111111111111111111111111111111111111111",
          active: true,
        }),
      )
      .setNews(
        structproto.Struct.fromJavaScript({
          address: "0x1111111111111111111111111111111111111111",
          alias: UNKNOWN,
        }),
      );
    const response = await new Promise<provproto.CheckResponse | undefined>((resolve, reject) =>
      check({ request }, (err, res) => (err ? reject(err) : resolve(res))),
    );
    expect(response?.getFailuresList()).toEqual([]);
    expect(warned).toEqual([[urn, "checked at apply: alias"]]);
  });
});

// The kinds' own handlers: the account binding of the handler table reads GET /me before a write.
describe("a value known only at apply is checked before anything is sent", () => {
  /** A context whose client fails the test on any request. */
  class NoRequests extends RuntimeContext {
    readonly requests: string[] = [];
    override client(): ApiClient {
      const group = new Proxy({}, { get: (_, method) => () => this.requests.push(String(method)) });
      return new Proxy({} as ApiClient, { get: () => group });
    }
  }

  it("Strategy create and update refuse a name with a control character", async () => {
    const ctx = new NoRequests();
    const inputs = { name: "after-\u0007", triggers: ["new_token_created"], rules: [RULE] };
    await expect(strategyHandler.create(ctx, inputs)).rejects.toThrow(
      /create failed: Invalid strategy \(1 problem\):\\n {2}- name contains the control character \\u0007 at position 7/,
    );
    await expect(strategyHandler.update(ctx, "s1", { ...inputs, name: "before" }, inputs)).rejects.toThrow(
      /update failed: .*name contains the control character/s,
    );
    expect(ctx.requests).toEqual([]);
  });

  it("FollowedDeveloper create and update refuse an alias with a bidi control", async () => {
    const ctx = new NoRequests();
    const inputs = {
      address: "0x1111111111111111111111111111111111111111",
      alias: "dev\u202e",
      active: true,
    };
    await expect(followedDeveloperHandler.create(ctx, inputs)).rejects.toThrow(
      /alias contains the bidi control character \\u202e at position 4/,
    );
    await expect(
      followedDeveloperHandler.update(ctx, "0x1111111111111111111111111111111111111111", {}, inputs),
    ).rejects.toThrow(/alias contains/);
    expect(ctx.requests).toEqual([]);
  });
});
