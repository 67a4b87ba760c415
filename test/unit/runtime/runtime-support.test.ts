import { afterEach, describe, expect, it } from "vitest";
import { UnauthorizedError } from "../../../provider/api/errors";
import { UNKNOWN } from "../../../provider/model/unknown-value";
import { describeWait } from "../../../provider/runtime/client";
import { ResourceOperationError } from "../../../provider/runtime/errors";
import { unknownPaths, withoutProvider } from "../../../provider/runtime/inputs";
import { ProviderSettings } from "../../../provider/runtime/settings";

const settings = new ProviderSettings();
const setStackConfig = (config: { get(key: string): string | undefined }) => settings.setStackConfig(config);
const credentials = () => settings.credentials();

function config(values: Record<string, string>) {
  return { get: (k: string) => values[k], require: (k: string) => values[k] ?? "" };
}

describe("provider credentials", () => {
  afterEach(() => {
    delete process.env.STRATEGY_ALERTS_API_KEY;
    delete process.env.STRATEGY_ALERTS_BASE_URL;
    setStackConfig(config({}));
  });

  it("prefer the environment over stack config, so a rotated key reaches refresh and destroy", () => {
    setStackConfig(
      config({ "strategy-alerts:apiKey": "old", "strategy-alerts:baseUrl": "http://x/api/external/v1" }),
    );
    process.env.STRATEGY_ALERTS_API_KEY = "new";
    expect(credentials()).toMatchObject({
      apiKey: "new",
      apiKeySource: "the STRATEGY_ALERTS_API_KEY environment variable",
    });
  });

  it("say how to set a missing key, without inventing one", () => {
    setStackConfig(config({ "strategy-alerts:baseUrl": "http://x/api/external/v1" }));
    expect(() => credentials()).toThrow(/pulumi config set --secret strategy-alerts:apiKey/);
  });
});

describe("provider errors and messages", () => {
  it("explain a rejected key after rotation without printing it", () => {
    const cause = new UnauthorizedError({
      method: "GET",
      route: "/strategies",
      statusCode: 401,
      serviceMessage: "API key required",
      error: "Unauthorized",
      body: {},
      attempts: 1,
    });
    const err = new ResourceOperationError('Strategy "x"', "refresh", cause);
    expect(err.message).toContain('Strategy "x": refresh failed: GET /strategies failed with 401');
    expect(err.message).toContain("set STRATEGY_ALERTS_API_KEY to the new key");
  });

  it("say what a wait is for, how long and why", () => {
    expect(
      describeWait({
        reason: "rate-limit-window",
        waitMs: 12_300,
        requestsPerMinute: 60,
        method: "POST",
        route: "/strategies",
      }),
    ).toBe(
      "strategy-alerts: waiting 13s before POST /strategies: the plan allows 60 requests per minute and this minute's budget is spent (by every command of this API key on this machine).",
    );
  });

  it("find every unknown preview value by path and drop the serialized provider", () => {
    const bag = {
      __provider: "code",
      name: "n",
      triggerConfigs: { x: { developerAddress: UNKNOWN } },
      rules: [{ min: UNKNOWN }],
    };
    expect(unknownPaths(withoutProvider(bag))).toEqual(["triggerConfigs.x.developerAddress", "rules[0].min"]);
    expect(withoutProvider(bag)).not.toHaveProperty("__provider");
  });
});
