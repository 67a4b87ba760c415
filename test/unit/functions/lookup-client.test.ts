import { describe, expect, it } from "vitest";
import { ConfigurationError } from "../../../provider/api/errors";
import { API_KEY_ENV, BASE_URL_ENV } from "../../../provider/credentials";
import { lookupClient } from "../../../provider/functions/lookup-client";
import { clearCredentialsEnvEachTest } from "../../support/credentials-env";

const BASE = "https://alerts.example/api/external/v1";
clearCredentialsEnvEachTest();

describe("lookupClient", () => {
  it("keeps one client for the same credentials, from the options or the environment", async () => {
    const fromOptions = lookupClient({ apiKey: "sa_live_lookup", baseUrl: BASE });
    expect(lookupClient({ apiKey: "sa_live_lookup", baseUrl: BASE })).toBe(fromOptions);
    process.env[API_KEY_ENV] = "sa_live_lookup";
    process.env[BASE_URL_ENV] = BASE;
    expect(lookupClient()).toBe(fromOptions);
    await fromOptions.close();
  });

  it("says which setting is missing outside a program with no key", () => {
    expect(() => lookupClient({ baseUrl: BASE })).toThrow(ConfigurationError);
    expect(() => lookupClient({ baseUrl: BASE })).toThrow(API_KEY_ENV);
  });
});
