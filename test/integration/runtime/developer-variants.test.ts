import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { RunningEmulator } from "../../../emulator/server";
import type { VariantName } from "../../../emulator/variants/catalog";
import { control, startTestEmulator } from "../../support/emulator";

/**
 * FollowedDeveloper against services that answer its writes with less than the default
 * emulator: the record is read back once per burst of writes, and a field the listing leaves
 * out is kept from the state rather than seen as drift.
 */
const ADDRESSES = ["Dev1", "Dev2", "Dev3"].map((p) => p.padEnd(40, "x"));

function onEmulator(variants: VariantName[]) {
  const box = {} as { em: RunningEmulator; userId: string };
  const saved = { ...process.env };
  beforeEach(async () => {
    box.em = await startTestEmulator({ variants });
    const user = (
      await control(box.em, "POST", "/users", { plan: "DEGEN", limits: { requestsPerMinute: 100_000 } })
    ).body;
    box.userId = user.userId;
    process.env.STRATEGY_ALERTS_API_KEY = user.apiKey;
    process.env.STRATEGY_ALERTS_BASE_URL = box.em.baseUrl;
    // A provider process per test: the run's cached listings start empty.
    vi.resetModules();
  });
  afterEach(async () => {
    process.env = { ...saved };
    await box.em.close();
  });
  afterAll(() => vi.resetModules());
  return box;
}

/** The kind's handler as the dynamic shell gets it, bound to the process's own context. */
async function handler() {
  return (await import("../../../provider/runtime/index")).handler("FollowedDeveloper");
}

async function requests(box: { em: RunningEmulator; userId: string }) {
  const res = await control(box.em, "GET", "/requests");
  return (res.body.requests as { userId: string; method: string; route: string }[])
    .filter((r) => r.userId === box.userId)
    .map((r) => `${r.method} ${r.route}`);
}

describe("FollowedDeveloper under devs-empty-bodies", () => {
  const box = onEmulator(["devs-empty-bodies"]);

  it("reads new follows back with one listing for the whole burst, and outputs their addedAt", async () => {
    const h = await handler();
    const created = await Promise.all(
      ADDRESSES.map((address, i) => h.create!({ address, alias: `dev ${i}`, active: true })),
    );
    for (const [i, c] of created.entries()) {
      expect(c.outs).toMatchObject({
        address: ADDRESSES[i],
        alias: `dev ${i}`,
        isActive: true,
        active: true,
      });
      expect(c.outs.addedAt).toEqual(expect.any(String));
    }
    const sent = await requests(box);
    expect(sent.filter((r) => r === "GET /devs/my")).toHaveLength(2);
    expect(sent.filter((r) => r === "POST /devs/:address/add")).toHaveLength(3);
    expect(sent.filter((r) => r.startsWith("PUT"))).toHaveLength(0);
  });

  it("updates from a bodiless answer without reading anything", async () => {
    const h = await handler();
    const { outs } = await h.create!({ address: ADDRESSES[0], alias: "before", active: true });
    await control(box.em, "DELETE", "/requests");
    const updated = await h.update!(ADDRESSES[0]!, outs, {
      address: ADDRESSES[0],
      alias: "after",
      active: true,
    });
    expect(updated.outs).toMatchObject({ alias: "after", addedAt: outs.addedAt });
    expect(await requests(box)).toEqual(["PUT /devs/:address/update"]);
  });
});

describe("FollowedDeveloper under sparse-fields", () => {
  const box = onEmulator(["sparse-fields"]);

  it("keeps alias and activity from the state when the listing shows only the address", async () => {
    const created = await (await handler()).create!({ address: ADDRESSES[0], alias: "kept", active: true });
    vi.resetModules();
    await control(box.em, "DELETE", "/requests");
    const read = await (await handler()).read!(ADDRESSES[0]!, created.outs);
    expect(read.inputs).toEqual({ address: ADDRESSES[0], alias: "kept", active: true });
    // The account of the key first (a refresh checks every resource belongs to it), then one listing.
    expect(await requests(box)).toEqual(["GET /me", "GET /devs/my"]);
  });

  it("deactivates on destroy a developer whose listing leaves its alias out: nothing says it changed", async () => {
    const created = await (await handler()).create!({ address: ADDRESSES[1], alias: "ours", active: true });
    vi.resetModules();
    await control(box.em, "DELETE", "/requests");
    await (await handler()).delete!(ADDRESSES[1]!, created.outs);
    expect(await requests(box)).toContain("PUT /devs/:address/update");
  });
});
