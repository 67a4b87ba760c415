import { describe, expect, it } from "vitest";
import {
  getAccount,
  getDeveloperTags,
  getFollowedDevelopers,
  getMicroblogHandles,
  getMicroblogTags,
  getStrategies,
} from "../../../provider/functions/lookups";
import { useLookupAccount } from "./fixtures";

describe("lookup functions against the emulator", () => {
  const options = useLookupAccount("to adopt", async (client) => {
    await client.devs.add("0x52908400098527886e0f7030069857d2e4169ee7", { alias: "first" });
    await client.devs.add("0x8ba1f109551bd432803012645ac136ddd64dba72", { alias: "second" });
    await client.devs.update("0x8ba1f109551bd432803012645ac136ddd64dba72", { isActive: false });
  });

  it("getAccount reports the plan and its limits", async () => {
    const account = await getAccount(options);
    expect(account.plan).toBe("DEGEN");
    expect(account.limits.strategies.active).toBe(50);
    expect(account.limits.rateLimit.requestsPerMinute).toBe(300);
  });

  it("getStrategies finds a strategy to adopt by name", async () => {
    const found = await getStrategies({ name: "to adopt" }, options);
    expect(found).toHaveLength(1);
    expect(await getStrategies({ name: "nothing like it" }, options)).toEqual([]);
  });

  it("getFollowedDevelopers reads every page and filters by activity", async () => {
    expect((await getFollowedDevelopers({}, options)).map((d) => d.alias).sort()).toEqual([
      "first",
      "second",
    ]);
    expect((await getFollowedDevelopers({ isActive: true }, options)).map((d) => d.alias)).toEqual(["first"]);
  });

  it("getDeveloperTags, getMicroblogTags and getMicroblogHandles return the account's seeded lists", async () => {
    expect((await getDeveloperTags(options)).length).toBeGreaterThan(0);
    const tags = await getMicroblogTags({ scope: "platform" }, options);
    expect(tags.length).toBeGreaterThan(0);
    expect(tags.every((t) => t.isPlatformTag)).toBe(true);
    expect(
      (await getMicroblogHandles({ status: "active" }, options)).every((h) => h.status === "active"),
    ).toBe(true);
  });

  it("say which settings are missing instead of calling the service without a key", async () => {
    await expect(async () => getAccount({ baseUrl: options.baseUrl })).rejects.toThrow(
      /strategy-alerts:apiKey/,
    );
  });
});
