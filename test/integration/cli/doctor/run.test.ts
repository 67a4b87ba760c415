import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseTemporaryStrategyName } from "../../../../provider/model/temporary-strategies";
import { DoctorWorld, differing } from "./doctor-fixture";

const observed = (report: { rows: Array<{ item: string; observed: string }> }, item: string) =>
  report.rows.find((r) => r.item === item)?.observed ?? "";

describe("doctor against the default emulator", () => {
  const world = new DoctorWorld();
  let apiKey: string;

  beforeAll(async () => {
    await world.start();
    apiKey = (await world.user()).apiKey;
    await world.populate(apiKey);
  });
  afterAll(() => world.close());

  it("finds no difference, read-only, and sees what the account holds", async () => {
    const report = await world.diagnose(apiKey);
    expect(differing(report)).toEqual([]);
    expect(report.broken).toBe(0);
    expect(observed(report, "GET /me (plan, limits)")).toMatch(
      /^account [0-9a-f-]{36}, plan PRO: 60 req\/min, 25 active, no total cap$/,
    );
    expect(observed(report, "default list orders")).toBe(
      "/strategies asc, /strategy-evaluations desc, /backtests desc, /notifications desc, /devs/my asc",
    );
    expect(observed(report, "webhook state")).toMatch(/^configured, enabled true, verified at /);
    expect(observed(report, "length limits")).toBe("not checked (pass --write-probe)");
    // Read-only: nothing was written.
    const writes = world.em.store.listStrategies((await world.api(apiKey, "GET", "/me")).userId);
    expect(writes.map((s) => s.name).sort()).toEqual(["Clean launches", "Second look"]);
  });

  it("finds no difference with --write-probe, reads the limits and deletes its strategy", async () => {
    const report = await world.diagnose(apiKey, { writeProbe: true });
    expect(differing(report)).toEqual([]);
    expect(observed(report, "length limits")).toBe(
      "name ≤ 100, description ≤ 500, rules ≤ 50, triggers ≤ 6 (every event type)",
    );
    expect(observed(report, "PATCH with rules replaces rules")).toBe("replaces all saved rules");
    expect(observed(report, "400 for an invalid rule")).toMatch(/; message names rules\[1\]$/);
    expect(observed(report, "developer write answers")).toBe(
      "update → {developer, success}; tags → {success, tagIds}",
    );
    const names = (await world.api(apiKey, "GET", "/strategies")).strategies.map(
      (s: { name: string }) => s.name,
    );
    expect(names.filter((n: string) => parseTemporaryStrategyName(n))).toEqual([]);
  });

  it("sweeps a probe strategy an earlier killed run left behind, and only that", async () => {
    world.offsetMs = -10_000;
    for (const name of ["[doctor-tmp abc123] write probe", "[review-tmp abc123] Safety first"])
      await world.api(apiKey, "POST", "/strategies", {
        name,
        triggers: ["new_token_created"],
        rules: [{ rule: "is_honeypot", dealbreaker: true }],
        isActive: false,
      });
    const report = await world.diagnose(apiKey, { writeProbe: true });
    expect(observed(report, "leftover temporary strategies")).toBe("1 of 1 deleted");
    expect(world.logs.some((l) => l.includes("left by earlier doctor runs"))).toBe(true);
    const names = (await world.api(apiKey, "GET", "/strategies")).strategies.map(
      (s: { name: string }) => s.name,
    );
    // The review's temporary strategies are the review's to sweep.
    expect(names.sort()).toEqual(["Clean launches", "Second look", "[review-tmp abc123] Safety first"]);
  });

  it("finds no difference with --probe-rate: a sliding window, Retry-After on the 429", async () => {
    const small = (await world.user({ requestsPerMinute: 10 })).apiKey;
    const report = await world.diagnose(small, { probeRate: true, writeProbe: true });
    expect(differing(report)).toEqual([]);
    expect(observed(report, "rate-limit window")).toMatch(/^sliding: /);
    expect(observed(report, "Retry-After on a 429")).toMatch(/^Retry-After: \d+ s/);
    expect(world.logs).toContain("probing the rate window: exhausting this key's budget");
    expect(world.logs.some((l) => /met a 429; waiting \d+ s$/.test(l))).toBe(true);
  });
});
