import { describe, expect, it } from "vitest";
import { VARIANT_NAMES, type VariantName } from "../../../emulator/variants/catalog";
import {
  BadRequestError,
  ForbiddenError,
  NotFoundError,
  serviceMessageOf,
} from "../../../provider/api/errors";
import { parseRateLimitHeaders } from "../../../provider/api/rate-limit-headers";
import { RateLimiter, type WaitEvent } from "../../../provider/api/rate-limiter";
import { control, controlOk } from "../../support/emulator";
import {
  type ClientFactory,
  echoAndFailingReceivers,
  emulatorClients,
  rejectionOf,
  strategyInput,
} from "./helpers";
import { clientTour } from "./variant-tour";

/**
 * The typed client under every variant reading of what the spec leaves open: every endpoint
 * parses (unknown fields kept, omitted ones tolerated), and where a variant tells more or
 * words things differently the client uses it.
 */

async function tour(clients: ClientFactory) {
  const user = await clients.user({ limits: { requestsPerMinute: 10_000 } });
  return clientTour(clients.em, user.client, user.userId);
}

for (const variant of VARIANT_NAMES) {
  describe(`client tour under ${variant}`, () => {
    const clients = emulatorClients({ variants: [variant] });
    it("parses the answer of every endpoint", async () => {
      const r = await tour(clients);
      expect(r.me.limits.rateLimit.requestsPerMinute).toBe(10_000);
      expect(r.list.strategies.map((s) => s.name).sort()).toEqual(["Tour first", "Tour second"]);
      expect(r.deleted.success).toBe(true);
    });
  });
}

describe("client tour under every variant combined", () => {
  const clients = emulatorClients({ variants: VARIANT_NAMES });
  it("parses every answer, keeping unknown fields and tolerating omitted ones", async () => {
    const r = await tour(clients);
    expect((r.me as Record<string, unknown>).xUnknownNote).toEqual(expect.any(String));
    expect(r.added).toEqual(expect.objectContaining({ xUnknownNote: expect.any(String) }));
    expect(r.updated).toEqual({});
    expect(r.devs.developers[0]).not.toHaveProperty("alias");
    expect(r.list.strategies[0]!.name).toBe("Tour second");
    expect(r.evaluations.items[0]).not.toHaveProperty("debugTrail");
  });
});

describe("client under devs-empty-bodies", () => {
  const clients = emulatorClients({ variants: ["devs-empty-bodies"] });
  it("resolves add, update and tags to an empty confirmation, whether {} or no body", async () => {
    const { client } = await clients.user();
    const address = "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU";
    expect(await client.devs.add(address, { alias: "a" })).toEqual({});
    expect(await client.devs.update(address, { alias: "b" })).toEqual({});
    expect(await client.devs.setTags(address, [])).toEqual({});
    expect((await client.devs.list()).developers[0]).toMatchObject({ address, alias: "b" });
  });
});

describe("client under error-layout", () => {
  const clients = emulatorClients({ variants: ["error-layout", "length-limits"] });

  it("surfaces each problem of either 400 layout with its path", async () => {
    const { client } = await clients.user();
    const rules = Array.from({ length: 31 }, (_, i) => ({
      rule: "liquidity_usd" as const,
      dealbreaker: false,
      min: i,
    }));
    const bad = await rejectionOf(client.strategies.create(strategyInput({ name: "n".repeat(65), rules })));
    expect(bad).toBeInstanceOf(BadRequestError);
    expect((bad as BadRequestError).serviceMessage).toBe(
      "Validation failed: name: must be at most 64 characters long; rules: must contain at most 30 elements",
    );
    expect(bad.message).toContain("name: must be at most 64 characters long");
    const query = await rejectionOf(client.evaluations.list({ pageSize: 500 }));
    expect(query).toBeInstanceOf(BadRequestError);
    expect((query as BadRequestError).serviceMessage).toMatch(/^query\.pageSize/);
  });

  it("keeps the status classes whatever the 403 and 404 texts say", async () => {
    const { client } = await clients.user({ limits: { active: 0 } });
    expect(await rejectionOf(client.strategies.get("00000000-0000-4000-8000-000000000000"))).toBeInstanceOf(
      NotFoundError,
    );
    const refused = await rejectionOf(client.strategies.create(strategyInput({ isActive: true })));
    expect(refused).toBeInstanceOf(ForbiddenError);
    expect(refused.message).toContain("Forbidden resource: Active strategy limit reached");
  });
});

