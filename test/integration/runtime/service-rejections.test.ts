import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { RunningEmulator } from "../../../emulator/server";
import { control, startTestEmulator } from "../../support/emulator";
import { sampleStrategy } from "../../support/strategy";

/**
 * What the service refuses although the model accepted it reaches `pulumi up` in the
 * service's own words, naming the field, whatever layout its 400 uses.
 */
describe("a Strategy the service refuses (length-limits, error-layout)", () => {
  let em: RunningEmulator;
  const saved = { ...process.env };

  beforeAll(async () => {
    em = await startTestEmulator({ variants: ["length-limits", "error-layout"] });
    const user = (
      await control(em, "POST", "/users", { plan: "DEGEN", limits: { requestsPerMinute: 100_000 } })
    ).body;
    process.env.STRATEGY_ALERTS_API_KEY = user.apiKey;
    process.env.STRATEGY_ALERTS_BASE_URL = em.baseUrl;
    vi.resetModules();
  });
  afterAll(async () => {
    process.env = { ...saved };
    vi.resetModules();
    await em.close();
  });

  it("fails the create with the service's message naming the field", async () => {
    const strategyHandler = (await import("../../../provider/runtime/index")).handler("Strategy");
    const { isActive: _activity, ...body } = sampleStrategy({
      name: "a name the model allows but this service does not".padEnd(80, "."),
    });
    const err = await strategyHandler.create!(body as unknown as Record<string, unknown>).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(err?.message).toContain("create failed");
    expect(err?.message).toContain("400");
    expect(err?.message).toContain("Validation failed: name: must be at most 64 characters long");
  });
});
