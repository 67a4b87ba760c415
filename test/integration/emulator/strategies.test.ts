import { describe, expect, it } from "vitest";
import { validateStrategyInput } from "../../../provider/model/validate-strategy";
import { useEmulator } from "../../support/use-emulator";
import { type Api, control, newUser, strategyBody } from "./helpers";

// service-api.md#strategies, service-api.md#errors; docs/spec-decisions.md "Emulator … / Strategies".
describe("emulator strategies", () => {
  const em = useEmulator();
  let api: Api & { userId: string };

  const fresh = async (opts = {}) => {
    api = await newUser(em, opts);
    return api;
  };
  const create = async (a: Api, overrides: Record<string, unknown> = {}) => {
    const res = await a.post("/strategies", strategyBody(overrides));
    expect(res.status).toBe(201);
    return res.body.strategy;
  };

  describe("create", () => {
    it("answers 201 {strategy} with only non-empty groups, isGlobal present, matching absent", async () => {
      await fresh();
      const res = await api.post("/strategies", strategyBody());
      expect(res.status).toBe(201);
      const s = res.body.strategy;
      expect(s).toMatchObject({
        name: "Momentum",
        description: "test strategy",
        userId: api.userId,
        strict: false,
        alertCooldownMins: 0,
        isActive: false,
        isGlobal: false,
      });
      expect(s.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(s).not.toHaveProperty("matching");
      expect(s.triggers).toEqual([{ id: expect.any(String), eventType: "new_token_created", enabled: true }]);
      expect(s.dealbreakers).toEqual([
        { id: expect.any(String), ruleType: "is_honeypot", operator: "is", value: false, enabled: true },
      ]);
      expect(s.ruleGroups.map((g: { id: string }) => g.id)).toEqual(["market", "socials"]);
      for (const g of s.ruleGroups) expect(g.logic).toBe("AND");
      expect(s.ruleGroups[0].rules).toEqual([
        {
          id: expect.any(String),
          ruleType: "liquidity_usd",
          operator: "greater_than",
          value: 5000,
          enabled: true,
        },
      ]);
      expect(s.ruleGroups[1].rules[0]).toMatchObject({
        ruleType: "has_website",
        operator: "is",
        value: true,
      });
      expect(Date.parse(s.createdAt)).not.toBeNaN();
      expect(s.updatedAt).toBe(s.createdAt);
    });

    it("rejects an empty rules array with 400", async () => {
      const res = await api.post("/strategies", strategyBody({ rules: [] }));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: "Bad Request" });
      expect(res.body.message).toContain("rules");
    });

    it("names rules[index] in the 400 message and lists every issue", async () => {
      const res = await api.post(
        "/strategies",
        strategyBody({
          rules: [
            { rule: "is_honeypot", dealbreaker: true },
            { rule: "liquidity_usd", dealbreaker: false, value: "x" },
            { rule: "no_such_rule", dealbreaker: false },
          ],
        }),
      );
      expect(res.status).toBe(400);
      expect(res.body.error).toBe("Bad Request");
      expect(res.body.message).toContain("rules[1]");
      expect(res.body.message).toContain("rules[2]");
      expect(res.body.issues.length).toBeGreaterThanOrEqual(2);
    });

    // docs/spec-decisions.md "Each rule once": a repeat is the provider's refusal, not the service's.
    it("stores a rule repeated in one strategy as sent, on create and on patch: the spec forbids no repeat", async () => {
      const repeated = [
        { rule: "liquidity_usd", dealbreaker: true, min: 1000 },
        { rule: "has_website", dealbreaker: false },
        { rule: "liquidity_usd", dealbreaker: true, max: 90000 },
      ];
      const s = await create(api, { rules: repeated });
      const conditions = (list: { ruleType: string; operator: string; value: unknown }[]) =>
        list.map((r) => `${r.ruleType} ${r.operator} ${r.value}`);
      expect(conditions(s.dealbreakers)).toEqual([
        "liquidity_usd greater_than 1000",
        "liquidity_usd less_than 90000",
      ]);
      const patched = await api.patch(`/strategies/${s.id}`, { rules: [...repeated, repeated[0]] });
      expect(patched.status).toBe(200);
      expect(conditions(patched.body.strategy.dealbreakers)).toEqual([
        "liquidity_usd greater_than 1000",
        "liquidity_usd less_than 90000",
        "liquidity_usd greater_than 1000",
      ]);
      // The provider's preview refuses the same rules: the model's default reading.
      expect(validateStrategyInput({ rules: repeated }, "update")).toMatchObject({
        ok: false,
        issues: [
          { path: "rules[2]", message: expect.stringContaining("rules[2] repeats rules[0] (liquidity_usd)") },
        ],
      });
    });

    it("stores a name and description with control and bidi characters as sent: the spec says only they are strings", async () => {
      const name = "bell\u0007 esc\u001b[31m rtl\u202e";
      const s = await create(api, { name, description: "nul\u0000" });
      expect(s.name).toBe(name);
      expect(s.description).toBe("nul\u0000");
      // The provider's preview refuses them: names and descriptions are plain text.
      expect(validateStrategyInput({ name }, "update")).toMatchObject({
        ok: false,
        issues: [
          { path: "name", message: expect.stringContaining("control character \\u0007 at position 5") },
        ],
      });
    });

    it("accepts what the spec allows of one rule: min and max in one item, not_equals items of other values", async () => {
      const s = await create(api, {
        rules: [
          { rule: "liquidity_usd", dealbreaker: true, min: 1000, max: 90000 },
          { rule: "launch_platform", dealbreaker: true, operator: "not_equals", value: "launch_platform_a" },
          { rule: "launch_platform", dealbreaker: true, operator: "not_equals", value: "launch_platform_b" },
        ],
      });
      expect(
        s.dealbreakers.map((r: { ruleType: string; operator: string }) => `${r.ruleType} ${r.operator}`),
      ).toEqual([
        "liquidity_usd greater_than",
        "liquidity_usd less_than",
        "launch_platform not_equals",
        "launch_platform not_equals",
      ]);
    });

    it("rejects a missing required field (isActive) with 400", async () => {
      const { isActive: _omit, ...body } = strategyBody();
      const res = await api.post("/strategies", body);
      expect(res.status).toBe(400);
      expect(res.body.message).toContain("isActive");
    });

    it("rejects a trigger config naming an unknown microblog tag (400)", async () => {
      const res = await api.post(
        "/strategies",
        strategyBody({
          triggers: ["microblog_mention_direct"],
          triggerConfigs: { microblog_mention_direct: { tagId: "00000000-0000-4000-8000-000000000000" } },
        }),
      );
      expect(res.status).toBe(400);
      expect(res.body.message).toContain("triggerConfigs.microblog_mention_direct.tagId");
    });

    it("accepts a trigger config naming one of the user's microblog tags or all", async () => {
      const tags = (await api.get("/microblog/tags")).body.tags;
      const ok = await api.post(
        "/strategies",
        strategyBody({
          triggers: ["microblog_mention_direct", "post_metadata_match"],
          triggerConfigs: {
            microblog_mention_direct: { tagId: tags[0].id },
            post_metadata_match: { tagId: "all" },
          },
        }),
      );
      expect(ok.status).toBe(201);
    });

    it("rejects a wallet-scoped trigger config for a developer that is not followed (400), accepts it once followed", async () => {
      const address = "So11111111111111111111111111111111111111112";
      const body = strategyBody({
        triggers: ["followed_dev_new_token_created"],
        triggerConfigs: { followed_dev_new_token_created: { scope: "wallet", developerAddress: address } },
      });
      const bad = await api.post("/strategies", body);
      expect(bad.status).toBe(400);
      expect(bad.body.message).toContain("not a followed developer");
      expect((await api.post(`/devs/${address}/add`, {})).status).toBe(201);
      expect((await api.post("/strategies", body)).status).toBe(201);
    });

    it("rejects a tag-scoped trigger config with an unknown developer tag (400)", async () => {
      const res = await api.post(
        "/strategies",
        strategyBody({
          triggers: ["followed_dev_new_token_created"],
          triggerConfigs: {
            followed_dev_new_token_created: { scope: "tag", tagId: "00000000-0000-4000-8000-000000000000" },
          },
        }),
      );
      expect(res.status).toBe(400);
      expect(res.body.message).toContain("unknown developer tag id");
    });

    it("returns stored triggerConfigs on reads but never retryPolicy, which stays in the store", async () => {
      const u = await fresh();
      const tags = (await u.get("/devs/tags")).body.tags;
      const s = await create(u, {
        triggers: ["followed_dev_new_token_created"],
        triggerConfigs: { followed_dev_new_token_created: { scope: "tag", tagId: tags[0].id } },
        retryPolicy: { type: "QUICK_RETRY", maxAttempts: 3, delayMinutes: 5 },
      });
      const read = (await u.get(`/strategies/${s.id}`)).body.strategy;
      const config = { followed_dev_new_token_created: { scope: "tag", tagId: tags[0].id } };
      expect(read.triggerConfigs).toEqual(config);
      const listed = (await u.get("/strategies")).body.strategies.find((x: { id: string }) => x.id === s.id);
      expect(listed.triggerConfigs).toEqual(config);
      expect(read).not.toHaveProperty("retryPolicy");
      const stored = em.store.getStrategy(s.id)!;
      expect(stored.triggerConfigs).toEqual({
        followed_dev_new_token_created: { scope: "tag", tagId: tags[0].id },
      });
      expect(stored.retryPolicy).toEqual({ type: "QUICK_RETRY", maxAttempts: 3, delayMinutes: 5 });
      expect(stored.rules).toEqual(strategyBody().rules);
    });

    it("stores object rules with operator matches and the config as JSON text (read back unchanged)", async () => {
      const u = await fresh();
      const config = { window: "1h", buyPressure: "strong" };
      const s = await create(u, { rules: [{ rule: "buy_sell_ratio_window", dealbreaker: false, config }] });
      expect(s.ruleGroups[0].rules[0]).toMatchObject({
        ruleType: "buy_sell_ratio_window",
        operator: "matches",
        value: JSON.stringify(config),
      });
    });

    it("never stores an object as a dealbreaker's value (only a boolean, number or string)", async () => {
      const u = await fresh();
      const config = { windows: { "1h": 5000 } };
      const s = await create(u, { rules: [{ rule: "volume_24h", dealbreaker: true, config }] });
      const listed = (await u.get("/strategies")).body.strategies[0];
      for (const d of [...s.dealbreakers, ...listed.dealbreakers]) {
        expect(["boolean", "number", "string"]).toContain(typeof d.value);
      }
      expect(JSON.parse(s.dealbreakers[0].value)).toEqual(config);
    });
  });

  describe("reads", () => {
    it("lists {strategies, activeCount} with security, market, socials and ai groups even when empty, plus matching and isGlobal", async () => {
      const u = await fresh();
      const s = await create(u, {
        isActive: true,
        rules: [{ rule: "liquidity_usd", dealbreaker: false, max: 9 }],
      });
      const res = await u.get("/strategies");
      expect(res.status).toBe(200);
      expect(res.body.activeCount).toBe(1);
      expect(res.body.strategies).toHaveLength(1);
      const item = res.body.strategies[0];
      expect(item.id).toBe(s.id);
      expect(item.isGlobal).toBe(false);
      expect(item.matching).toEqual({ enabled: false, minPercent: 0 });
      const groups = Object.fromEntries(
        item.ruleGroups.map((g: { id: string; rules: unknown[] }) => [g.id, g.rules.length]),
      );
      expect(groups).toEqual({ security: 0, market: 1, socials: 0, ai: 0 });
    });

    it("returns the submitted matching in the list", async () => {
      const u = await fresh();
      await create(u, { matching: { enabled: true, minPercent: 60 } });
      expect((await u.get("/strategies")).body.strategies[0].matching).toEqual({
        enabled: true,
        minPercent: 60,
      });
    });

    it("answers GET /strategies/:id with {strategy} without isGlobal", async () => {
      const u = await fresh();
      const s = await create(u);
      const res = await u.get(`/strategies/${s.id}`);
      expect(res.status).toBe(200);
      expect(res.body.strategy.id).toBe(s.id);
      expect(res.body.strategy).not.toHaveProperty("isGlobal");
      expect(res.body.strategy.dealbreakers).toEqual(s.dealbreakers);
    });

    it("hides official (isGlobal) strategies from the list, activeCount and id routes", async () => {
      const u = await fresh();
      const mine = await create(u, { isActive: true });
      const official = {
        ...em.store.getStrategy(mine.id)!,
        id: "11111111-1111-4111-8111-111111111111",
        isGlobal: true,
      };
      em.store.putStrategy(official);
      const list = (await u.get("/strategies")).body;
      expect(list.strategies.map((x: { id: string }) => x.id)).toEqual([mine.id]);
      expect(list.activeCount).toBe(1);
      expect((await u.get(`/strategies/${official.id}`)).status).toBe(404);
    });

    it("answers 404 for another user's strategy on every id route", async () => {
      const owner = await fresh();
      const s = await create(owner);
      const other = await newUser(em);
      for (const [method, path] of [
        ["GET", `/strategies/${s.id}`],
        ["PATCH", `/strategies/${s.id}`],
        ["POST", `/strategies/${s.id}/activate`],
        ["POST", `/strategies/${s.id}/deactivate`],
        ["DELETE", `/strategies/${s.id}`],
      ] as const) {
        const res = await other.call(method, path, method === "PATCH" ? { name: "x" } : undefined);
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.body).toEqual({
          statusCode: 404,
          message: `Strategy ${s.id} not found`,
          error: "Not Found",
        });
      }
      expect((await owner.get(`/strategies/${s.id}`)).body.strategy.name).toBe("Momentum");
    });

    it("answers 400 for an id that is not a UUID", async () => {
      const res = await api.get("/strategies/not-a-uuid");
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("id: must be a UUID");
    });
  });

  describe("PATCH", () => {
    it("answers {strategy} with at least id, name, description, isActive", async () => {
      const u = await fresh();
      const s = await create(u);
      const res = await u.patch(`/strategies/${s.id}`, { name: "Renamed" });
      expect(res.status).toBe(200);
      expect(res.body.strategy).toMatchObject({
        id: s.id,
        name: "Renamed",
        description: "test strategy",
        isActive: false,
      });
      expect(res.body.strategy).not.toHaveProperty("dealbreakers");
    });

    it("leaves rules unchanged when rules are omitted", async () => {
      const u = await fresh();
      const s = await create(u);
      await u.patch(`/strategies/${s.id}`, { description: null });
      const read = (await u.get(`/strategies/${s.id}`)).body.strategy;
      expect(read.description).toBeNull();
      expect(read.dealbreakers).toEqual(s.dealbreakers);
    });

    it("replaces all rules when rules are sent", async () => {
      const u = await fresh();
      const s = await create(u);
      const res = await u.patch(`/strategies/${s.id}`, {
        rules: [{ rule: "market_cap", dealbreaker: true, max: 1e6 }],
      });
      expect(res.body.strategy.dealbreakers).toEqual([
        { id: expect.any(String), ruleType: "market_cap", operator: "less_than", value: 1e6, enabled: true },
      ]);
      const read = (await u.get(`/strategies/${s.id}`)).body.strategy;
      expect(read.ruleGroups.every((g: { rules: unknown[] }) => g.rules.length === 0)).toBe(true);
    });

    it("clears the rules when rules is []", async () => {
      const u = await fresh();
      const s = await create(u);
      expect((await u.patch(`/strategies/${s.id}`, { rules: [] })).status).toBe(200);
      const read = (await u.get(`/strategies/${s.id}`)).body.strategy;
      expect(read.dealbreakers).toEqual([]);
      expect(read.ruleGroups.flatMap((g: { rules: unknown[] }) => g.rules)).toEqual([]);
      expect(em.store.getStrategy(s.id)!.rules).toEqual([]);
    });

    it("replaces the triggers when triggers are sent and keeps them when omitted", async () => {
      const u = await fresh();
      const s = await create(u, { triggers: ["new_token_created", "token_graduated"] });
      const res = await u.patch(`/strategies/${s.id}`, {
        triggers: ["token_graduated", "token_almost_graduated"],
      });
      expect(res.body.strategy.triggers.map((t: { eventType: string }) => t.eventType)).toEqual([
        "token_graduated",
        "token_almost_graduated",
      ]);
      // A trigger kept across the replace keeps its id.
      expect(res.body.strategy.triggers[0].id).toBe(s.triggers[1].id);
      await u.patch(`/strategies/${s.id}`, { name: "n" });
      expect((await u.get(`/strategies/${s.id}`)).body.strategy.triggers).toEqual(res.body.strategy.triggers);
    });

    it("is idempotent: the same PATCH twice leaves the same state (rule ids and updatedAt included)", async () => {
      const u = await fresh();
      const s = await create(u);
      const patch = { rules: [{ rule: "market_cap", dealbreaker: false, min: 10 }] };
      await u.patch(`/strategies/${s.id}`, patch);
      const first = (await u.get(`/strategies/${s.id}`)).body.strategy;
      await control(em, "POST", "/clock", { advanceMinutes: 1 });
      await u.patch(`/strategies/${s.id}`, patch);
      expect((await u.get(`/strategies/${s.id}`)).body.strategy).toEqual(first);
    });

    it("drops the config of a trigger that the patch removes", async () => {
      const u = await fresh();
      const s = await create(u, {
        triggers: ["new_token_created", "post_metadata_match"],
        triggerConfigs: { post_metadata_match: { tagId: "all" } },
      });
      expect((await u.patch(`/strategies/${s.id}`, { triggers: ["new_token_created"] })).status).toBe(200);
      expect(em.store.getStrategy(s.id)!.triggerConfigs).toBeNull();
    });

    it("rejects a patch whose triggerConfigs do not fit the stored triggers (400)", async () => {
      const u = await fresh();
      const s = await create(u);
      const res = await u.patch(`/strategies/${s.id}`, {
        triggerConfigs: { post_metadata_match: { tagId: "all" } },
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain("triggerConfigs.post_metadata_match");
    });

    it("rejects an invalid patch with 400 and changes nothing", async () => {
      const u = await fresh();
      const s = await create(u);
      const res = await u.patch(`/strategies/${s.id}`, { name: "ok", rules: [{ rule: "is_honeypot" }] });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain("rules[0]");
      expect((await u.get(`/strategies/${s.id}`)).body.strategy.name).toBe("Momentum");
    });

    it("answers 403 to PATCH isActive:true at the active limit", async () => {
      const u = await fresh({ limits: { active: 1 } });
      await create(u, { isActive: true });
      const s = await create(u);
      const res = await u.patch(`/strategies/${s.id}`, { isActive: true });
      expect(res.status).toBe(403);
      expect(res.body.message).toContain("plan PRO allows 1 active");
    });
  });

  describe("activity", () => {
    it("activates and deactivates with {strategy:{id,isActive}}; a repeat is a 200 no-op with the same body", async () => {
      const u = await fresh();
      const s = await create(u);
      const a1 = await u.post(`/strategies/${s.id}/activate`);
      expect(a1.status).toBe(200);
      expect(a1.body).toEqual({ strategy: { id: s.id, isActive: true } });
      const a2 = await u.post(`/strategies/${s.id}/activate`);
      expect(a2.status).toBe(200);
      expect(a2.body).toEqual(a1.body);
      const d1 = await u.post(`/strategies/${s.id}/deactivate`);
      expect(d1.body).toEqual({ strategy: { id: s.id, isActive: false } });
      const d2 = await u.post(`/strategies/${s.id}/deactivate`);
      expect(d2.status).toBe(200);
      expect(d2.body).toEqual(d1.body);
    });

    it("accepts an empty JSON body on activate", async () => {
      const u = await fresh();
      const s = await create(u);
      const res = await u.call("POST", `/strategies/${s.id}/activate`, undefined, {
        "content-type": "application/json",
      });
      expect(res.status).toBe(200);
    });

    it("answers 403 naming plan, limit and count when activation would pass the active limit (PRO: 25)", async () => {
      const u = await fresh();
      for (let i = 0; i < 25; i++) await create(u, { isActive: true, name: `s${i}` });
      const extra = await create(u);
      const res = await u.post(`/strategies/${extra.id}/activate`);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        statusCode: 403,
        message:
          "Active strategy limit reached: plan PRO allows 25 active strategies and 25 are active. Deactivate one first.",
        error: "Forbidden",
      });
      const created = await u.post("/strategies", strategyBody({ isActive: true }));
      expect(created.status).toBe(403);
      expect((await u.get("/strategies")).body.activeCount).toBe(25);
    });

    it("allows 50 active strategies on DEGEN", async () => {
      const u = await fresh({ plan: "DEGEN" });
      for (let i = 0; i < 50; i++) await create(u, { isActive: true, name: `s${i}` });
      expect((await u.post("/strategies", strategyBody({ isActive: true }))).status).toBe(403);
    });

    it("enforces an overridden total on create with 403", async () => {
      const u = await fresh({ limits: { total: 2 } });
      await create(u);
      await create(u);
      const res = await u.post("/strategies", strategyBody());
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(
        "Strategy limit reached: plan PRO allows 2 strategies in total and 2 exist. Delete one first.",
      );
    });
  });

  describe("DELETE", () => {
    it("answers {success:true}, then 404 the second time", async () => {
      const u = await fresh();
      const s = await create(u);
      const first = await u.del(`/strategies/${s.id}`);
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ success: true });
      expect((await u.del(`/strategies/${s.id}`)).status).toBe(404);
      expect((await u.get(`/strategies/${s.id}`)).status).toBe(404);
    });
  });
});
