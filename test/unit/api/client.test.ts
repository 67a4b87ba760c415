/**
 * The client a program gets from the package: every endpoint group and the calls the docs
 * promise on it. (The package's exported names are held by test/unit/public-surface.test.ts; the
 * calls' requests and answers by test/integration/api/client.test.ts.)
 */
import { describe, expect, it } from "vitest";
import * as sa from "../../../provider";

const PROMISED_CALLS = {
  account: ["me"],
  strategies: ["list", "create", "get", "update", "activate", "deactivate", "delete"],
  evaluations: ["list", "iterate"],
  backtests: ["list", "create", "get", "results"],
  notifications: ["list", "get", "performance", "createPerformanceJob", "getPerformanceJob"],
  microblog: ["handles", "tags"],
  devs: ["list", "tags", "getTags", "add", "update", "setTags"],
  webhook: ["get", "put"],
} as const;

describe("createClient", () => {
  // Nothing listens on port 9 (discard); making a client sends nothing.
  const client = sa.createClient({ apiKey: "sk_unit_client", baseUrl: "http://127.0.0.1:9/api/external/v1" });

  it("returns an ApiClient", () => {
    expect(client).toBeInstanceOf(sa.ApiClient);
  });

  it.each(Object.entries(PROMISED_CALLS))("gives the %s group its calls", (group, calls) => {
    const api = (client as unknown as Record<string, Record<string, unknown>>)[group];
    const missing = calls.filter((call) => typeof api?.[call] !== "function");
    expect(missing).toEqual([]);
  });
});
