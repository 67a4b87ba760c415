import { describe, expect, it } from "vitest";
import { BadRequestError, ForbiddenError, NotFoundError } from "../../../provider/api/errors";
import { canonicalRules } from "../../../provider/model/canonical";
import type { RuleItem } from "../../../provider/model/rule-items";
import { storedToRules } from "../../../provider/model/rule-mapping";
import { emulatorClients, rejectionOf, strategyInput } from "./helpers";

// service-api.md#strategies through the typed client, against the emulator.
describe("client strategies against the emulator", () => {
  const clients = emulatorClients();

  it("reads the account of the key: plan and limits as set through the control plane", async () => {
    const { client, userId } = await clients.user({ plan: "DEGEN", limits: { active: 3, total: 10 } });
    const me = await client.account.me();
    expect(me).toEqual({
      userId,
      plan: "DEGEN",
      limits: { strategies: { total: 10, active: 3 }, rateLimit: { requestsPerMinute: 300 } },
    });
    // GET /me also sizes the key's rate limiter to the plan.
    expect(client.rateLimiter.requestsPerMinute).toBe(300);
  });

  it("lists nothing for a new user, then creates, lists and reads a strategy", async () => {
    const { client, userId } = await clients.user();
    expect(await client.strategies.list()).toEqual({ strategies: [], activeCount: 0 });

    const created = await client.strategies.create(strategyInput());
    expect(created).toMatchObject({
      id: expect.any(String),
      name: "Momentum",
      description: "client suite strategy",
      userId,
      isActive: false,
      isGlobal: false,
      triggers: [{ id: expect.any(String), eventType: "new_token_created", enabled: true }],
    });
    expect(created.dealbreakers).toEqual([
      { id: expect.any(String), ruleType: "is_honeypot", operator: "is", value: false, enabled: true },
    ]);
    // Create shows only groups that hold rules.
    expect(created.ruleGroups.map((g) => g.id)).toEqual(["market", "socials"]);

    const list = await client.strategies.list();
    expect(list.activeCount).toBe(0);
    expect(list.strategies.map((s) => s.id)).toEqual([created.id]);
    expect(list.strategies[0]?.matching).toEqual({ enabled: false, minPercent: 0 });

    const read = await client.strategies.get(created.id);
    expect(read.id).toBe(created.id);
    expect(read).not.toHaveProperty("isGlobal");
    expect(canonicalRules(storedToRules(read))).toEqual(canonicalRules(strategyInput().rules));
  });

  it("PATCH with rules replaces every saved rule", async () => {
    const { client } = await clients.user();
    const { id } = await client.strategies.create(strategyInput());
    const rules: RuleItem[] = [
      { rule: "market_cap", dealbreaker: false, min: 10_000, max: 90_000 },
      { rule: "risk_level", dealbreaker: true, value: "high" },
    ];
    const updated = await client.strategies.update(id, { rules });
    expect(updated).toMatchObject({ id, name: "Momentum", isActive: false });
    const read = await client.strategies.get(id);
    expect(canonicalRules(storedToRules(read))).toEqual(canonicalRules(rules));
    expect(JSON.stringify(read)).not.toContain("liquidity_usd");
  });

  it("PATCH with rules [] clears every rule", async () => {
    const { client } = await clients.user();
    const { id } = await client.strategies.create(strategyInput());
    await client.strategies.update(id, { rules: [] });
    const read = await client.strategies.get(id);
    expect(read.dealbreakers).toEqual([]);
    expect(read.ruleGroups.flatMap((g) => g.rules)).toEqual([]);
    expect(storedToRules(read)).toEqual([]);
  });

  it("PATCH without rules leaves the saved rules unchanged, ids included", async () => {
    const { client } = await clients.user();
    const { id } = await client.strategies.create(strategyInput());
    const before = await client.strategies.get(id);
    const updated = await client.strategies.update(id, { name: "Renamed", description: null });
    expect(updated).toMatchObject({ id, name: "Renamed", description: null, isActive: false });
    const after = await client.strategies.get(id);
    expect(after.name).toBe("Renamed");
    expect(after.dealbreakers).toEqual(before.dealbreakers);
    expect(after.ruleGroups).toEqual(before.ruleGroups);
  });

  it("activates and deactivates; repeating either is a no-op with the same answer", async () => {
    const { client } = await clients.user();
    const { id } = await client.strategies.create(strategyInput());
    expect(await client.strategies.activate(id)).toEqual({ id, isActive: true });
    expect(await client.strategies.activate(id)).toEqual({ id, isActive: true });
    expect((await client.strategies.list()).activeCount).toBe(1);
    expect(await client.strategies.deactivate(id)).toEqual({ id, isActive: false });
    expect(await client.strategies.deactivate(id)).toEqual({ id, isActive: false });
    expect((await client.strategies.get(id)).isActive).toBe(false);
  });

  it("activating beyond the plan's active limit throws ForbiddenError carrying the service's message", async () => {
    const { client } = await clients.user({ limits: { active: 1 } });
    const first = await client.strategies.create(strategyInput({ name: "first" }));
    const second = await client.strategies.create(strategyInput({ name: "second" }));
    await client.strategies.activate(first.id);

    const error = await rejectionOf(client.strategies.activate(second.id));
    expect(error).toBeInstanceOf(ForbiddenError);
    const forbidden = error as ForbiddenError;
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.route).toBe("/strategies/:id/activate");
    expect(forbidden.serviceMessage).toBe(
      "Active strategy limit reached: plan PRO allows 1 active strategies and 1 are active. Deactivate one first.",
    );
    expect(forbidden.message).toContain(forbidden.serviceMessage);
    expect((await client.strategies.get(second.id)).isActive).toBe(false);

    // Moving activity at the limit works once the first one is deactivated.
    await client.strategies.deactivate(first.id);
    expect(await client.strategies.activate(second.id)).toEqual({ id: second.id, isActive: true });
  });

  it("creating an active strategy at the limit is refused with ForbiddenError and stores nothing", async () => {
    const { client } = await clients.user({ limits: { active: 0 } });
    const error = await rejectionOf(client.strategies.create(strategyInput({ isActive: true })));
    expect(error).toBeInstanceOf(ForbiddenError);
    expect((await client.strategies.list()).strategies).toEqual([]);
  });

  it("deletes a strategy; a second delete throws NotFoundError", async () => {
    const { client } = await clients.user();
    const { id } = await client.strategies.create(strategyInput());
    expect(await client.strategies.delete(id)).toEqual({ success: true });
    expect((await client.strategies.list()).strategies).toEqual([]);
    const again = await rejectionOf(client.strategies.delete(id));
    expect(again).toBeInstanceOf(NotFoundError);
    expect((again as NotFoundError).statusCode).toBe(404);
    expect(await rejectionOf(client.strategies.get(id))).toBeInstanceOf(NotFoundError);
  });

  it("an invalid rule throws BadRequestError whose message names rules[i]", async () => {
    const { client } = await clients.user();
    const input = strategyInput({
      rules: [
        { rule: "is_honeypot", dealbreaker: true, enabled: true },
        // A numeric rule must carry min and/or max, not a value.
        { rule: "liquidity_usd", dealbreaker: false, value: "lots" } as unknown as RuleItem,
      ],
    });
    const error = await rejectionOf(client.strategies.create(input));
    expect(error).toBeInstanceOf(BadRequestError);
    const bad = error as BadRequestError;
    expect(bad.statusCode).toBe(400);
    expect(bad.error).toBe("Bad Request");
    expect(bad.serviceMessage).toContain("rules[1]");
    expect(bad.message).toContain("rules[1]");
    expect(bad.message).toContain("POST /strategies");
    expect((await client.strategies.list()).strategies).toEqual([]);
  });

  it("an unknown rule id in a PATCH throws BadRequestError naming rules[i] and changes nothing", async () => {
    const { client } = await clients.user();
    const { id } = await client.strategies.create(strategyInput());
    const before = await client.strategies.get(id);
    const rules = [
      { rule: "market_cap", dealbreaker: false, min: 1 },
      { rule: "moon_factor", dealbreaker: false, enabled: true },
    ] as unknown as RuleItem[];
    const error = await rejectionOf(client.strategies.update(id, { rules }));
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).serviceMessage).toContain("rules[1]");
    expect(await client.strategies.get(id)).toEqual(before);
  });

  it("another user's strategy is NotFoundError on every id route and stays untouched", async () => {
    const owner = await clients.user();
    const other = await clients.user();
    const { id } = await owner.client.strategies.create(strategyInput());
    const calls = [
      () => other.client.strategies.get(id),
      () => other.client.strategies.update(id, { name: "stolen" }),
      () => other.client.strategies.activate(id),
      () => other.client.strategies.deactivate(id),
      () => other.client.strategies.delete(id),
    ];
    for (const call of calls) {
      const error = await rejectionOf(call());
      expect(error).toBeInstanceOf(NotFoundError);
      expect((error as NotFoundError).serviceMessage).toBe(`Strategy ${id} not found`);
    }
    expect(await other.client.strategies.list()).toEqual({ strategies: [], activeCount: 0 });
    expect(await owner.client.strategies.get(id)).toMatchObject({ id, name: "Momentum", isActive: false });
  });
});
