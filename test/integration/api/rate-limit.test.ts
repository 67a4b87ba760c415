import { afterEach, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../../emulator/server";
import type { WaitEvent } from "../../../provider/api/rate-limiter";
import { controlOk } from "../../support/emulator";
import { emulatorClients } from "./helpers";

interface JournalEntry {
  method: string;
  route: string | null;
  status: number | null;
  userId: string | null;
}

/**
 * One time line for the client and the emulator: the client's `sleep` advances both its own
 * `now` and the emulator clock (control plane), so a one-minute rate-limit wait takes
 * milliseconds and both sides agree on when the window frees.
 */
function sharedFakeTime(em: RunningEmulator) {
  let offsetMs = 0;
  const slept: number[] = [];
  return {
    slept,
    now: () => Date.now() + offsetMs,
    sleep: async (ms: number) => {
      slept.push(ms);
      offsetMs += ms;
      await controlOk(em, "POST", "/clock", { advanceMinutes: ms / 60_000 });
    },
  };
}

async function journalOf(em: RunningEmulator, userId: string): Promise<JournalEntry[]> {
  const { requests } = await controlOk<{ requests: JournalEntry[] }>(em, "GET", "/requests");
  return requests.filter((r) => r.userId === userId);
}

// service-api.md#rate-limit (429, requests per minute): on a 429 the client waits, then retries.
describe("client rate limiting against the emulator's real 429s", () => {
  const clients = emulatorClients();
  afterEach(() => clients.closeAll());

  async function slowUser() {
    const time = sharedFakeTime(clients.em);
    const waits: WaitEvent[] = [];
    const user = await clients.user({
      limits: { requestsPerMinute: 5 },
      client: { now: time.now, sleep: time.sleep, onWait: (e) => waits.push(e) },
    });
    return { ...user, time, waits };
  }

  it("a client that does not know the plan's rate waits out 429s and every call succeeds", async () => {
    const { client, userId, time, waits } = await slowUser();
    const results = [];
    for (let i = 0; i < 12; i++) results.push(await client.strategies.list());
    expect(results).toHaveLength(12);
    expect(results.every((r) => r.activeCount === 0)).toBe(true);

    const journal = await journalOf(clients.em, userId);
    const statuses = journal.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(12);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    // The client waited as the service's Retry-After asked, instead of failing.
    expect(waits.some((w) => w.reason === "retry-after")).toBe(true);
    expect(time.slept.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(60_000);
  });

  it("parallel calls beyond the rate all succeed, each applied once", async () => {
    const { client, userId } = await slowUser();
    const names = Array.from({ length: 8 }, (_, i) => `parallel ${i}`);
    const created = await Promise.all(
      names.map((name) =>
        client.strategies.create({
          name,
          triggers: ["new_token_created"],
          rules: [{ rule: "is_honeypot", dealbreaker: true, enabled: true }],
          isActive: false,
        }),
      ),
    );
    expect(created.map((s) => s.name)).toEqual(names);
    const listed = (await client.strategies.list()).strategies.map((s) => s.name);
    expect(listed.sort()).toEqual([...names].sort());
    const journal = await journalOf(clients.em, userId);
    expect(journal.filter((r) => r.method === "POST" && r.status === 201)).toHaveLength(8);
    expect(journal.some((r) => r.status === 429)).toBe(true);
  });

  it("after GET /me the client paces itself to the plan: it waits on its own window and every call succeeds", async () => {
    const { client, userId, waits } = await slowUser();
    const me = await client.account.me();
    expect(me.limits.rateLimit.requestsPerMinute).toBe(5);
    expect(client.rateLimiter.requestsPerMinute).toBe(5);
    for (let i = 0; i < 11; i++) await client.strategies.list();

    const journal = await journalOf(clients.em, userId);
    expect(journal.filter((r) => r.status === 200)).toHaveLength(12);
    const windowWaits = waits.filter((w) => w.reason === "rate-limit-window" && w.waitMs > 1_000);
    expect(windowWaits).toHaveLength(2);
    // Regression: the client stamped a request when sent, the service when it arrives, so at
    // each window boundary the service still counted the oldest request and answered 429. The
    // client's window now carries an arrival margin: pacing alone keeps it under the limit.
    expect(journal.filter((r) => r.status === 429)).toEqual([]);
  });
});
