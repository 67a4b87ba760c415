import { afterEach, describe, expect, it } from "vitest";
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
