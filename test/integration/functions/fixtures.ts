/**
 * The lookups' suites share one scene: a DEGEN account on the suite's emulator holding one
 * inactive strategy, and whatever else `prepare` adds with the account's client.
 */
import { beforeAll } from "vitest";
import { type ApiClient, createClient } from "../../../provider/api/client";
import { controlOk } from "../../support/emulator";
import { useEmulator } from "../../support/use-emulator";

/** The lookups' credentials for the account, filled in the suite's `beforeAll`. */
export function useLookupAccount(
  strategyName: string,
  prepare: (client: ApiClient) => Promise<unknown> = async () => {},
): { apiKey: string; baseUrl: string } {
  const em = useEmulator({ history: false });
  const options = { apiKey: "", baseUrl: "" };
  beforeAll(async () => {
    const { apiKey } = await controlOk<{ apiKey: string }>(em, "POST", "/users", { plan: "DEGEN" });
    Object.assign(options, { apiKey, baseUrl: em.baseUrl });
    const client = createClient(options);
    try {
      await client.strategies.create({
        name: strategyName,
        triggers: ["token_graduated"],
        rules: [{ rule: "has_website", dealbreaker: false }],
        isActive: false,
      });
      await prepare(client);
    } finally {
      await client.close();
    }
  });
  return options;
}
