import { afterEach, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../../emulator/server";
import {
  AmbiguousWriteError,
  ConnectionError,
  NotFoundError,
  ServerError,
} from "../../../provider/api/errors";
import type { WaitEvent } from "../../../provider/api/rate-limiter";
import { controlOk } from "../../support/emulator";
import { fakeClock } from "../../support/fake-clock";
import { emulatorClients, expectKeyAbsent, rejectionOf, strategyInput } from "./helpers";

interface JournalEntry {
  method: string;
  route: string | null;
  status: number | null;
  userId: string | null;
  fault?: string;
}

/**
 * `METHOD route status` of every API request since the last journal reset, in arrival order
 * (status null: the connection was dropped). Injected faults fire before authentication, so
 * their entries carry no user; each test starts with an empty journal instead.
 */
async function trail(em: RunningEmulator): Promise<string[]> {
  const { requests } = await controlOk<{ requests: JournalEntry[] }>(em, "GET", "/requests");
  return requests.map((r) => `${r.method} ${r.route} ${r.status}`);
}

// Fault injection through the control plane against the client's write-safety table
// (provider/api/retry.ts): what is retried, what becomes AmbiguousWriteError, and what the state is.
describe("client retries and ambiguous writes against injected faults", () => {
  const clients = emulatorClients();
  afterEach(async () => {
    await controlOk(clients.em, "DELETE", "/faults");
    await controlOk(clients.em, "DELETE", "/requests");
    await clients.closeAll();
  });

  /**
   * A user whose client waits on fake time (a sleep moves its clock instead of waiting) and
   * records every wait. The journal is emptied once the user exists. With `clock`, the client's
   * time is that clock alone: it moves only when the client sleeps, never with the machine's load
   * (without it, the machine's time plus what the client slept, for the tests that compare the
   * client's times with the emulator's).
   */
  async function user(clock?: ReturnType<typeof fakeClock>) {
    const waits: WaitEvent[] = [];
    let offsetMs = 0;
    const time = clock ?? {
      now: () => Date.now() + offsetMs,
      sleep: async (ms: number) => {
        offsetMs += ms;
      },
    };
    const u = await clients.user({
      client: {
        now: time.now,
        sleep: time.sleep,
        random: () => 0,
        onWait: (e) => waits.push(e),
        // Fake time stays out of the machine-wide window file.
        shareRateWindow: false,
      },
    });
    await controlOk(clients.em, "DELETE", "/requests");
    return { ...u, waits };
  }

  const fault = (spec: Record<string, unknown>) => controlOk(clients.em, "POST", "/faults", spec);

  it("a 503 on a GET is retried with backoff until it succeeds", async () => {
    const { client, waits } = await user();
    await fault({ method: "GET", path: "/strategies", status: 503, count: 2 });
    expect(await client.strategies.list()).toEqual({ strategies: [], activeCount: 0 });
    expect(await trail(clients.em)).toEqual([
      "GET /strategies 503",
      "GET /strategies 503",
      "GET /strategies 200",
    ]);
    expect(waits.filter((w) => w.reason === "retry-backoff")).toHaveLength(2);
  });

  it("a GET failing on every attempt throws ServerError after the retry budget", async () => {
    const { client, apiKey } = await user();
    await fault({ method: "GET", path: "/me", status: 503 });
    const error = await rejectionOf(client.account.me());
    expect(error).toBeInstanceOf(ServerError);
    expect((error as ServerError).attempts).toBe(4);
    expect((error as ServerError).serviceMessage).toBe("Injected fault: HTTP 503 Service Unavailable");
    expect(await trail(clients.em)).toEqual(Array(4).fill("GET /me 503"));
    expectKeyAbsent(error, apiKey);
  });

  it("POST /strategies whose connection drops after commit is AmbiguousWriteError, and the strategy exists once", async () => {
    const { client, apiKey } = await user();
    await fault({ method: "POST", path: "/strategies", drop: "after-commit", count: 1 });
    const before = new Date(Date.now() - 1000).toISOString();
    const error = await rejectionOf(client.strategies.create(strategyInput({ name: "ambiguous" })));

    expect(error).toBeInstanceOf(AmbiguousWriteError);
    const ambiguous = error as AmbiguousWriteError;
    expect(ambiguous.method).toBe("POST");
    expect(ambiguous.route).toBe("/strategies");
    expect(ambiguous.requestSentAt >= before).toBe(true);
    expect(ambiguous.readBack).toContain("GET /strategies");
    expect(ambiguous.cause).toBeInstanceOf(ConnectionError);
    expect((ambiguous.cause as ConnectionError).requestSent).toBe(true);
    expectKeyAbsent(error, apiKey);

    // Not retried: it was applied exactly once, and reading back finds it.
    const { strategies } = await client.strategies.list();
    expect(strategies.filter((s) => s.name === "ambiguous")).toHaveLength(1);
    expect(strategies[0]!.createdAt >= ambiguous.requestSentAt.slice(0, 19)).toBe(true);
    expect(await trail(clients.em)).toEqual(["POST /strategies null", "GET /strategies 200"]);
  });

  it("POST /strategies answered 503 (not applied) is AmbiguousWriteError too, and nothing was stored", async () => {
    const { client } = await user();
    await fault({ method: "POST", path: "/strategies", status: 503, count: 1 });
    const error = await rejectionOf(client.strategies.create(strategyInput()));
    expect(error).toBeInstanceOf(AmbiguousWriteError);
    expect((error as AmbiguousWriteError).cause).toBeInstanceOf(ServerError);
    expect((await client.strategies.list()).strategies).toEqual([]);
    expect(await trail(clients.em)).toEqual(["POST /strategies 503", "GET /strategies 200"]);
  });

  it("POST /strategies answered 429 is waited out and sent again: created exactly once", async () => {
    // The client's clock moves only when it sleeps: the wait it announces and the one it sleeps
    // are the Retry-After's 2 s exactly, however long the machine takes between the answer and
    // the next send.
    const clock = fakeClock();
    const { client, waits } = await user(clock);
    await fault({ method: "POST", path: "/strategies", status: 429, retryAfterSeconds: 2, count: 1 });
    const created = await client.strategies.create(strategyInput({ name: "after 429" }));
    expect(created.name).toBe("after 429");
    expect(waits.map((w) => [w.reason, w.waitMs])).toEqual([["retry-after", 2000]]);
    expect(clock.sleeps).toEqual([2000]);
    expect(await trail(clients.em)).toEqual(["POST /strategies 429", "POST /strategies 201"]);
    expect((await client.strategies.list()).strategies.map((s) => s.id)).toEqual([created.id]);
  });

  it("a PATCH whose connection drops before it is handled is retried and applied", async () => {
    const { client } = await user();
    const { id } = await client.strategies.create(strategyInput());
    await fault({ method: "PATCH", path: "/strategies/:id", drop: "before", count: 1 });
    const updated = await client.strategies.update(id, { name: "patched", alertCooldownMins: 30 });
    expect(updated).toMatchObject({ id, name: "patched", alertCooldownMins: 30 });
    expect(await client.strategies.get(id)).toMatchObject({ name: "patched", alertCooldownMins: 30 });
    expect(await trail(clients.em)).toEqual([
      "POST /strategies 201",
      "PATCH /strategies/:id null",
      "PATCH /strategies/:id 200",
      "GET /strategies/:id 200",
    ]);
  });

  it("a PATCH whose answer is lost after commit is retried and reaches the same state", async () => {
    const { client } = await user();
    const { id } = await client.strategies.create(strategyInput());
    const rules = [{ rule: "market_cap" as const, dealbreaker: false, min: 1000 }];
    await fault({ method: "PATCH", path: "/strategies/:id", drop: "after-commit", count: 1 });
    await client.strategies.update(id, { rules });
    const read = await client.strategies.get(id);
    expect(read.dealbreakers).toEqual([]);
    expect(read.ruleGroups.flatMap((g) => g.rules).map((r) => r.ruleType)).toEqual(["market_cap"]);
  });

  it("activate whose connection drops is retried; the repeat is a no-op", async () => {
    const { client } = await user();
    const { id } = await client.strategies.create(strategyInput());
    await fault({ method: "POST", path: "/strategies/:id/activate", drop: "after-commit", count: 1 });
    expect(await client.strategies.activate(id)).toEqual({ id, isActive: true });
    expect((await client.strategies.list()).activeCount).toBe(1);
  });

  it("a DELETE whose answer is lost after commit is retried, and the repeat answers NotFoundError", async () => {
    const { client } = await user();
    const { id } = await client.strategies.create(strategyInput());
    await fault({ method: "DELETE", path: "/strategies/:id", drop: "after-commit", count: 1 });
    const error = await rejectionOf(client.strategies.delete(id));
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).attempts).toBe(2);
    expect((await client.strategies.list()).strategies).toEqual([]);
  });

  it("PUT /devs/:address/tags dropped before handling is retried and applied", async () => {
    const { client } = await user();
    const address = "Dev1".padEnd(40, "x");
    await client.devs.add(address);
    const { tags } = await client.devs.tags();
    await fault({ method: "PUT", path: "/devs/:address/tags", drop: "before", count: 1 });
    await client.devs.setTags(address, [tags[0]!.id]);
    expect(await client.devs.getTags(address)).toEqual({ tagIds: [tags[0]!.id] });
  });
});
