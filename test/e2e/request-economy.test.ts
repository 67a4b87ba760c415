import { describe, expect, inject, it } from "vitest";
import type { JournalEntry } from "./emulator-fixture";
import { machineFile } from "./machine-fixture";
import { allText, portfolio } from "./portfolio-program";

/** Requests of one account as `METHOD route`, counted. */
function counts(entries: JournalEntry[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const e of entries) {
    const key = `${e.method} ${e.route}`;
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
}

const reads = (c: Record<string, number>) =>
  Object.entries(c)
    .filter(([k]) => k.startsWith("GET "))
    .reduce((sum, [, v]) => sum + v, 0);

const withoutReads = (c: Record<string, number>) =>
  Object.fromEntries(Object.entries(c).filter(([k]) => !k.startsWith("GET ")));

const DEV = "0x52908400098527886e0f7030069857d2e4169ee7";

describe.runIf(inject("pulumiBinDir"))("request economy: what each command costs", () => {
  const machine = machineFile();
  const { project } = machine;

  async function journalOf(userId: string, run: () => Promise<unknown>): Promise<Record<string, number>> {
    const before = (await machine.emulator.journal(userId)).length;
    await run();
    return counts((await machine.emulator.journal(userId)).slice(before));
  }

  it("costs what docs/request-costs.md says: one write per changed resource and at most 2 reads per command", async () => {
    const user = await machine.emulator.user("PRO", { requestsPerMinute: 10_000 });
    const n = 5;
    const p = await project("costs", portfolio(n, 1000), user.apiKey);

    const up = await journalOf(user.userId, () => p.up());
    expect(up["POST /strategies"]).toBe(n);
    expect(up["POST /strategies/:id/activate"]).toBe(n);
    expect(reads(up)).toBeLessThanOrEqual(2);

    const preview = await journalOf(user.userId, () => p.preview());
    expect(Object.keys(preview).every((k) => k.startsWith("GET "))).toBe(true);
    expect(reads(preview)).toBeLessThanOrEqual(2);

    // The key's account (each resource checks the account it records), then the one list.
    const refresh = await journalOf(user.userId, () => p.refresh());
    expect(refresh).toEqual({ "GET /me": 1, "GET /strategies": 1 });

    // Changing one rule in every strategy: N PATCHes, no read-back per strategy.
    await p.writeProgram(portfolio(n, 2000));
    const change = await journalOf(user.userId, () => p.up());
    expect(change["PATCH /strategies/:id"]).toBe(n);
    expect(change["GET /strategies/:id"]).toBeUndefined();
    expect(reads(change)).toBeLessThanOrEqual(3);
    expect(Object.values(change).reduce((a, b) => a + b, 0)).toBe(n + reads(change));
    // The outputs follow from the PATCH answers: the rules as declared, the service's time of the change.
    const state = JSON.parse(await p.exportState());
    const recorded = state.deployment.resources.filter((r: { type: string }) => r.type.endsWith(":Strategy"));
    const live = new Map((await user.client.strategies.list()).strategies.map((s) => [s.id, s]));
    expect(recorded).toHaveLength(n);
    for (const r of recorded) {
      const s = live.get(r.outputs.strategyId);
      const declaredMin = r.outputs.rules.find((x: { rule: string }) => x.rule === "liquidity_usd")?.min;
      expect(declaredMin).toBeGreaterThanOrEqual(2000);
      expect(s?.dealbreakers.find((d) => d.ruleType === "liquidity_usd")?.value).toBe(declaredMin);
      expect(r.outputs.updatedAt).toBe(s?.updatedAt);
      expect(r.outputs).not.toHaveProperty("dealbreakers");
    }

    const destroy = await journalOf(user.userId, () => p.destroy());
    expect(destroy["DELETE /strategies/:id"]).toBe(n);
    expect(destroy["POST /strategies/:id/deactivate"]).toBe(n);
    expect(reads(destroy)).toBeLessThanOrEqual(2);
  });

  it("costs one write per changed FollowedDeveloper, DeveloperTags and Webhook, and one listing for their refresh", async () => {
    const user = await machine.emulator.user("PRO", { requestsPerMinute: 10_000 });
    const tags = (await user.client.devs.tags()).tags.map((t) => t.id);
    // Nothing listens there: the webhook is saved unverified, which requireVerified: false accepts.
    const program = (
      alias: string,
      tagIds: string[],
      enabled: boolean,
    ) => `import * as sa from "pulumi-strategy-alerts";
const dev = new sa.FollowedDeveloper("dev", { address: "${DEV}", alias: "${alias}" });
new sa.DeveloperTags("tags", { address: dev.address, tagIds: ${JSON.stringify(tagIds)} });
new sa.Webhook("hook", { url: "http://127.0.0.1:9/hook", enabled: ${enabled}, requireVerified: false });
`;
    const p = await project("developers", program("alpha", [tags[0]!], true), user.apiKey);

    const up = await journalOf(user.userId, () => p.up());
    expect(withoutReads(up)).toEqual({
      "POST /devs/:address/add": 1,
      "PUT /devs/:address/tags": 1,
      "PUT /webhook": 1,
    });
    // The plan's rate (GET /me), and what lets a create adopt what the account already holds
    // without a write: the one developer listing (which carries the tags) and the webhook; and
    // the account's developer tags, once, which a new tag set's ids must be among.
    expect(reads(up)).toBeLessThanOrEqual(4);
    expect(up["GET /devs/tags"]).toBe(1);
    expect(up["GET /devs/:address/tags"]).toBeUndefined();

    await p.writeProgram(program("beta", [tags[0]!, tags[1]!], false));
    const change = await journalOf(user.userId, () => p.up());
    expect(withoutReads(change)).toEqual({
      "PUT /devs/:address/update": 1,
      "PUT /devs/:address/tags": 1,
      "PUT /webhook": 1,
    });
    expect(reads(change)).toBeLessThanOrEqual(3);

    const refresh = await journalOf(user.userId, () => p.refresh());
    expect(refresh).toEqual({ "GET /me": 1, "GET /devs/my": 1, "GET /webhook": 1 });

    const destroy = await journalOf(user.userId, () => p.destroy());
    // No PUT /webhook: this resource never saw its url verified, so nothing proves the webhook
    // still is the one it wrote (another writer may have set the same url again), and its delete
    // leaves it, saying so (docs/resources.md).
    expect(withoutReads(destroy)).toEqual({
      "PUT /devs/:address/update": 1,
      "PUT /devs/:address/tags": 1,
    });
    // The account (GET /me), and what tells each delete that the object is still what the stack
    // wrote, so it never clears another stack's: the developer listing (with the tags) and the webhook.
    expect(reads(destroy)).toBeLessThanOrEqual(3);
  });

  it("honours a 429 that still comes (another machine used the key) and says what it waits for", async () => {
    const user = await machine.emulator.user("PRO", { requestsPerMinute: 10_000 });
    const p = await project("foreign-429", portfolio(1, 1000, "f"), user.apiKey);
    await machine.emulator.control("POST", "/faults", {
      method: "POST",
      path: "/strategies",
      status: 429,
      retryAfterSeconds: 3,
      count: 1,
    });
    const up = await p.up();
    await machine.emulator.control("DELETE", "/faults");
    expect(up.changes.create).toBe(4); // with the stack's account pin
    expect(allText(up)).toMatch(
      /strategy-alerts: waiting 3s before POST \/strategies: the service answered 429 \(rate limit exceeded\) and asked to retry after 3s/,
    );
    await p.destroy();
  });
});
