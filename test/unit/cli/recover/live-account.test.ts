import { describe, expect, it } from "vitest";
import { liveAccount } from "../../../../cli/recover/live-account";
import type { PendingCreate } from "../../../../cli/recover/stack-state";
import type { ApiClient } from "../../../../provider/api/client";
import type { ResourceKind } from "../../../../provider/model/kinds";

const ADDRESS = "5p2hWfGq8V7aZ9kNnR3sT4uX6yB1cD2eF3gH4jK5mL6";
const OTHER = "9xQ2wE3rT4yU5iO6pA7sD8fG9hJ1kL2zX3cV4bN5mQ7";

/** A client answering the reads recover makes, recording which endpoints it was asked. */
function recordingClient(): { client: ApiClient; asked: string[] } {
  const asked: string[] = [];
  const client = {
    strategies: {
      list: async () => {
        asked.push("strategies");
        return { strategies: [] };
      },
    },
    webhook: {
      get: async () => {
        asked.push("webhook");
        return { url: "https://hooks.example/a", enabled: false };
      },
    },
    devs: {
      async *iterate() {
        asked.push("devs");
        yield { address: ADDRESS, alias: "A", isActive: true, tagIds: ["t1"] };
        // A listing without tag ids: they are read one developer at a time.
        yield { address: OTHER, isActive: false };
      },
      getTags: async (address: string) => {
        asked.push(`tags ${address}`);
        return { tagIds: ["t2"] };
      },
    },
  } as unknown as ApiClient;
  return { client, asked };
}

const pending = (kind: ResourceKind): PendingCreate => ({ kind, urn: `urn:x::${kind}`, inputs: {} });

describe("liveAccount", () => {
  it("reads only the strategies while no keyed kind's create is pending", async () => {
    const { client, asked } = recordingClient();
    const live = await liveAccount(client, "acct", [pending("Strategy"), pending("StrategyActivation")]);
    expect(asked).toEqual(["strategies"]);
    expect(live).toEqual({ id: "acct", strategies: [] });
  });

  it("reads the webhook for a pending Webhook create", async () => {
    const { client, asked } = recordingClient();
    const live = await liveAccount(client, "acct", [pending("Webhook")]);
    expect(asked).toEqual(["strategies", "webhook"]);
    expect(live.webhook).toEqual({ url: "https://hooks.example/a", enabled: false });
    expect(live.developers).toBeUndefined();
  });

  it("reads the developers once for the developer kinds, their tags where the listing has none", async () => {
    const { client, asked } = recordingClient();
    const live = await liveAccount(client, "acct", [pending("FollowedDeveloper"), pending("DeveloperTags")]);
    expect(asked).toEqual(["strategies", "devs", `tags ${OTHER}`]);
    expect(live.webhook).toBeUndefined();
    expect([...(live.developers?.values() ?? [])]).toEqual([
      { address: ADDRESS, alias: "A", active: true, tagIds: ["t1"] },
      { address: OTHER, alias: null, active: false, tagIds: ["t2"] },
    ]);
  });
});
