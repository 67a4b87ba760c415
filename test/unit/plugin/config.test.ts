import { describe, expect, it } from "vitest";
import { ACCOUNT_ID_CONFIG, API_KEY_CONFIG, BASE_URL_CONFIG } from "../../../provider/credentials";
import { UNKNOWN } from "../../../provider/model/unknown-value";
import { configFailures, configReader } from "../../../provider/plugin/config";

describe("configReader", () => {
  it("reads the engine's variables, in the current and the older naming", () => {
    const read = configReader(
      {},
      new Map([
        ["strategy-alerts:config:apiKey", "sa_live_from_config"],
        ["strategy-alerts:baseUrl", "https://alerts.example/api/external/v1"],
        ["other:config:apiKey", "not ours"],
      ]),
    );
    expect(read(API_KEY_CONFIG)).toBe("sa_live_from_config");
    expect(read(BASE_URL_CONFIG)).toBe("https://alerts.example/api/external/v1");
    expect(read(ACCOUNT_ID_CONFIG)).toBeUndefined();
    expect(read("other:apiKey")).toBeUndefined();
  });

  it("prefers an explicit provider's inputs, except values unknown during preview or empty", () => {
    const variables = new Map([
      ["strategy-alerts:config:apiKey", "sa_live_variable"],
      ["strategy-alerts:config:accountId", "user-1"],
    ]);
    const read = configReader({ apiKey: "sa_live_input", accountId: UNKNOWN, baseUrl: "" }, variables);
    expect(read(API_KEY_CONFIG)).toBe("sa_live_input");
    expect(read(ACCOUNT_ID_CONFIG)).toBe("user-1");
    expect(read(BASE_URL_CONFIG)).toBeUndefined();
  });
});

describe("configFailures", () => {
  it("accepts no configuration, values unknown during preview and a right base URL", () => {
    expect(configFailures({})).toEqual([]);
    expect(configFailures({ apiKey: UNKNOWN, baseUrl: UNKNOWN })).toEqual([]);
    expect(configFailures({ baseUrl: "https://alerts.example/api/external/v1" })).toEqual([]);
  });

  it("names a value that is not a string, and a wrong base URL without the key pasted into it", () => {
    expect(configFailures({ accountId: 7 })).toEqual([
      { property: "accountId", reason: `accountId must be a string (${ACCOUNT_ID_CONFIG})` },
    ]);
    const [failure, ...rest] = configFailures({
      apiKey: "sa_live_secret123",
      baseUrl: "ftp://alerts.example/sa_live_secret123",
    });
    expect(rest).toEqual([]);
    expect(failure?.property).toBe("baseUrl");
    expect(failure?.reason).not.toContain("sa_live_secret123");
  });
});
