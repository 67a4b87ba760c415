import { describe, expect, it } from "vitest";
import { ConfigurationError } from "../../../provider/api/errors";
import { RuntimeContext } from "../../../provider/runtime/context";
import { clearCredentialsEnvEachTest } from "../../support/credentials-env";

clearCredentialsEnvEachTest();

function configured(apiKey: string): RuntimeContext {
  const ctx = new RuntimeContext();
  const config: Record<string, string> = {
    "strategy-alerts:apiKey": apiKey,
    "strategy-alerts:baseUrl": "https://alerts.example/api/external/v1",
  };
  ctx.settings.setReader((key) => config[key]);
  return ctx;
}

describe("RuntimeContext", () => {
  it("needs credentials only when a client is asked for", () => {
    const ctx = new RuntimeContext();
    ctx.settings.setReader(() => undefined);
    expect(() => ctx.client()).toThrow(ConfigurationError);
  });

  it("keeps one client per context while its credentials stay, and never shares it with another", async () => {
    const a = configured("sa_live_a");
    const b = configured("sa_live_a");
    const client = a.client();
    try {
      expect(a.client()).toBe(client);
      expect(b.client()).not.toBe(client);
      expect(a.run).not.toBe(b.run);
    } finally {
      await client.close();
      await b.client().close();
    }
  });
});
