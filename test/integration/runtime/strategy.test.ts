import { beforeAll, describe, expect, it } from "vitest";
import { RuntimeContext } from "../../../provider/runtime/context";
import { strategyHandler } from "../../../provider/runtime/strategy";
import { control } from "../../support/emulator";
import { newAccount, useRuntimeEmulator } from "../../support/runtime-emulator";
import { sampleStrategy } from "../../support/strategy";

const ctx = new RuntimeContext();

// Strategy create under the interruptions the fault campaign injects at random, reproduced
// directly: every ambiguous or interrupted create converges on exactly one strategy.
describe("Strategy create under interrupted and ambiguous writes", () => {
  // This suite's context takes its key from the environment, set to the account's for the suite.
  const em = useRuntimeEmulator();
  let apiKey: string;

  beforeAll(async () => {
    ({ apiKey } = await newAccount(em, "DEGEN"));
    process.env.STRATEGY_ALERTS_API_KEY = apiKey;
    process.env.STRATEGY_ALERTS_BASE_URL = em.baseUrl;
  });

  const names = async () => {
    const res = await fetch(`${em.baseUrl}/strategies`, { headers: { "x-api-key": apiKey } });
    return ((await res.json()) as { strategies: { id: string; name: string }[] }).strategies;
  };
  /** The id of a strategy named `name` created outside the provider (another stack, the app). */
  const createdElsewhere = async (name: string) => {
    const res = await fetch(`${em.baseUrl}/strategies`, {
      method: "POST",
      headers: { "x-api-key": apiKey, "content-type": "application/json" },
      body: JSON.stringify(sampleStrategy({ name })),
    });
    return ((await res.json()) as { strategy: { id: string } }).strategy.id;
  };
  const idsNamed = async (name: string) =>
    (await names())
      .filter((s) => s.name === name)
      .map((s) => s.id)
      .sort();
  /** The next strategy create's connection drops, `before` the service applies it or after it commits. */
  const dropNextCreate = (drop: "before" | "after-commit") =>
    control(em, "POST", "/faults", { method: "POST", path: "/strategies", drop, count: 1 });
  const inputs = (name: string) => {
    const { isActive: _activity, ...body } = sampleStrategy({ name });
    return body as unknown as Record<string, unknown>;
  };

  it("stamps a create's checked inputs with a time on the service's clock before its POST, keeps it on later checks and never sends it", async () => {
    // The service's clock runs 7 minutes ahead of this machine's: the bound is on the service's.
    await control(em, "POST", "/clock", { advanceMinutes: 7 });
    const checked = (await strategyHandler.check(ctx, {}, inputs("Stamped"))).inputs as Record<
      string,
      unknown
    >;
    const bound = Date.parse(String(checked.createdNotBefore));
    const uncertainty = checked.createdNotBeforeUncertaintyMs as number;
    expect(bound).toBeGreaterThan(Date.now() + 6 * 60_000);
    expect(uncertainty).toBeGreaterThanOrEqual(1000);
    const created = await strategyHandler.create(ctx, checked);
    await control(em, "POST", "/clock", { advanceMinutes: -7 });
    const live = (await names()).find((s) => s.id === created.id) as Record<string, unknown> | undefined;
    expect(live).toBeDefined();
    expect(live).not.toHaveProperty("createdNotBefore");
    expect(live).not.toHaveProperty("createdNotBeforeUncertaintyMs");
    // The create waited until the service's clock had passed the whole band: recover can prove it.
    expect(Date.parse(String(created.outs.createdAt))).toBeGreaterThanOrEqual(bound + uncertainty);
    // The next run's check of the same resource keeps the state's stamp: no change to show.
    const again = (await strategyHandler.check(ctx, checked, inputs("Stamped"))).inputs;
    expect(again.createdNotBefore).toBe(checked.createdNotBefore);
    expect(again.createdNotBeforeUncertaintyMs).toBe(uncertainty);
    // An adoption creates nothing: nothing to bound.
    const adopted = (await strategyHandler.check(ctx, {}, { ...inputs("Stamped"), adopt: created.id }))
      .inputs;
    expect(adopted).not.toHaveProperty("createdNotBefore");
    // A resource from before the stamp existed gets none on later checks.
    const { createdNotBefore: _bound, createdNotBeforeUncertaintyMs: _within, ...older } = checked;
    expect((await strategyHandler.check(ctx, older, inputs("Stamped"))).inputs).not.toHaveProperty(
      "createdNotBefore",
    );
  });

  it("never takes over an identical strategy it did not send (another stack, the app, a killed run)", async () => {
    const otherId = await createdElsewhere("Held elsewhere");
    const created = await strategyHandler.create(ctx, inputs("Held elsewhere"));
    expect(created.id).not.toBe(otherId);
    expect(await idsNamed("Held elsewhere")).toEqual([otherId, created.id].sort());
  });

  it("takes back its own lost create and not a twin another stack made before it was sent, by the service's clock", async () => {
    const twinId = await createdElsewhere("Twin before");
    // Past the calibration's uncertainty (the Date header's second and a round trip): the twin is
    // provably older than the request. A local-clock window would have let it in.
    await new Promise((r) => setTimeout(r, 2_500));
    await dropNextCreate("after-commit");
    const created = await strategyHandler.create(ctx, inputs("Twin before"));
    expect(created.id).not.toBe(twinId);
    expect(await idsNamed("Twin before")).toEqual([twinId, created.id].sort());
  });

  it("reconciles every unknown outcome: a lost answer after a dropped first attempt leaves one strategy", async () => {
    await dropNextCreate("before");
    await dropNextCreate("after-commit");
    const created = await strategyHandler.create(ctx, inputs("Twice unknown"));
    expect(await idsNamed("Twice unknown")).toEqual([created.id]);
  });
});