describe("serviceMessageOf", () => {
  it("reads the spec's layout, a message array, and errors or issues lists without repeating itself", () => {
    expect(serviceMessageOf({ statusCode: 400, message: "name: too long", error: "Bad Request" })).toBe(
      "name: too long",
    );
    expect(serviceMessageOf({ message: ["name too long", "rules[0] unknown"] })).toBe(
      "name too long; rules[0] unknown",
    );
    expect(
      serviceMessageOf({ message: "Validation failed", errors: [{ path: "name", message: "too long" }] }),
    ).toBe("Validation failed: name: too long");
    expect(serviceMessageOf({ errors: [{ field: "rules[2]", message: "unknown rule" }, "plain"] })).toBe(
      "rules[2]: unknown rule; plain",
    );
    expect(
      serviceMessageOf({
        message: "rules[0].rule: unknown",
        issues: [{ path: "rules[0].rule", message: "rules[0].rule: unknown" }],
      }),
    ).toBe("rules[0].rule: unknown");
    expect(serviceMessageOf("gateway says no")).toBe("gateway says no");
    expect(serviceMessageOf(undefined)).toBe("");
  });
});

describe("parseRateLimitHeaders", () => {
  it("reads Reset as a delay, or as a Unix time when it is one, and ignores partial or invalid headers", () => {
    const now = Date.parse("2030-01-10T12:00:00Z");
    expect(
      parseRateLimitHeaders(
        { "x-ratelimit-remaining": "4", "x-ratelimit-reset": "30", "x-ratelimit-limit": "60" },
        now,
      ),
    ).toEqual({
      remaining: 4,
      resetMs: 30_000,
      limit: 60,
    });
    expect(
      parseRateLimitHeaders(
        { "x-ratelimit-remaining": "0", "x-ratelimit-reset": String(now / 1000 + 12) },
        now,
      ),
    ).toEqual({
      remaining: 0,
      resetMs: 12_000,
    });
    expect(parseRateLimitHeaders({ "x-ratelimit-remaining": "4" }, now)).toBeUndefined();
    expect(
      parseRateLimitHeaders({ "x-ratelimit-remaining": "x", "x-ratelimit-reset": "3" }, now),
    ).toBeUndefined();
  });
});

/**
 * A client on a simulated clock: its waits advance the emulator's clock instead of passing,
 * so a minute of rate limit costs no real minute.
 */
function simulatedClient(clients: ClientFactory, apiKey: string, waits: WaitEvent[]) {
  let offset = 0;
  const now = () => Date.now() + offset;
  const sleep = async (ms: number) => {
    offset += ms;
    await controlOk(clients.em, "POST", "/clock", { advanceMinutes: ms / 60_000 });
  };
  return clients.client(apiKey, {
    now,
    sleep,
    rateLimiter: new RateLimiter({ now, sleep }),
    onWait: (e) => waits.push(e),
  });
}

async function statusesOf(clients: ClientFactory, userId: string): Promise<number[]> {
  const res = await control<{ requests: { userId: string | null; status: number | null }[] }>(
    clients.em,
    "GET",
    "/requests",
  );
  return res.body.requests.filter((r) => r.userId === userId).map((r) => r.status ?? 0);
}

async function spendBudget(clients: ClientFactory, apiKey: string, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const res = await fetch(`${clients.em.baseUrl}/me`, { headers: { "x-api-key": apiKey } });
    await res.arrayBuffer();
  }
}

