import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { isUuid } from "../../../emulator/ids";
import { STRATEGY_BODY_FIELDS, validateStrategyInput } from "../../../provider/model";
import { useEmulator } from "../../support/use-emulator";
import { type Api, newUser, type Res, strategyBody } from "./helpers";

// Property tests: malformed input always gets exactly the expected 4xx with the error body of
// service-api.md#errors, never a 5xx, and never changes state. The rate limit is raised through the
// control plane so the runs are not throttled.
describe("emulator input properties", () => {
  const em = useEmulator();
  let u: Api;
  let strategyId: string;
  const RUNS = { numRuns: 150 };

  beforeAll(async () => {
    u = await newUser(em, { limits: { requestsPerMinute: 1_000_000, active: 1_000_000 } });
    strategyId = (await u.post("/strategies", strategyBody())).body.strategy.id;
    await u.post("/devs/0x52908400098527886E0F7030069857D2E4169EE7/add", { alias: "x" });
  });

  const snapshot = async () =>
    JSON.stringify([
      (await u.get("/strategies")).body,
      (await u.get("/webhook")).body,
      (await u.get("/devs/my?limit=100")).body,
    ]);

  function expectError(res: Res, status: number): void {
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({
      statusCode: status,
      message: expect.any(String),
      error: expect.any(String),
    });
    expect(res.body.message.length).toBeGreaterThan(0);
  }

  it("POST /strategies: random JSON bodies → 400 unless the model accepts them", async () => {
    const before = await snapshot();
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (body) => {
        const res = await u.call("POST", "/strategies", JSON.stringify(body));
        const valid = typeof body === "object" && body !== null && validateStrategyInput(body, "create").ok;
        expect(valid).toBe(false); // random values are never a valid strategy
        expectError(res, 400);
      }),
      RUNS,
    );
    expect(await snapshot()).toBe(before);
  });

  // Every field of a strategy body, and one the service does not know.
  const FIELDS = [...STRATEGY_BODY_FIELDS, "extra"];

  it("POST /strategies: a valid body with one field replaced → exactly 201 or 400 as the model decides", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...FIELDS), fc.jsonValue(), async (field, value) => {
        const body = { ...strategyBody(), [field]: value };
        const before = await snapshot();
        const res = await u.post("/strategies", body);
        const modelOk = validateStrategyInput(body, "create").ok;
        const refs = JSON.stringify(body.triggerConfigs ?? {}).match(/tagId|developerAddress/);
        const configs = body.triggerConfigs as Record<string, { tagId?: string }> | undefined;
        const onlyAll = !refs || Object.values(configs ?? {}).every((c) => c?.tagId === "all");
        if (modelOk && onlyAll) {
          expect(res.status).toBe(201);
          await u.del(`/strategies/${res.body.strategy.id}`);
        } else {
          expectError(res, 400);
          expect(await snapshot()).toBe(before);
        }
      }),
      RUNS,
    );
  });

  it("PATCH /strategies/:id: non-objects and unknown fields → 400, state unchanged", async () => {
    const before = await snapshot();
    const nonObject = fc.jsonValue().filter((v) => typeof v !== "object" || v === null || Array.isArray(v));
    const unknownField = fc
      .tuple(fc.string({ minLength: 1 }), fc.jsonValue())
      .filter(([k]) => !FIELDS.slice(0, -1).includes(k) && k !== "__proto__")
      .map(([k, v]) => ({ name: "ok", [k]: v }));
    await fc.assert(
      fc.asyncProperty(fc.oneof(nonObject, unknownField), async (body) => {
        const res = await u.call("PATCH", `/strategies/${strategyId}`, JSON.stringify(body));
        expectError(res, 400);
      }),
      RUNS,
    );
    expect(await snapshot()).toBe(before);
  });

  it("strategy id routes: a random id → 400 when not a UUID, 404 when an unknown UUID", async () => {
    const before = await snapshot();
    const route = fc.constantFrom(
      ["GET", ""],
      ["PATCH", ""],
      ["DELETE", ""],
      ["POST", "/activate"],
      ["POST", "/deactivate"],
    );
    const id = fc.oneof(
      fc.string({ minLength: 1, maxLength: 40, unit: "grapheme" }).filter((s) => s !== "." && s !== ".."),
      fc.uuid(),
    );
    await fc.assert(
      fc.asyncProperty(route, id, async ([method, suffix], raw) => {
        const res = await u.call(
          method,
          `/strategies/${encodeURIComponent(raw)}${suffix}`,
          method === "PATCH" ? { name: "n" } : undefined,
        );
        expectError(res, isUuid(raw) ? 404 : 400);
      }),
      RUNS,
    );
    expect(await snapshot()).toBe(before);
  });

  it("PUT /webhook: bodies without a boolean enabled, with unknown fields or a non-string url → 400, state unchanged", async () => {
    const before = await snapshot();
    const notBool = fc.jsonValue().filter((v) => typeof v !== "boolean");
    const bad = fc.oneof(
      fc.jsonValue().filter((v) => typeof v !== "object" || v === null || Array.isArray(v)),
      fc.record({ enabled: notBool }, { requiredKeys: [] }),
      fc.record({
        enabled: fc.boolean(),
        url: fc.jsonValue().filter((v) => typeof v !== "string" && v !== null),
      }),
      fc.record({ enabled: fc.boolean(), url: fc.string().filter((s) => !/^https?:\/\//.test(s)) }),
      fc.record({ enabled: fc.boolean(), extra: fc.jsonValue() }),
    );
    await fc.assert(
      fc.asyncProperty(bad, async (body) => {
        expectError(await u.call("PUT", "/webhook", JSON.stringify(body)), 400);
      }),
      RUNS,
    );
    expect(await snapshot()).toBe(before);
  });

  // Query oracles: the allowed parameters and values of service-api.md#microblog-handles-and-tags.
  const QUERIES: Record<string, Record<string, (v: string) => boolean>> = {
    "/devs/my": {
      page: (v) => /^\d{1,9}$/.test(v) && Number(v) >= 1 && Number(v) <= 1_000_000,
      limit: (v) => /^\d{1,9}$/.test(v) && Number(v) >= 1 && Number(v) <= 100,
      isActive: (v) => v === "true" || v === "false",
    },
    "/microblog/handles": {
      search: (v) => v.length >= 1 && v.length <= 100,
      tagId: (v) => isUuid(v),
      status: (v) => ["active", "inactive"].includes(v),
      sortBy: (v) => ["handle", "addedAt", "lastUpdated"].includes(v),
      sortOrder: (v) => ["asc", "desc"].includes(v),
    },
    "/microblog/tags": {
      scope: (v) => ["all", "user", "platform"].includes(v),
      includeCounts: (v) => v === "true" || v === "false",
      sortBy: (v) => ["name", "createdAt", "handleCount"].includes(v),
      sortOrder: (v) => ["asc", "desc"].includes(v),
    },
  };

  it("GET list endpoints: random query strings → 200 exactly when every parameter is known and valid, else 400", async () => {
    const path = fc.constantFrom(...Object.keys(QUERIES));
    const key = fc.oneof(
      fc.constantFrom(
        "page",
        "limit",
        "isActive",
        "search",
        "tagId",
        "status",
        "sortBy",
        "sortOrder",
        "scope",
        "includeCounts",
      ),
      fc.string({ minLength: 1, maxLength: 8 }),
    );
    const value = fc.oneof(
      fc.constantFrom(
        "1",
        "20",
        "0",
        "101",
        "true",
        "false",
        "asc",
        "desc",
        "name",
        "handle",
        "all",
        "user",
        "active",
        "",
        "-1",
        "1.5",
      ),
      fc.string({ maxLength: 10 }),
      fc.uuid(),
    );
    await fc.assert(
      fc.asyncProperty(path, fc.array(fc.tuple(key, value), { maxLength: 4 }), async (p, pairs) => {
        const qs = new URLSearchParams(pairs).toString();
        const res = await u.get(`${p}${qs ? `?${qs}` : ""}`);
        const allowed = QUERIES[p]!;
        const keys = pairs.map(([k]) => k);
        const ok =
          new Set(keys).size === keys.length &&
          pairs.every(([k, v]) => Object.hasOwn(allowed, k) && allowed[k]!(v));
        if (ok) expect(res.status).toBe(200);
        else expectError(res, 400);
      }),
      RUNS,
    );
  });

  it("random paths and methods under the base URL never produce a 5xx and never change state", async () => {
    const before = await snapshot();
    const segment = fc.oneof(
      fc.constantFrom(
        "strategies",
        "devs",
        "microblog",
        "webhook",
        "me",
        "tags",
        "add",
        "update",
        "my",
        "activate",
        "handles",
      ),
      fc.string({ minLength: 1, maxLength: 12, unit: "grapheme" }).filter((s) => s !== "." && s !== ".."),
    );
    const method = fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE");
    await fc.assert(
      fc.asyncProperty(
        method,
        fc.array(segment, { minLength: 1, maxLength: 4 }),
        fc.jsonValue(),
        async (m, segs, body) => {
          const path = `/${segs.map(encodeURIComponent).join("/")}`;
          // Bodies that could be valid writes are excluded: only malformed input is under test.
          const payload =
            m === "GET" || m === "DELETE" ? undefined : JSON.stringify(Array.isArray(body) ? body : [body]);
          const res = await u.call(m, path, payload);
          expect(res.status).toBeLessThan(500);
          if (res.status >= 400) expectError(res, res.status);
          else expect(m).toBe("GET");
        },
      ),
      RUNS,
    );
    expect(await snapshot()).toBe(before);
  });
});
