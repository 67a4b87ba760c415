import { afterEach, describe, expect, it } from "vitest";
import { ACCOUNT_ID_CONFIG, API_KEY_CONFIG, BASE_URL_CONFIG } from "../../../provider/credentials";
import { UNKNOWN } from "../../../provider/model/unknown-value";
import {
  accountPinChanged,
  configFailures,
  configReader,
  credentialsOf,
  type KeyAccount,
  withAccountPin,
} from "../../../provider/plugin/config";

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

describe("withAccountPin (CheckConfig's carry-forward of the provider's account)", () => {
  const KEY = { apiKey: "sa_live_key", baseUrl: "https://alerts.example/api/external/v1" };
  /** A key's account read that records which key it was asked about. */
  const reading = (account: string | undefined) => {
    const asked: (string | undefined)[] = [];
    const read: KeyAccount = async (config) => {
      asked.push(config(API_KEY_CONFIG));
      return account;
    };
    return { read, asked };
  };
  const saved = process.env.STRATEGY_ALERTS_API_KEY;
  afterEach(() => {
    if (saved === undefined) delete process.env.STRATEGY_ALERTS_API_KEY;
    else process.env.STRATEGY_ALERTS_API_KEY = saved;
  });

  it("keeps an explicitly set accountId (stack config or the provider's input) and reads nothing", async () => {
    const { read, asked } = reading("U2");
    expect(await withAccountPin({ accountId: "U1" }, { ...KEY, accountId: "U3" }, read)).toEqual({
      ...KEY,
      accountId: "U3",
    });
    // A value unknown during preview is set: its value comes at apply.
    expect((await withAccountPin({ accountId: "U1" }, { ...KEY, accountId: UNKNOWN }, read)).accountId).toBe(
      UNKNOWN,
    );
    expect(asked).toEqual([]);
  });

  it("carries the account the provider's stored inputs record when the new inputs have none", async () => {
    const { read, asked } = reading("U2");
    expect(await withAccountPin({ ...KEY, accountId: "U1" }, KEY, read)).toEqual({ ...KEY, accountId: "U1" });
    // A blank value is no pin: the stored one is carried.
    expect((await withAccountPin({ accountId: "U1" }, { ...KEY, accountId: "  " }, read)).accountId).toBe(
      "U1",
    );
    expect(asked).toEqual([]);
  });

  it("records the key's account when neither has one (the first up, the first after an upgrade)", async () => {
    const { read, asked } = reading("U1");
    expect(await withAccountPin({}, KEY, read)).toEqual({ ...KEY, accountId: "U1" });
    expect(await withAccountPin({ ...KEY }, KEY, read)).toEqual({ ...KEY, accountId: "U1" });
    expect(asked).toEqual([KEY.apiKey, KEY.apiKey]);
  });

  it("records nothing and fails nothing when the key's account cannot be read (no key, a failed read)", async () => {
    const { read } = reading(undefined);
    expect(await withAccountPin({}, { baseUrl: KEY.baseUrl }, read)).toEqual({ baseUrl: KEY.baseUrl });
  });
});

describe("accountPinChanged (DiffConfig)", () => {
  it("is a change only when a recorded account moves to another", () => {
    expect(accountPinChanged({ accountId: "U1" }, { accountId: "U2" })).toBe(true);
    expect(accountPinChanged({ accountId: "U1" }, { accountId: UNKNOWN })).toBe(true);
    expect(accountPinChanged({ accountId: "U1" }, { accountId: "U1" })).toBe(false);
    // The carried pin recorded on an upgrade previews as no change.
    expect(accountPinChanged({}, { accountId: "U1" })).toBe(false);
    expect(accountPinChanged({ accountId: "" }, { accountId: "U1" })).toBe(false);
  });
});

describe("credentialsOf", () => {
  const saved = process.env.STRATEGY_ALERTS_API_KEY;
  afterEach(() => {
    if (saved === undefined) delete process.env.STRATEGY_ALERTS_API_KEY;
    else process.env.STRATEGY_ALERTS_API_KEY = saved;
  });
  const config =
    (values: Record<string, string>) =>
    (key: string): string | undefined =>
      values[key];

  it("tells two configurations' credentials apart, the environment's key first, and none without a key", () => {
    delete process.env.STRATEGY_ALERTS_API_KEY;
    const one = config({ [API_KEY_CONFIG]: "k1", [BASE_URL_CONFIG]: "https://a.example/api/external/v1" });
    const two = config({ [API_KEY_CONFIG]: "k2", [BASE_URL_CONFIG]: "https://a.example/api/external/v1" });
    expect(credentialsOf(one)).toBeDefined();
    expect(credentialsOf(one)).toBe(credentialsOf(one));
    expect(credentialsOf(one)).not.toBe(credentialsOf(two));
    expect(credentialsOf(config({ [BASE_URL_CONFIG]: "https://a.example/api/external/v1" }))).toBeUndefined();
    process.env.STRATEGY_ALERTS_API_KEY = "k-env";
    expect(credentialsOf(one)).toBe(credentialsOf(two));
  });
});