function rateSuite(
  variants: VariantName[],
  title: string,
  check: (statuses: number[], waits: WaitEvent[]) => void,
) {
  describe(title, () => {
    const clients = emulatorClients({ variants });
    it("completes every call while another client of the key spends the budget", async () => {
      const user = await clients.user({ limits: { requestsPerMinute: 3 } });
      await controlOk(clients.em, "POST", "/clock", { now: "2030-01-10T12:00:10.000Z" });
      await spendBudget(clients, user.apiKey, 2);
      const waits: WaitEvent[] = [];
      const client = simulatedClient(clients, user.apiKey, waits);
      for (let i = 0; i < 3; i++) expect((await client.account.me()).plan).toBe("PRO");
      check(await statusesOf(clients, user.userId), waits);
    });
  });
}

rateSuite(
  ["rate-window-fixed", "ratelimit-headers"],
  "client under ratelimit-headers and a fixed window",
  (statuses, waits) => {
    // The first answer said 0 remaining, so the client held until the reset: no 429 at all.
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    expect(waits.map((w) => w.reason)).toEqual(["rate-limit-window"]);
    expect(waits[0]!.waitMs).toBeGreaterThan(49_000);
    expect(waits[0]!.waitMs).toBeLessThanOrEqual(50_000);
    expect(waits[0]!.requestsPerMinute).toBe(3);
  },
);

rateSuite(
  ["rate-window-fixed", "no-retry-after"],
  "client under no-retry-after and a fixed window",
  (statuses, waits) => {
    // Without headers a client cannot know another one spent the budget: one 429, then a wait
    // until its own oldest send left the window (which a fixed window has reset by then).
    expect(statuses).toEqual([200, 200, 200, 429, 200, 200]);
    expect(waits.map((w) => w.reason)).toEqual(["rate-limited"]);
  },
);

describe("client under webhook-verify-async", () => {
  const clients = emulatorClients({ variants: ["webhook-verify-async"] });
  const { echo, failing } = echoAndFailingReceivers();

  it("waits, with a growing pause, until the service verified the url", async () => {
    const { client } = await clients.user();
    const put = await client.webhook.put({ enabled: true, url: echo.url });
    expect(put.verifiedAt).toBeNull();
    expect(put.verificationError).toBeNull();
    const pauses: number[] = [];
    const outcome = await client.webhook.waitUntilVerified(echo.url, {
      firstDelayMs: 500,
      sleep: (ms) => {
        pauses.push(ms);
        return new Promise((r) => setTimeout(r, ms));
      },
    });
    expect(outcome.verified).toBe(true);
    expect(outcome.webhook.verifiedAt).toEqual(expect.any(String));
    expect(pauses.slice(0, 3)).toEqual([500, 1000, 2000]);
  });

  it("gives up after its bound when the service never verifies, saying how long it waited", async () => {
    const { client } = await clients.user();
    await client.webhook.put({ enabled: true, url: failing.url });
    const outcome = await client.webhook.waitUntilVerified(failing.url, {
      timeoutMs: 5_000,
      firstDelayMs: 1_000,
      sleep: () => Promise.resolve(),
    });
    expect(outcome).toMatchObject({ verified: false, urlChanged: false, waitedMs: 5_000, reads: 3 });
  });
});

describe("the wait after a 429 without Retry-After", () => {
  it("waits for the header's reset, else for the oldest send to age out, but at least 1 s doubling per 429 in a row", async () => {
    let t = 1_000_000;
    const sleep = async (ms: number) => {
      t += ms;
    };
    const limiter = new RateLimiter({ now: () => t, sleep });
    await limiter.acquire();
    t += 59_900;
    expect(limiter.pauseAfter429(undefined, undefined, 1)).toBe(1_000);
    expect(limiter.pauseAfter429(undefined, undefined, 3)).toBe(4_000);
    expect(limiter.pauseAfter429(undefined, undefined, 10)).toBe(60_000);
    expect(limiter.pauseAfter429(undefined, 12_000, 3)).toBe(12_000);
    expect(limiter.pauseAfter429(2_000, 12_000, 3)).toBe(2_000);
  });
});
