import { describe, expect, it } from "vitest";
import { ConfigurationError } from "../../provider/api/errors";
import {
  API_KEY_CONFIG,
  API_KEY_ENV,
  BASE_URL_CONFIG,
  clientCache,
  resolveCredentials,
} from "../../provider/credentials";
import { clearCredentialsEnvEachTest } from "../support/credentials-env";

const BASE = "https://alerts.example/api/external/v1";
clearCredentialsEnvEachTest();

const config =
  (values: Record<string, string>) =>
  (key: string): string | undefined =>
    values[key];

describe("resolveCredentials", () => {
  it("takes an explicit option first, then the environment, then stack config, and says where the key came from", () => {
    const stack = config({ [API_KEY_CONFIG]: "sa_live_stack", [BASE_URL_CONFIG]: BASE });
    expect(resolveCredentials(stack)).toEqual({
      apiKey: "sa_live_stack",
      baseUrl: BASE,
      apiKeySource: `stack config ${API_KEY_CONFIG}`,
    });
    process.env[API_KEY_ENV] = "sa_live_env";
    expect(resolveCredentials(stack).apiKeySource).toBe(`the ${API_KEY_ENV} environment variable`);
    expect(resolveCredentials(stack).apiKey).toBe("sa_live_env");
    expect(resolveCredentials(stack, { apiKey: "sa_live_option" })).toMatchObject({
      apiKey: "sa_live_option",
      apiKeySource: "the apiKey option",
    });
  });

  it("names the config key and the variable to set for a missing key or base URL", () => {
    expect(() => resolveCredentials(config({ [BASE_URL_CONFIG]: BASE }))).toThrow(ConfigurationError);
    expect(() => resolveCredentials(config({ [BASE_URL_CONFIG]: BASE }))).toThrow(API_KEY_ENV);
    expect(() => resolveCredentials(config({ [API_KEY_CONFIG]: "sa_live_k" }))).toThrow(BASE_URL_CONFIG);
  });
});

describe("clientCache", () => {
  it("keeps one client while the key and base URL stay the same, and makes a new one when either changes", async () => {
    const clientOf = clientCache({});
    const a = clientOf({ apiKey: "sa_live_a", baseUrl: BASE, apiKeySource: "x" });
    const sameA = clientOf({ apiKey: "sa_live_a", baseUrl: BASE, apiKeySource: "y" });
    const b = clientOf({ apiKey: "sa_live_b", baseUrl: BASE, apiKeySource: "x" });
    const otherBase = clientOf({
      apiKey: "sa_live_b",
      baseUrl: `http://127.0.0.1:1/api/external/v1`,
      apiKeySource: "x",
    });
    try {
      expect(sameA).toBe(a);
      expect(b).not.toBe(a);
      expect(otherBase).not.toBe(b);
    } finally {
      for (const client of [a, b, otherBase]) await client.close();
    }
  });
});
