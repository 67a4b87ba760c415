import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { useEmulator } from "../../support/use-emulator";
import { addr } from "./engine-helpers";
import { type Api, newUser } from "./helpers";
import { ownedResources } from "./owned-resources";
import { API_ROUTES, type ApiRoute, concreteBody } from "./routes-table";

// Protection as a property: whatever one user sends to any route (ids, queries,
// bodies, headers), the emulator answers without a 5xx, every 4xx has the spec's error body
// (service-api.md#errors), and nothing of another user's data comes back.
describe("fuzzing every route", () => {
  const em = useEmulator();
  let attacker: Api & { userId: string };
  let victim: Api & { userId: string };
  let attackerIds: Record<string, string>;
  let victimIds: Record<string, string>;
  /** Strings that only the victim's data contains. */
  let victimMarks: string[];

  beforeAll(async () => {
    const limits = { requestsPerMinute: 1_000_000, active: 1_000 };
    attacker = await newUser(em, { plan: "DEGEN", limits });
    victim = await newUser(em, { plan: "DEGEN", limits });
    attackerIds = await resources(attacker, "Attacker", "0x1111111111111111111111111111111111111111");
    victimIds = await resources(victim, "VictimOnlyName", "0x2222222222222222222222222222222222222222");
    await victim.put("/webhook", { enabled: true, url: "http://127.0.0.1:9/victim-only-hook" });
    victimMarks = [
      victim.userId,
      victim.key!,
      "VictimOnlyName",
      "victim-only-hook",
      "0x2222222222222222222222222222222222222222",
      ...Object.values(victimIds),
    ];
  });

  const resources = (u: Api & { userId: string }, name: string, developer: string) =>
    ownedResources(em, u, {
      name,
      developer,
      alias: `${name}-alias`,
      tokenAddress: addr(`${name.slice(0, 6)}7`),
    });

  /** A path parameter: the caller's own resource, the victim's, or anything else, sent verbatim. */
  const pathParam = fc.oneof(
    fc.constantFrom<"own" | "victim">("own", "victim"),
    fc.uuid().map((raw) => ({ raw })),
    fc.string({ maxLength: 40 }).map((raw) => ({ raw: encodeURIComponent(raw) })),
    fc
      .constantFrom("%ZZ", "%", "%E0%A4%A", "..", "%2F..%2F", "x".repeat(1_500), "0x", "-1", "null")
      .map((raw) => ({ raw })),
  );

  const query = fc.array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom(
          "page",
          "pageSize",
          "limit",
          "cursor",
          "address",
          "datetime",
          "strategyId",
          "range",
          "source",
          "view",
          "isActive",
          "token",
          "sortBy",
          "sortDir",
          "matched",
          "failedGroupIds",
          "from",
          "to",
          "__proto__",
          "constructor",
        ),
        fc.string({ minLength: 1, maxLength: 10 }),
      ),
      fc.oneof(
        fc.string({ maxLength: 20 }),
        fc.constantFrom(
          "1",
          "0",
          "-1",
          "100000000000",
          "true",
          "%",
          "%%%%%%%%%%%%a",
          "2026-11-31",
          "daily",
          "all",
        ),
        fc.uuid(),
      ),
    ),
    { maxLength: 4 },
  );

  const RAW_BODIES = ['{"a":', "not json", '{"__proto__":{"x":1}}', "[]", "null", ""];
  /** undefined: no body; "__base__": the route's valid body; a raw text; or JSON of a value. */
  const body = fc.oneof(
    fc.constant(undefined),
    fc.constant("__base__"),
    fc.constantFrom(...RAW_BODIES),
    fc.jsonValue({ maxDepth: 3 }).map((v) => ({ json: v })),
    fc
      .dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 })
      .map((v) => ({ json: v })),
  );

  const visible = fc.string({
    maxLength: 30,
    unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)),
  });
  type Auth =
    | "x-api-key"
    | "authorization"
    | "both"
    | "none"
    | "garbage"
    | "svc"
    | "conflict"
    | "lowercase-scheme";
  const auth = fc.constantFrom<Auth>(
    "x-api-key",
    "authorization",
    "both",
    "none",
    "garbage",
    "svc",
    "conflict",
    "lowercase-scheme",
  );

  function headersFor(a: Auth, junk: string): Record<string, string> {
    const key = attacker.key!;
    switch (a) {
      case "x-api-key":
        return { "x-api-key": key };
      case "authorization":
        return { authorization: `ApiKey ${key}` };
      case "lowercase-scheme":
        return { authorization: `apikey ${key}` };
      case "both":
        return { "x-api-key": key, authorization: `ApiKey ${key}` };
      case "none":
        return {};
      case "garbage":
        return { "x-api-key": junk, authorization: `Bearer ${junk}` };
      case "svc":
        return { "x-svc-api-key": key };
      case "conflict":
        return { "x-api-key": key, authorization: `ApiKey ${junk}x` };
    }
  }

  it("never answers 5xx, shapes every 4xx like the service's errors and never shows another user's data", async () => {
    const followedByAttacker = new Set<string>();
    const route = fc.constantFrom(...API_ROUTES);
    await fc.assert(
      fc.asyncProperty(
        route,
        pathParam,
        query,
        body,
        auth,
        visible,
        fc.constantFrom(
          "application/json",
          "text/plain",
          "application/json; charset=utf-8",
          "application/x-www-form-urlencoded",
        ),
        async (r: ApiRoute, param, pairs, b, a, junk, contentType) => {
          const values = param === "victim" ? victimIds : attackerIds;
          const path = r.path.replace(/:([A-Za-z]+)/g, (_m, name: string) =>
            typeof param === "object" ? param.raw : encodeURIComponent(values[name] ?? ""),
          );
          const qs = new URLSearchParams(pairs).toString();
          const url = `${path}${qs ? (path.includes("?") ? "&" : "?") + qs : ""}`;
          const payload =
            b === undefined || r.method === "GET" // fetch cannot send a GET body; GET bodies are ignored anyway
              ? undefined
              : b === "__base__"
                ? JSON.stringify(concreteBody(r, values) ?? {})
                : typeof b === "string"
                  ? b
                  : JSON.stringify(b.json);
          const headers: Record<string, string> = headersFor(a, junk);
          if (payload !== undefined) headers["content-type"] = contentType;
          const res = await fetch(em.baseUrl + url, { method: r.method, headers, body: payload });
          const text = await res.text();
          expect(res.status, `${r.method} ${url} → ${text}`).toBeLessThan(500);
          if (res.status >= 400) {
            const parsed = JSON.parse(text);
            expect(parsed).toMatchObject({
              statusCode: res.status,
              message: expect.any(String),
              error: expect.any(String),
            });
            expect(parsed.message.length).toBeGreaterThan(0);
            expect(parsed).not.toHaveProperty("code");
          }
          // An id the request itself carried may be echoed (`Strategy <id> not found`). A wallet address is
          // no one's own: once a request followed the victim's developer for the attacker's account,
          // the attacker's list holds it. Anything else is a leak.
          const sent = `${url} ${payload ?? ""}`;
          if (r.path.startsWith("/devs/"))
            for (const mark of victimMarks) if (sent.includes(mark)) followedByAttacker.add(mark);
          for (const mark of victimMarks.filter((m) => !sent.includes(m) && !followedByAttacker.has(m))) {
            expect(text, `${r.method} ${url} leaked ${mark}`).not.toContain(mark);
          }
        },
      ),
      { numRuns: 400 },
    );
  }, 120_000);
});
