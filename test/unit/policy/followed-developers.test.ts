import { describe, expect, it } from "vitest";
import { followedDevelopersPolicy } from "../../../provider/policy/followed-developers";
import {
  describeInPack,
  HONEYPOT,
  type Props,
  resource,
  UNKNOWN_STRING,
  violationsOfStack,
} from "./policy-harness";

describe("followed-developers-only", () => {
  const ADDRESS = "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU";
  const walletStrategy = (developerAddress: string, deps: Props = {}) =>
    resource(
      "Strategy",
      "launches",
      {
        name: "Launches",
        triggers: ["followed_dev_new_token_created"],
        triggerConfigs: { followed_dev_new_token_created: { scope: "wallet", developerAddress } },
        rules: [HONEYPOT],
      },
      deps,
    );
  const dev = resource("FollowedDeveloper", "dev", { address: ADDRESS });

  it("accepts a wallet the stack follows, by value or as that developer's output during preview", async () => {
    expect(await violationsOfStack("followed-developers-only", [dev, walletStrategy(ADDRESS)])).toEqual([]);
    const computed = walletStrategy(UNKNOWN_STRING, { triggerConfigs: [dev] });
    expect(await violationsOfStack("followed-developers-only", [dev, computed])).toEqual([]);
  });

  it("reports a wallet the stack does not follow, or follows no longer, naming the address", async () => {
    const other = walletStrategy("9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM");
    const found = await violationsOfStack("followed-developers-only", [dev, other]);
    expect(found).toEqual([
      {
        message: expect.stringContaining(
          "developer 9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM, which this stack does not follow",
        ),
        urn: other.urn,
      },
    ]);
    const inactive = resource("FollowedDeveloper", "dev", { address: ADDRESS, active: false });
    expect(
      await violationsOfStack("followed-developers-only", [inactive, walletStrategy(ADDRESS)]),
    ).toHaveLength(1);
  });

  it("ignores strategies scoped to all developers or to a tag", async () => {
    const all = resource("Strategy", "all", {
      name: "All",
      triggerConfigs: { followed_dev_new_token_created: { scope: "all" } },
    });
    expect(await violationsOfStack("followed-developers-only", [all])).toEqual([]);
  });
});

describeInPack("followed-developers-only", "followed-developers.ts", followedDevelopersPolicy);
