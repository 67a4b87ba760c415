import { describe, expect, it } from "vitest";
import { Clock } from "../../../emulator/clock";
import { startEmulator } from "../../../emulator/server";
import { until } from "../../support/until";
import { createStrategy, setClock } from "./engine-helpers";
import { control, type Json, newUser, strategyBody } from "./helpers";

const NOW = "2026-10-15T09:30:00.000Z";

/** Queues a backtest over the last week on a fresh default emulator and returns its metrics. */
async function weekMetrics(): Promise<Json> {
  // The seeded history is generated from the start-up day of the emulator clock.
  const em = await startEmulator({ port: 0, clock: new Clock(Date.parse(NOW) - Date.now()) });
  try {
    await setClock(em, NOW);
    const u = await newUser(em);
    const s = await createStrategy(
      u,
      strategyBody({
        rules: [
          { rule: "is_honeypot", dealbreaker: true },
          { rule: "liquidity_usd", dealbreaker: false, min: 5000 },
        ],
      }),
    );
    const created = await u.post("/backtests", {
      strategyId: s.id,
      from: "2026-10-01T00:00:00Z",
      to: NOW,
      labelDefinition: { threshold: 2 },
      options: {},
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.from).toBe("2026-10-08T10:00:00.000Z"); // lookback of 7 days, next whole hour
    expect(created.body.to).toBe("2026-10-15T08:00:00.000Z"); // last completed hour
    await control(em, "POST", "/jobs/run");
    return (await u.get("/backtests")).body.items[0].metrics;
  } finally {
    await em.close();
  }
}

describe("seeded token history and the token stream", () => {
  it("seeds a deterministic history at start-up that backtests replay", async () => {
    const a = await weekMetrics();
    const b = await weekMetrics();
    expect(a.tested).toBeGreaterThan(50);
    expect(a.positives).toBeGreaterThan(0);
    expect(a.winnersNow).toBeGreaterThan(0);
    expect(b).toEqual(a);
  });

  it("keeps the token stream off by default; the control plane starts and stops it", async () => {
    const em = await startEmulator({ port: 0, history: false });
    try {
      expect((await control(em, "GET", "/stream")).body).toMatchObject({ enabled: false, emitted: 0 });
      const u = await newUser(em);
      await createStrategy(
        u,
        strategyBody({ isActive: true, rules: [{ rule: "liquidity_usd", dealbreaker: false, min: 1 }] }),
      );
      const started = await control(em, "POST", "/stream", { enabled: true, intervalMs: 20 });
      expect(started.body).toMatchObject({ enabled: true, intervalMs: 20 });
      // The stream ticks on this machine's timer, not the business clock: wait for its third launch
      // however long a loaded machine takes, rather than a fixed time that may see fewer.
      await until(async () => (await control(em, "GET", "/stream")).body.emitted > 2);
      const stopped = await control(em, "POST", "/stream", { enabled: false });
      expect(stopped.body.enabled).toBe(false);
      expect(stopped.body.emitted).toBeGreaterThan(2);
      const evaluations = (await u.get("/strategy-evaluations?pageSize=100")).body.items as Json[];
      expect(evaluations.length).toBe(stopped.body.emitted);
      expect(evaluations[0].sourceContext).toMatchObject({ source: "launch_platform", origin: "stream" });
    } finally {
      await em.close();
    }
  });
});
